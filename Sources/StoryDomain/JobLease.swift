import Foundation

/// How a process holds the jobs it works: each claimed job carries the process's `owner` id and
/// a lease of `duration`, which the process renews while it works (a heartbeat). A process that
/// dies stops renewing; once its leases expire, any process's sweep puts those jobs back in the
/// queue, while jobs under live leases are never taken from the process working them.
public struct JobLease: Sendable, Equatable {
    /// How long a claimed job is held without a renewal.
    public static let defaultDuration: TimeInterval = 30
    /// How often the worker pool renews its leases (a third of the lease: two renewals may fail).
    public static let defaultRenewal: Duration = .seconds(10)
    /// How often a running service looks for expired leases (besides once at start).
    public static let defaultSweep: Duration = .seconds(15)

    /// The shortest and longest lease the configuration accepts (`STORIES_JOB_LEASE_SECONDS`).
    public static let durationRange: ClosedRange<Int> = 3...600

    /// The process: its host, process id and a random part (a restarted process is a new owner).
    public var owner: String
    public var duration: TimeInterval

    public init(owner: String = JobLease.newOwner(), duration: TimeInterval = JobLease.defaultDuration) {
        self.owner = owner
        self.duration = duration
    }

    /// How often the holder renews its leases: a third of the lease, so two renewals may fail
    /// before it ends (10 s for the default 30 s).
    public var renewal: Duration { .milliseconds(Int64((duration * 1000 / 3).rounded())) }

    /// How often a process sweeps for expired leases: half the lease (15 s for the default 30 s),
    /// so a dead process's jobs are back in the queue at most one and a half leases after its
    /// last renewal.
    public var sweep: Duration { .milliseconds(Int64((duration * 1000 / 2).rounded())) }

    /// A fresh owner id for this process, `host:pid:random`, at most 128 characters.
    public static func newOwner() -> String {
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 36)
        let host = ProcessInfo.processInfo.hostName.prefix(80)
        return "\(host):\(ProcessInfo.processInfo.processIdentifier):\(random)"
    }
}
