import Foundation
import GRDB
import StoryDomain
import StoryTestSupport
import Testing
@testable import StoryStore

/// Job leases, run against every backend: a process holds the jobs it claims while it renews
/// them; only jobs whose lease expired go back to the queue, whoever sweeps. SQLite and the
/// fakes read the injected clock; PostgreSQL its own (`now()`), which a test cannot move: there
/// the short lease is waited out.
@Suite("Storage contract: job leases")
struct LeaseContractTests {
    static let delivery = DeliveryAddress(platform: "web", channelID: "family")
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))

    func enqueue(_ ports: StoreBackend.Ports, _ ids: [String]) async throws {
        for id in ids {
            _ = try await ports.stories.createStory(Fixtures.story(id: id, at: clock.now()), delivery: Self.delivery, quota: nil)
            clock.advance(by: 1)
        }
    }

    @Test("a live lease is never taken; an expired one goes back to the queue and another process takes it",
          arguments: StoreBackend.allCases)
    func expiry(_ backend: StoreBackend) async throws {
        let ports = try await backend.make(clock: clock)
        try await enqueue(ports, ["one", "two", "three"])
        // Process A holds a long lease; process B a short one, and then dies (never renews).
        // On PostgreSQL the lease runs out by the database's clock: 5 s, so that a loaded machine
        // does not let it run out before process C's first look (1 s did, with tests in parallel).
        let short: TimeInterval = backend == .postgres ? 5 : 30
        let a = ports.queue(JobLease(owner: "process-a", duration: 3_600))
        let b = ports.queue(JobLease(owner: "process-b", duration: short))
        let held = try #require(try await a.claimNext(now: clock.now()))
        let lost = try #require(try await b.claimNext(now: clock.now()))
        #expect(held.storyID.rawValue == "one" && held.lockedBy == "process-a" && held.leaseUntil != nil)
        #expect(lost.storyID.rawValue == "two" && lost.lockedBy == "process-b")

        // Process C starts while both leases are live: it takes nothing back.
        let c = ports.queue(JobLease(owner: "process-c", duration: 30))
        #expect(try await c.requeueInterrupted() == 0)

        // B's lease runs out.
        if backend == .postgres {
            var rescued = 0
            try await eventually("B's 1 s lease runs out by the database's clock", timeout: .seconds(60)) {
                rescued = try await c.requeueInterrupted()
                return rescued != 0
            }
            #expect(rescued == 1)
        } else {
            clock.advance(by: short + 1)
            #expect(try await c.requeueInterrupted() == 1)
        }
        let stillHeld = try #require(try await ports.jobs.job(for: held.storyID))
        #expect(stillHeld.status == .running && stillHeld.lockedBy == "process-a", "A's live lease is left alone")
        let back = try #require(try await ports.jobs.job(for: lost.storyID))
        #expect(back.status == .queued && back.lockedBy == nil && back.leaseUntil == nil)
        #expect(back.attempts == 0 && back.leaseExpiries == 1, "B's claim is no attempt; its lease's end is counted")
        #expect(back.notBefore == lost.notBefore, "due at once: no backoff for an orphan")

        // B wakes before anyone took it: it can neither finish it nor push it back.
        await #expect(throws: JobLeaseLost(jobID: lost.id)) { try await b.finish(lost.id) }
        try await b.retry(lost.id, notBefore: clock.now().addingTimeInterval(60), error: "late")

        // C takes the dead process's job at once; B, coming back late, can neither retry, release,
        // finish nor deliver it, nor hold its lease again.
        let taken = try #require(try await c.claimNext(now: clock.now()))
        #expect(taken.id == lost.id && taken.attempts == 1 && taken.leaseExpiries == 1 && taken.lockedBy == "process-c")
        try await b.retry(lost.id, notBefore: clock.now().addingTimeInterval(60), error: "late")
        try await b.release(lost.id)
        await #expect(throws: JobLeaseLost(jobID: lost.id)) { try await b.holdLease(lost.id) }
        await #expect(throws: JobLeaseLost(jobID: lost.id)) { try await b.markDelivered(lost.id, at: clock.now()) }
        await #expect(throws: JobLeaseLost(jobID: lost.id)) { try await b.finish(lost.id) }
        try await b.updateDelivery(lost.id, to: DeliveryAddress(platform: "web", channelID: "elsewhere"))
        let kept = try #require(try await ports.jobs.job(for: lost.storyID))
        #expect(kept.status == .running && kept.lockedBy == "process-c" && kept.lastError == nil)
        #expect(kept.deliveredAt == nil && kept.delivery == Self.delivery && kept.attempts == 1)
        #expect(try await b.renewLeases() == 0, "B holds nothing any more")

        // Finishing lets go of the lease.
        try await c.finish(taken.id)
        let done = try #require(try await ports.jobs.job(for: lost.storyID))
        #expect(done.status == .done && done.lockedBy == nil && done.leaseUntil == nil)
    }

    @Test("the time to the earliest lease's end: none while nothing runs, the earliest of all processes' leases, the next once swept",
          arguments: StoreBackend.allCases)
    func untilNextLeaseExpiry(_ backend: StoreBackend) async throws {
        let ports = try await backend.make(clock: clock)
        let a = ports.queue(JobLease(owner: "process-a", duration: 600))
        let b = ports.queue(JobLease(owner: "process-b", duration: 300))
        #expect(try await a.untilNextLeaseExpiry() == nil)
        try await enqueue(ports, ["one", "two"])
        #expect(try await a.untilNextLeaseExpiry() == nil, "queued jobs hold no lease")
        _ = try #require(try await a.claimNext(now: clock.now()))
        _ = try #require(try await b.claimNext(now: clock.now()))
        // Whoever asks, B's lease ends first (PostgreSQL's clock moved on a little since the claim).
        let next = try #require(try await a.untilNextLeaseExpiry())
        #expect(next > .seconds(290) && next <= .seconds(300), "\(next)")
        guard backend != .postgres else { return }  // its clock is the database's: the expiry test waits one out
        clock.advance(by: 301)
        let ended = try #require(try await b.untilNextLeaseExpiry())
        #expect(ended <= .zero, "B's lease has ended: sweep now (\(ended))")
        #expect(try await a.requeueInterrupted() == 1)
        #expect(try await a.untilNextLeaseExpiry() == .seconds(299), "A's lease is next")
    }

    @Test("the heartbeat extends the renewing process's leases, and only its own", arguments: StoreBackend.allCases)
    func heartbeat(_ backend: StoreBackend) async throws {
        let ports = try await backend.make(clock: clock)
        try await enqueue(ports, ["one", "two"])
        let a = ports.queue(JobLease(owner: "process-a", duration: 30))
        let b = ports.queue(JobLease(owner: "process-b", duration: 30))
        let mine = try #require(try await a.claimNext(now: clock.now()))
        let theirs = try #require(try await b.claimNext(now: clock.now()))
        let first = try #require(mine.leaseUntil)

        // Time passes (on PostgreSQL the database's own clock moves on by itself: real time on the
        // real server is what is renewed against, so this short wait is not a guess at an event).
        if backend == .postgres { try await Task.sleep(for: .milliseconds(20)) } else { clock.advance(by: 20) }
        #expect(try await a.renewLeases() == 1)
        let renewed = try #require(try await ports.jobs.job(for: mine.storyID)?.leaseUntil)
        #expect(renewed > first)
        #expect(try await ports.jobs.job(for: theirs.storyID)?.leaseUntil == theirs.leaseUntil, "B's lease is B's to renew")
        if backend != .postgres {
            #expect(renewed == clock.now().addingTimeInterval(30))
            // Past A's first lease but within the renewed one: only B's job goes back.
            clock.advance(by: 15)
            #expect(try await ports.queue(JobLease(owner: "process-c")).requeueInterrupted() == 1)
            #expect(try await ports.jobs.job(for: mine.storyID)?.status == .running)
        }
    }

    @Test("a released job is queued again at once; only its holder releases it", arguments: StoreBackend.allCases)
    func release(_ backend: StoreBackend) async throws {
        let ports = try await backend.make(clock: clock)
        try await enqueue(ports, ["one"])
        let a = ports.queue(JobLease(owner: "process-a", duration: 30))
        let job = try #require(try await a.claimNext(now: clock.now()))
        try await ports.queue(JobLease(owner: "process-b")).release(job.id)
        #expect(try await ports.jobs.job(for: job.storyID)?.status == .running, "only its holder releases a job")
        try await a.release(job.id)
        let released = try #require(try await ports.jobs.job(for: job.storyID))
        #expect(released.status == .queued && released.lockedBy == nil)
        #expect(try await a.claimNext(now: clock.now())?.id == job.id)
    }

    @Test("lease lost, by the injected clock: the late holder's completion, delivery mark and retry are refused; a lease that ran out but nobody took is held again",
          arguments: [StoreBackend.sqlite, .inMemory])
    func fencing(_ backend: StoreBackend) async throws {
        let ports = try await backend.make(clock: clock)
        try await enqueue(ports, ["one"])
        let a = ports.queue(JobLease(owner: "process-a", duration: 30))
        let job = try #require(try await a.claimNext(now: clock.now()))

        // A froze past its lease, but nobody swept: it may carry on.
        clock.advance(by: 31)
        try await a.holdLease(job.id)
        #expect(try await ports.jobs.job(for: job.storyID)?.leaseUntil == clock.now().addingTimeInterval(30))
        #expect(try await ports.queue(JobLease(owner: "process-c")).requeueInterrupted() == 0, "held again: nothing to sweep")

        // A freezes again; this time B sweeps and takes the job.
        clock.advance(by: 31)
        let b = ports.queue(JobLease(owner: "process-b", duration: 30))
        #expect(try await b.requeueInterrupted() == 1)
        let taken = try #require(try await b.claimNext(now: clock.now()))
        #expect(taken.attempts == 1 && taken.leaseExpiries == 1)

        // A wakes: every late write is refused or left undone.
        await #expect(throws: JobLeaseLost(jobID: job.id)) { try await a.holdLease(job.id) }
        await #expect(throws: JobLeaseLost(jobID: job.id)) { try await a.markDelivered(job.id, at: clock.now()) }
        await #expect(throws: JobLeaseLost(jobID: job.id)) { try await a.finish(job.id) }
        try await a.retry(job.id, notBefore: clock.now().addingTimeInterval(300), error: "A's late failure")
        let running = try #require(try await ports.jobs.job(for: job.storyID))
        #expect(running.status == .running && running.lockedBy == "process-b" && running.deliveredAt == nil && running.lastError == nil)

        // B's own writes go through.
        try await b.holdLease(job.id)
        try await b.markDelivered(job.id, at: clock.now())
        try await b.finish(job.id)
        let done = try #require(try await ports.jobs.job(for: job.storyID))
        #expect(done.status == .done && done.deliveredAt == clock.now())
    }

    @Test("a job whose processes keep dying: each lease's end is counted, no claim of theirs is an attempt, it is due at once; a release is no attempt either",
          arguments: [StoreBackend.sqlite, .inMemory])
    func expiriesCountedApart(_ backend: StoreBackend) async throws {
        let ports = try await backend.make(clock: clock)
        try await enqueue(ports, ["one"])
        let queued = try #require(try await ports.jobs.job(for: StoryID(rawValue: "one")!))
        for dying in 1...3 {
            let process = ports.queue(JobLease(owner: "dying-\(dying)", duration: 30))
            let claimed = try #require(try await process.claimNext(now: clock.now()), "due at once after \(dying - 1) expiries")
            #expect(claimed.attempts == 1 && claimed.leaseExpiries == dying - 1)
            clock.advance(by: 31)
            #expect(try await ports.jobs.requeueInterrupted() == 1)
        }
        let back = try #require(try await ports.jobs.job(for: queued.storyID))
        #expect(back.attempts == 0 && back.leaseExpiries == 3 && back.notBefore == queued.notBefore)

        // A stopping process gives it back: no attempt, no expiry.
        let stopping = ports.queue(JobLease(owner: "stopping", duration: 30))
        _ = try #require(try await stopping.claimNext(now: clock.now()))
        try await stopping.release(queued.id)
        let released = try #require(try await ports.jobs.job(for: queued.storyID))
        #expect(released.attempts == 0 && released.leaseExpiries == 3)

        // A run that failed is an attempt, and its backoff is kept.
        let worker = ports.queue(JobLease(owner: "worker", duration: 30))
        _ = try #require(try await worker.claimNext(now: clock.now()))
        try await worker.retry(queued.id, notBefore: clock.now().addingTimeInterval(5), error: "provider 503")
        #expect(try await worker.claimNext(now: clock.now()) == nil, "the retry waits its backoff")
        clock.advance(by: 5)
        #expect(try await worker.claimNext(now: clock.now())?.attempts == 2)
    }

    @Test("v12 leaves jobs running from before leases without one, so the next start resumes them")
    func legacyRunningJob() async throws {
        let database = try AppDatabase.inMemory()
        let stories = SQLiteStoryRepository(database: database, clock: clock)
        let job = try await stories.createStory(Fixtures.story(id: "old"), delivery: Self.delivery, quota: nil)
        try await database.writer.write { db in
            try db.execute(sql: "UPDATE job SET status = 'running', locked_by = NULL, lease_until = NULL WHERE id = ?", arguments: [job.id])
        }
        #expect(try await SQLiteJobQueue(database: database, clock: clock).requeueInterrupted() == 1)
    }
}
