import Foundation

/// When a story held for a grown-up's yes must be answered and what a yes does then: pure
/// values, the clock's instant passed in.
///
/// - A request waits ``requestWindow`` (2 hours).
/// - A bedtime story made ``bedtimeLead`` (30 minutes) ahead is posted at bedtime when approved
///   by then, on approval when approved within ``bedtimeGrace`` (20 minutes) after, else never.
/// - At most ``maxWaiting`` (5) stories wait per family.
public struct ApprovalRules: Sendable, Equatable {
    public var requestWindow: TimeInterval
    public var bedtimeLead: TimeInterval
    public var bedtimeGrace: TimeInterval
    public var maxWaiting: Int

    public init(requestWindow: TimeInterval = 2 * 3_600, bedtimeLead: TimeInterval = 30 * 60, bedtimeGrace: TimeInterval = 20 * 60,
                maxWaiting: Int = 5) {
        self.requestWindow = requestWindow
        self.bedtimeLead = bedtimeLead
        self.bedtimeGrace = bedtimeGrace
        self.maxWaiting = max(1, maxWaiting)
    }

    /// What a grown-up's yes does.
    public enum Outcome: Sendable, Equatable {
        /// Post page 1 in the room now.
        case shareNow
        /// Keep it for bedtime: posted at this instant.
        case shareAt(Date)
        /// Too late: it is not shared.
        case tooLate
    }

    /// A child's request, held from `now`.
    public func request(id: String = PendingApproval.newID(), story: StoryID, family: FamilyRef, channelID: String, requester: Requester,
                        now: Date) -> PendingApproval {
        PendingApproval(id: id, family: family, channelID: channelID, requester: requester, kind: .request, storyID: story,
                        createdAt: now, deadline: now.addingTimeInterval(requestWindow))
    }

    /// Tonight's bedtime story, due at `bedtime`.
    public func bedtime(id: String = PendingApproval.newID(), story: StoryID, family: FamilyRef, channelID: String, owner: Requester,
                        bedtime: Date, now: Date) -> PendingApproval {
        PendingApproval(id: id, family: family, channelID: channelID, requester: owner, kind: .bedtime, storyID: story, createdAt: now,
                        deadline: bedtime.addingTimeInterval(bedtimeGrace), shareAt: bedtime)
    }

    /// What a yes at `now` does to `approval` (only a waiting one can be approved).
    public func approve(_ approval: PendingApproval, now: Date) -> Outcome {
        guard now <= approval.deadline else { return .tooLate }
        if let shareAt = approval.shareAt, now < shareAt { return .shareAt(shareAt) }
        return .shareNow
    }

    /// Whether `approval` ran out of time unanswered at `now`.
    public func hasExpired(_ approval: PendingApproval, now: Date) -> Bool {
        approval.state == .waiting && now > approval.deadline
    }

    /// Whether an approved bedtime story is due in the room at `now`.
    public func isDue(_ approval: PendingApproval, now: Date) -> Bool {
        approval.state == .approved && (approval.shareAt ?? now) <= now
    }
}
