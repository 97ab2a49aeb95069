import Foundation

/// The family's bedtime schedules as its grown-ups set, list and turn them off (`/bedtime`),
/// on the ``BedtimeScheduleStore`` port, with the rules and clock injected.
public struct BedtimeScheduling: Sendable {
    public let store: any BedtimeScheduleStore
    public let rules: BedtimeScheduleRules
    public let timing: BedtimeTiming
    let clock: any WallClock

    public init(store: any BedtimeScheduleStore, rules: BedtimeScheduleRules = BedtimeScheduleRules(), timing: BedtimeTiming = BedtimeTiming(),
                clock: any WallClock) {
        self.store = store
        self.rules = rules
        self.timing = timing
        self.clock = clock
    }

    /// Keeps a new schedule set by `owner`, posting in `channelID`.
    /// - Throws: ``BedtimeScheduleError`` for a value that cannot be used, a repeat, or a full family.
    public func set(_ typed: BedtimeScheduleRules.Typed, family: FamilyRef, channelID: String, owner: Requester) async throws -> BedtimeSchedule {
        let schedule = try rules.schedule(typed, id: BedtimeSchedule.newID(), family: family, channelID: channelID, owner: owner, at: clock.now())
        try rules.checkRoom(for: schedule, among: try await store.schedules(of: family))
        // Counted again in the store's transaction: two grown-ups at once cannot pass the limit.
        guard try await store.add(schedule, limit: rules.maxSchedules) else { throw BedtimeScheduleError.tooMany(limit: rules.maxSchedules) }
        return schedule
    }

    /// The family's schedules, oldest first (their numbers in `/bedtime show`).
    public func schedules(of family: FamilyRef) async throws -> [BedtimeSchedule] {
        try await store.schedules(of: family)
    }

    /// Turns off the schedule `which` names (see ``BedtimeScheduleRules/chosen(_:among:)``), or `all`.
    /// - Returns: the schedules turned off.
    public func turnOff(_ which: String, family: FamilyRef) async throws -> [BedtimeSchedule] {
        let schedules = try await store.schedules(of: family)
        let all = ["all", "every", "everything"].contains(which.trimmingCharacters(in: .whitespaces).lowercased())
        let chosen = all && !schedules.isEmpty ? schedules : [try rules.chosen(which, among: schedules)]
        var removed: [BedtimeSchedule] = []
        for schedule in chosen where try await store.remove(schedule.id, family: family) { removed.append(schedule) }
        return removed
    }

    /// The next bedtime of `schedule` on the family's clock.
    public func next(_ schedule: BedtimeSchedule, in zone: TimeZone) -> BedtimeOccurrence? {
        BedtimeCalendar(zone: zone).next(schedule, after: clock.now())
    }

    /// Evenings skipped since the grown-ups last heard, marked told: for the next grown-up answer.
    public func takeUntoldSkips(of family: FamilyRef) async throws -> [BedtimeEveningRecord] {
        let untold = try await store.untoldSkips(of: family)
        if !untold.isEmpty { try await store.markTold(untold, at: clock.now()) }
        return untold
    }

    /// The current time on the injected clock.
    public var now: Date { clock.now() }
}
