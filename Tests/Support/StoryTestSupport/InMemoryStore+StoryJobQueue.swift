import Foundation
import StoryDomain

extension InMemoryStore: StoryJobQueue {
    /// Families take turns, as in the SQLite store: fewest jobs running, then served longest ago
    /// (never first), then the earliest due; that family's earliest due job.
    public func claimNext(now: Date) async throws -> StoryJob? {
        try checkFault()
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
        jobs[job.id]?.job = job
        jobTurns[chosen] = (jobTurns.values.max() ?? 0) + 1
        return job
    }

    public func requeueInterrupted() async throws -> Int {
        try checkFault()
        let running = jobs.filter { $0.value.job.status == .running }.map(\.key)
        for id in running { jobs[id]?.job.status = .queued }
        return running.count
    }

    public func finish(_ jobID: Int64) async throws {
        try checkFault()
        jobs[jobID]?.job.status = .done
    }

    public func markDelivered(_ jobID: Int64, at date: Date) async throws {
        try checkFault()
        jobs[jobID]?.job.deliveredAt = date
    }

    public func retry(_ jobID: Int64, notBefore: Date, error: String) async throws {
        try checkFault()
        jobs[jobID]?.job.status = .queued
        jobs[jobID]?.job.notBefore = notBefore
        jobs[jobID]?.job.lastError = error
    }

    public func job(for storyID: StoryID) async throws -> StoryJob? {
        try checkFault()
        return jobs.values.first { $0.job.storyID == storyID }?.job
    }

    public func updateDelivery(_ jobID: Int64, to delivery: DeliveryAddress) async throws {
        try checkFault()
        // The request the job was made for stays its request.
        jobs[jobID]?.job.delivery = delivery
    }
}
