import Foundation
import StoryDomain

extension InMemoryStore: StoryJobQueue {
    public func claimNext(now: Date) async throws -> StoryJob? {
        try checkFault()
        guard let next = jobs.values.map(\.job).filter({ $0.status == .queued && $0.notBefore <= now })
            .min(by: { ($0.notBefore, $0.id) < ($1.notBefore, $1.id) })
        else { return nil }
        var job = next
        job.status = .running
        job.attempts += 1
        jobs[job.id]?.job = job
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
