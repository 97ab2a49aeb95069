import Foundation
import StoryDomain

extension InMemoryStore: StoryJobQueue {
    /// The lease this store's own queue takes jobs under (``queue(lease:)`` gives another
    /// process's view of the same jobs).
    public static let ownLease = JobLease(owner: "in-memory", duration: JobLease.defaultDuration)

    /// The same jobs as seen by a process holding `lease`.
    public nonisolated func queue(lease: JobLease) -> any StoryJobQueue { InMemoryLeasedQueue(store: self, lease: lease) }

    public nonisolated var lease: JobLease { Self.ownLease }

    /// Families take turns, as in the SQLite store: fewest jobs running, then served longest ago
    /// (never first), then the earliest due; that family's earliest due job.
    public func claimNext(now: Date) async throws -> StoryJob? {
        try checkFault()
        return claim(now: now, lease: Self.ownLease)
    }

    func claim(now: Date, lease: JobLease) -> StoryJob? {
        let all = jobs.values.map(\.job)
        func family(_ job: StoryJob) -> FamilyRef? { stories[job.storyID]?.story.family }
        let runnable = all.filter { $0.status == .queued && $0.notBefore <= now }
        let byFamily = Dictionary(grouping: runnable.compactMap { job in family(job).map { ($0, job) } }, by: \.0)
        func running(_ ref: FamilyRef) -> Int { all.filter { $0.status == .running && family($0) == ref }.count }
        func key(_ ref: FamilyRef) -> (Int, Int, Int, Double, Int64) {
            let earliest = byFamily[ref]!.map(\.1).min { ($0.notBefore, $0.id) < ($1.notBefore, $1.id) }!
            let turn = jobTurns[ref]
            return (running(ref), turn == nil ? 0 : 1, turn ?? 0, earliest.notBefore.timeIntervalSince1970, earliest.id)
        }
        guard let chosen = byFamily.keys.min(by: { key($0) < key($1) }),
              let next = byFamily[chosen]?.map(\.1).min(by: { ($0.notBefore, $0.id) < ($1.notBefore, $1.id) })
        else { return nil }
        var job = next
        job.status = .running
        job.attempts += 1
        job.lockedBy = lease.owner
        job.leaseUntil = now.addingTimeInterval(lease.duration)
        jobs[job.id]?.job = job
        jobTurns[chosen] = (jobTurns.values.max() ?? 0) + 1
        return job
    }

    /// Jobs whose lease ended (by this store's clock) go back to the queue.
    public func requeueInterrupted() async throws -> Int {
        try checkFault()
        let now = clock.now()
        let expired = jobs.filter { $0.value.job.status == .running && ($0.value.job.leaseUntil.map { $0 < now } ?? true) }.map(\.key)
        for id in expired {
            unlease(id, status: .queued)
            // The dead claim is no attempt; the expiry is counted.
            guard var job = jobs[id]?.job else { continue }
            job.attempts = max(job.attempts - 1, 0)
            job.leaseExpiries += 1
            jobs[id]?.job = job
        }
        return expired.count
    }

    public func untilNextLeaseExpiry() async throws -> Duration? {
        try checkFault()
        let now = clock.now()
        let leases = jobs.values.map(\.job).filter { $0.status == .running }.map { $0.leaseUntil ?? now }
        return leases.min().map { .milliseconds(Int64(($0.timeIntervalSince(now) * 1000).rounded(.up))) }
    }

    @discardableResult
    public func renewLeases() async throws -> Int {
        try checkFault()
        return renew(lease: Self.ownLease)
    }

    func renew(lease: JobLease) -> Int {
        let mine = jobs.filter { $0.value.job.status == .running && $0.value.job.lockedBy == lease.owner }.map(\.key)
        for id in mine { jobs[id]?.job.leaseUntil = clock.now().addingTimeInterval(lease.duration) }
        return mine.count
    }

    public func holdLease(_ jobID: Int64) async throws {
        try checkFault()
        try holdLease(jobID, lease: Self.ownLease)
    }

    func holdLease(_ jobID: Int64, lease: JobLease) throws {
        try requireHeld(jobID, by: lease)
        jobs[jobID]?.job.leaseUntil = clock.now().addingTimeInterval(lease.duration)
    }

    /// Throws ``JobLeaseLost`` unless the process holding `lease` is working the job.
    func requireHeld(_ jobID: Int64, by lease: JobLease) throws {
        guard let job = jobs[jobID]?.job, job.status == .running, job.lockedBy == lease.owner else { throw JobLeaseLost(jobID: jobID) }
    }

    public func release(_ jobID: Int64) async throws {
        try checkFault()
        release(jobID, lease: Self.ownLease)
    }

    func release(_ jobID: Int64, lease: JobLease) {
        guard let job = jobs[jobID]?.job, job.status == .running, job.lockedBy == lease.owner else { return }
        unlease(jobID, status: .queued)
        jobs[jobID]?.job.attempts = max(job.attempts - 1, 0)
    }

    /// Replaces a job as stored (a test arranging what a crash would have left behind).
    public func replaceJob(_ job: StoryJob) {
        jobs[job.id]?.job = job
    }

    func unlease(_ jobID: Int64, status: JobStatus) {
        jobs[jobID]?.job.status = status
        jobs[jobID]?.job.lockedBy = nil
        jobs[jobID]?.job.leaseUntil = nil
    }

    public func finish(_ jobID: Int64) async throws {
        try checkFault()
        try finish(jobID, lease: Self.ownLease)
    }

    func finish(_ jobID: Int64, lease: JobLease) throws {
        try requireHeld(jobID, by: lease)
        unlease(jobID, status: .done)
    }

    public func markDelivered(_ jobID: Int64, at date: Date) async throws {
        try checkFault()
        try markDelivered(jobID, at: date, lease: Self.ownLease)
    }

    func markDelivered(_ jobID: Int64, at date: Date, lease: JobLease) throws {
        try requireHeld(jobID, by: lease)
        jobs[jobID]?.job.deliveredAt = date
    }

    public func retry(_ jobID: Int64, notBefore: Date, error: String) async throws {
        try checkFault()
        retry(jobID, notBefore: notBefore, error: error, lease: Self.ownLease)
    }

    func retry(_ jobID: Int64, notBefore: Date, error: String, lease: JobLease) {
        // A job whose lease ran out is another process's to run now, or queued to run now.
        guard (try? requireHeld(jobID, by: lease)) != nil else { return }
        unlease(jobID, status: .queued)
        jobs[jobID]?.job.notBefore = notBefore
        jobs[jobID]?.job.lastError = error
    }

    public func job(for storyID: StoryID) async throws -> StoryJob? {
        try checkFault()
        return jobs.values.first { $0.job.storyID == storyID }?.job
    }

    public func updateDelivery(_ jobID: Int64, to delivery: DeliveryAddress) async throws {
        try checkFault()
        updateDelivery(jobID, to: delivery, lease: Self.ownLease)
    }

    func updateDelivery(_ jobID: Int64, to delivery: DeliveryAddress, lease: JobLease) {
        // Left alone while another process holds the job.
        guard let job = jobs[jobID]?.job, job.lockedBy == nil || job.lockedBy == lease.owner else { return }
        jobs[jobID]?.job.delivery = delivery
    }
}

/// Another process's view of an ``InMemoryStore``'s jobs: the same queue, claimed, renewed,
/// released and retried under its own lease.
struct InMemoryLeasedQueue: StoryJobQueue {
    let store: InMemoryStore
    let lease: JobLease

    func claimNext(now: Date) async throws -> StoryJob? { await store.claim(now: now, lease: lease) }
    func requeueInterrupted() async throws -> Int { try await store.requeueInterrupted() }
    func untilNextLeaseExpiry() async throws -> Duration? { try await store.untilNextLeaseExpiry() }
    func renewLeases() async throws -> Int { await store.renew(lease: lease) }
    func holdLease(_ jobID: Int64) async throws { try await store.holdLease(jobID, lease: lease) }
    func release(_ jobID: Int64) async throws { await store.release(jobID, lease: lease) }
    func finish(_ jobID: Int64) async throws { try await store.finish(jobID, lease: lease) }
    func markDelivered(_ jobID: Int64, at date: Date) async throws { try await store.markDelivered(jobID, at: date, lease: lease) }
    func retry(_ jobID: Int64, notBefore: Date, error: String) async throws {
        await store.retry(jobID, notBefore: notBefore, error: error, lease: lease)
    }
    func job(for storyID: StoryID) async throws -> StoryJob? { try await store.job(for: storyID) }
    func updateDelivery(_ jobID: Int64, to delivery: DeliveryAddress) async throws {
        await store.updateDelivery(jobID, to: delivery, lease: lease)
    }
}
