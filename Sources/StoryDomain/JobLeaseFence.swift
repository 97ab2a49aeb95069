import Foundation

/// Keeps one run of a job from writing or showing anything once its process lost the job's
/// lease (it froze past the lease, and the job went back to the queue, perhaps to another
/// process): before each write the run calls ``check()``, which asks the queue to extend the
/// lease (``StoryJobQueue/holdLease(_:)``) unless it did so less than a third of a lease ago, by
/// the injected clock. A run that froze is always past that, so it asks, and stops with
/// ``JobLeaseLost`` when the job is no longer its own. The queue's own completion writes
/// (finish, markDelivered, retry) are conditional on the lease in the database besides, and so
/// are the run's story writes, made under its ``claim``: a process that freezes after a check
/// and before its write finds the write refused when it wakes.
actor JobLeaseFence {
    /// The run's hold on its job, which its story writes are made under.
    nonisolated let claim: JobClaim
    private let jobID: Int64
    private let queue: any StoryJobQueue
    private let clock: any WallClock
    /// How long after a confirmed lease the run writes without asking again: a third of the
    /// lease, so at least two thirds of it are left whenever it writes unasked.
    private let trust: TimeInterval
    private var confirmed: Date

    /// The first check asks: the run may have begun long after its claim (a freeze between them).
    init(jobID: Int64, queue: any StoryJobQueue, clock: any WallClock) {
        self.jobID = jobID
        claim = JobClaim(jobID: jobID, owner: queue.lease.owner)
        self.queue = queue
        self.clock = clock
        trust = queue.lease.duration / 3
        confirmed = .distantPast
    }

    /// Throws ``JobLeaseLost`` when this process no longer holds the job.
    func check() async throws {
        let now = clock.now()
        // A clock set back counts as untrusted too.
        guard now < confirmed || now >= confirmed.addingTimeInterval(trust) else { return }
        try await queue.holdLease(jobID)
        confirmed = now
    }
}
