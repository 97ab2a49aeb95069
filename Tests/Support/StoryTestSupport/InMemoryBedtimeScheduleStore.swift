import Foundation
import StoryDomain

/// Bedtime schedules and their evenings in memory, with the same conditional marks as the databases.
public actor InMemoryBedtimeScheduleStore: BedtimeScheduleStore {
    private var schedules: [BedtimeSchedule] = []
    private var evenings: [String: BedtimeEveningRecord] = [:]

    public init() {}

    private func key(_ scheduleID: String, _ evening: String) -> String { "\(scheduleID)/\(evening)" }

    public func schedules(of family: FamilyRef) async throws -> [BedtimeSchedule] {
        try await allSchedules().filter { $0.family == family }
    }

    /// Oldest first, as the databases order them.
    public func allSchedules() async throws -> [BedtimeSchedule] {
        schedules.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    public func add(_ schedule: BedtimeSchedule, limit: Int) async throws -> Bool {
        guard schedules.filter({ $0.family == schedule.family }).count < limit else { return false }
        schedules.append(schedule)
        return true
    }

    public func remove(_ scheduleID: String, family: FamilyRef) async throws -> Bool {
        guard let index = schedules.firstIndex(where: { $0.id == scheduleID && $0.family == family }) else { return false }
        schedules.remove(at: index)
        evenings = evenings.filter { $0.value.scheduleID != scheduleID }
        return true
    }

    /// Forgets a family's schedules, as forgetting its data does on the databases.
    public func forget(_ family: FamilyRef) {
        let ids = Set(schedules.filter { $0.family == family }.map(\.id))
        schedules.removeAll { ids.contains($0.id) }
        evenings = evenings.filter { !ids.contains($0.value.scheduleID) }
    }

    public func evening(_ scheduleID: String, evening: String) async throws -> BedtimeEveningRecord? {
        evenings[key(scheduleID, evening)]
    }

    public func claim(_ scheduleID: String, evening: String, by claimant: String, at date: Date, staleBefore: Date) async throws -> Bool {
        guard schedules.contains(where: { $0.id == scheduleID }) else { return false }
        let key = key(scheduleID, evening)
        guard var record = evenings[key] else {
            evenings[key] = BedtimeEveningRecord(scheduleID: scheduleID, evening: evening, claimedBy: claimant, claimedAt: date)
            return true
        }
        guard record.storyID == nil, record.postedAt == nil, record.skippedAt == nil,
              (record.claimedAt ?? .distantPast) < staleBefore else { return false }
        record.claimedBy = claimant
        record.claimedAt = date
        evenings[key] = record
        return true
    }

    public func markMade(_ scheduleID: String, evening: String, story: StoryID, by claimant: String) async throws -> Bool {
        let key = key(scheduleID, evening)
        guard var record = evenings[key], record.claimedBy == claimant, record.storyID == nil, record.postedAt == nil,
              record.skippedAt == nil else { return false }
        record.storyID = story
        evenings[key] = record
        return true
    }

    public func markPosted(_ scheduleID: String, evening: String, at date: Date) async throws -> Bool {
        let key = key(scheduleID, evening)
        guard var record = evenings[key], record.postedAt == nil, record.skippedAt == nil else { return false }
        record.postedAt = date
        evenings[key] = record
        return true
    }

    public func markSkipped(_ scheduleID: String, evening: String, reason: String, at date: Date) async throws -> Bool {
        guard schedules.contains(where: { $0.id == scheduleID }) else { return false }
        let key = key(scheduleID, evening)
        var record = evenings[key] ?? BedtimeEveningRecord(scheduleID: scheduleID, evening: evening)
        guard record.postedAt == nil, record.skippedAt == nil else { return false }
        record.skippedAt = date
        record.skipReason = reason
        evenings[key] = record
        return true
    }

    public func untoldSkips(of family: FamilyRef) async throws -> [BedtimeEveningRecord] {
        let ids = Set(schedules.filter { $0.family == family }.map(\.id))
        return evenings.values.filter { ids.contains($0.scheduleID) && $0.skippedAt != nil && $0.toldAt == nil }
            .sorted { ($0.evening, $0.scheduleID) < ($1.evening, $1.scheduleID) }
    }

    public func markTold(_ told: [BedtimeEveningRecord], at date: Date) async throws {
        for record in told {
            evenings[key(record.scheduleID, record.evening)]?.toldAt = date
        }
    }
}
