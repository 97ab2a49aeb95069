import Foundation

/// One run's hold on its job: the job and the lease owner (``JobLease/owner``) that claimed it.
/// A story write made under a claim (``StoryRepository/setStatus(_:for:reason:heldBy:)`` and the
/// others) happens only while the job is still running under that owner, checked by the store
/// in the same statement or transaction as the write; otherwise it changes nothing and throws
/// ``JobLeaseLost``. So a process that froze between its lease check and its write (issue #32)
/// cannot write over the story of the process that took the job meanwhile.
public struct JobClaim: Sendable, Equatable {
    public var jobID: Int64
    public var owner: String

    public init(jobID: Int64, owner: String) {
        self.jobID = jobID
        self.owner = owner
    }
}
