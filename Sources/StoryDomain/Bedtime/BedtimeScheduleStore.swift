import Foundation

/// One schedule's evening as stored: who claimed it, the story made, and whether it was posted
/// or skipped (and whether the grown-ups were told of a skip).
public struct BedtimeEveningRecord: Sendable, Equatable {
    public var scheduleID: String
    public var evening: String
    public var claimedBy: String?
    public var claimedAt: Date?
    public var storyID: StoryID?
    public var postedAt: Date?
    public var skippedAt: Date?
    /// Why it was skipped: ``BedtimeEveningRecord/lateReason`` or a failure's short label.
    public var skipReason: String?
    /// When the grown-ups were told of the skip.
    public var toldAt: Date?

    public init(scheduleID: String, evening: String, claimedBy: String? = nil, claimedAt: Date? = nil, storyID: StoryID? = nil,
                postedAt: Date? = nil, skippedAt: Date? = nil, skipReason: String? = nil, toldAt: Date? = nil) {
        self.scheduleID = scheduleID
        self.evening = evening
        self.claimedBy = claimedBy
        self.claimedAt = claimedAt
        self.storyID = storyID
        self.postedAt = postedAt
        self.skippedAt = skippedAt
        self.skipReason = skipReason
        self.toldAt = toldAt
    }

    /// The reason stored for an evening the service was down through.
    public static let lateReason = "late"
    /// The reason stored for a story held for the grown-ups' yes that none gave in time.
    public static let notApprovedReason = "not-approved"
    /// The reason stored when the family already had as many stories waiting for a yes as allowed.
    public static let approvalsFullReason = "approvals-full"

    /// The state machine's view of the record.
    public var state: BedtimeEveningState {
        if postedAt != nil { return .posted }
        if skippedAt != nil { return .skipped }
        if let storyID { return .made(storyID) }
        if let claimedAt { return .making(since: claimedAt) }
        return .waiting
    }
}

/// The family's bedtime schedules and, per schedule per evening, one row of marks that makes
/// each evening happen exactly once, also with several processes on one PostgreSQL database:
/// every mark is a conditional update that only one caller wins.
public protocol BedtimeScheduleStore: Sendable {
    /// The family's schedules, oldest first.
    func schedules(of family: FamilyRef) async throws -> [BedtimeSchedule]
    /// Every family's schedules (the scheduler's round).
    func allSchedules() async throws -> [BedtimeSchedule]
    /// Keeps a new schedule unless the family already has `limit` (counted in the same
    /// transaction, so two grown-ups at once cannot pass the limit). Returns false when full.
    func add(_ schedule: BedtimeSchedule, limit: Int) async throws -> Bool
    /// Removes a schedule and its evenings; false when it was already gone.
    func remove(_ scheduleID: String, family: FamilyRef) async throws -> Bool

    /// The evening's row, nil before anything was marked.
    func evening(_ scheduleID: String, evening: String) async throws -> BedtimeEveningRecord?
    /// Claims the evening for making its story: true for the one caller that creates the row,
    /// or takes over a claim older than `staleBefore` with no story made and nothing posted.
    func claim(_ scheduleID: String, evening: String, by claimant: String, at date: Date, staleBefore: Date) async throws -> Bool
    /// Records the story made for the evening (by its claimant); false when the claim was lost.
    func markMade(_ scheduleID: String, evening: String, story: StoryID, by claimant: String) async throws -> Bool
    /// Marks the evening posted: true for exactly one caller, and never for a skipped evening.
    /// The mark is taken before the post is sent, so no evening is posted twice.
    func markPosted(_ scheduleID: String, evening: String, at date: Date) async throws -> Bool
    /// Marks the evening skipped (creating its row if needed): true for exactly one caller, and
    /// never for a posted evening.
    func markSkipped(_ scheduleID: String, evening: String, reason: String, at date: Date) async throws -> Bool
    /// Skipped evenings of the family's schedules the grown-ups were not told of yet, oldest first.
    func untoldSkips(of family: FamilyRef) async throws -> [BedtimeEveningRecord]
    /// Marks these skipped evenings told.
    func markTold(_ evenings: [BedtimeEveningRecord], at date: Date) async throws
}
