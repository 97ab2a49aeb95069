import Foundation

/// This process no longer holds the job's lease: it froze (or lost the database) past the
/// lease, and the job went back to the queue, perhaps to another process that runs it now. The
/// late run stops without writing or showing anything more, so the family gets one copy and the
/// other process's result stands.
public struct JobLeaseLost: Error, Equatable, CustomStringConvertible {
    public var jobID: Int64

    public init(jobID: Int64) {
        self.jobID = jobID
    }

    public var description: String { "job \(jobID): its lease was lost to another process" }
}
