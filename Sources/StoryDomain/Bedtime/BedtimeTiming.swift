import Foundation

/// How far ahead a bedtime story is made and how late it may still be posted.
public struct BedtimeTiming: Sendable, Equatable {
    /// Made this long before bedtime, so page 1 and its picture are ready at the minute
    /// (`BEDTIME_MAKE_AHEAD_MINUTES`, default 5).
    public var makeLead: TimeInterval
    /// Made this long before bedtime when the family's approval is on, so a grown-up can say yes
    /// before the minute (`BEDTIME_APPROVAL_MAKE_AHEAD_MINUTES`, default 30).
    public var approvalMakeLead: TimeInterval
    /// A service that was down at bedtime still posts when at most this late (30 minutes: "at
    /// most 30 minutes late" posts, 31 skips).
    public var latestPost: TimeInterval
    /// A claim to make the story older than this, with nothing made, is taken over by another
    /// process (the first one stopped while making).
    public var claimStaleAfter: TimeInterval
    /// The family's grown-ups approve stories first: the made story is held for their yes and
    /// posted by ``ApprovalRules`` (at bedtime if approved by then, on approval within the grace
    /// after, else never), not by the runner at the minute.
    public var holdsForApproval = false

    public init(makeLead: TimeInterval = 5 * 60, approvalMakeLead: TimeInterval = 30 * 60, latestPost: TimeInterval = 30 * 60,
                claimStaleAfter: TimeInterval = 10 * 60) {
        self.makeLead = max(0, makeLead)
        self.approvalMakeLead = max(0, approvalMakeLead)
        self.latestPost = max(0, latestPost)
        self.claimStaleAfter = max(30, claimStaleAfter)
    }

    /// The timing for a family whose approval is on (`approval`) or off: with approval, stories
    /// are made ``approvalMakeLead`` ahead and held for the grown-ups' yes.
    public func approval(_ on: Bool) -> BedtimeTiming {
        var timing = self
        if on { timing.makeLead = approvalMakeLead }
        timing.holdsForApproval = on
        return timing
    }
}
