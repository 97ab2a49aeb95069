import Foundation
import StoryDomain
import StoryTestSupport
import Testing

/// A pool over an in-memory queue on a manual clock: idle workers wait on the clock, so a test
/// knows when they are idle and moves time itself. Nothing here sleeps.
private struct PoolHarness {
    struct Ran: Sendable, Equatable {
        var story: StoryID
        var outcome: StoryPipeline.Outcome
    }

    let clock = ManualWallClock()
    let store: InMemoryStore
    let ran = Recorder<Ran>()
    let errors = Recorder<String>()
    let idlePoll = Duration.seconds(1)

    init() {
        store = InMemoryStore(clock: clock)
    }

    func pool(writer: ScriptedWriter = .fitting(), concurrency: Int, leaseRenewal: Duration = JobLease.defaultRenewal,
              leaseSweep: Duration = JobLease.defaultSweep) -> StoryWorkerPool {
        let pipeline = StoryPipeline(repository: store, queue: store, writer: writer, illustrator: ScriptedIllustrator.unused(),
                                     listener: RecordingProgressListener(), clock: clock)
        let ran = self.ran
        let errors = self.errors
        return StoryWorkerPool(queue: store, pipeline: pipeline, clock: clock, concurrency: concurrency, idlePoll: idlePoll,
                               leaseRenewal: leaseRenewal, leaseSweep: leaseSweep,
                               onError: { errors.append("\($0)") },
                               onOutcome: { job, outcome in ran.append(Ran(story: job.storyID, outcome: outcome)) })
    }

    /// Stores a text-only story and its job (the pool's pipeline paints nothing).
    @discardableResult
    func enqueue(_ id: String) async throws -> Story {
        let story = StoryFixtures.story(id, request: StoryFixtures.request(illustrations: .off), createdAt: clock.now())
        _ = try await store.createStory(story, delivery: StoryFixtures.delivery(messageID: id), quota: nil)
        return story
    }
}

@Suite("StoryWorkerPool", .timeLimit(.minutes(5)))
struct StoryWorkerPoolTests {
    @Test("wake() starts a new job at once, without waiting for the idle poll")
    func wakeStartsAtOnce() async throws {
        let harness = PoolHarness()
        let pool = harness.pool(concurrency: 2)
        let running = Task { await pool.run() }
        await harness.clock.waitForSleepers(2)

        let story = try await harness.enqueue("woken")
        pool.wake()
        let ran = await harness.ran.wait(count: 1)
        #expect(ran == [.init(story: story.id, outcome: .delivered)])
        #expect(harness.clock.now() == StoryFixtures.start, "time never moved: the wake did it")
        running.cancel()
        await running.value
    }

    @Test("at most `concurrency` stories are made at once; the rest wait their turn")
    func concurrencyBound() async throws {
        let harness = PoolHarness()
        for index in 1...4 { try await harness.enqueue("story\(index)") }
        let gate = AsyncGate()
        let writer = ScriptedWriter.fitting(gate: gate)
        let pool = harness.pool(writer: writer, concurrency: 2)
        let running = Task { await pool.run() }

        await writer.requests.wait(count: 2)
        #expect(writer.probe.current == 2)
        gate.open()
        let ran = await harness.ran.wait(count: 4)
        #expect(Set(ran.map(\.story.rawValue)) == ["story1", "story2", "story3", "story4"])
        #expect(ran.allSatisfy { $0.outcome == .delivered })
        #expect(writer.probe.maximum == 2)
        running.cancel()
        await running.value
    }

    @Test("a delayed retry runs when it falls due, found by the idle poll")
    func delayedRetryBecomesDue() async throws {
        let harness = PoolHarness()
        let story = try await harness.enqueue("later")
        let job = try #require(try await harness.store.claimNext(now: harness.clock.now()))
        try await harness.store.retry(job.id, notBefore: harness.clock.now().addingTimeInterval(30), error: "busy")
        let pool = harness.pool(concurrency: 1)
        let running = Task { await pool.run() }
        await harness.clock.waitForSleepers(1)

        // One poll before it is due: the worker looks, finds nothing, and waits again.
        harness.clock.advance(by: harness.idlePoll)
        await harness.clock.waitForSleepers(1)
        #expect(harness.ran.all.isEmpty)

        harness.clock.advance(by: 30)
        #expect(await harness.ran.wait(count: 1) == [.init(story: story.id, outcome: .delivered)])
        running.cancel()
        await running.value
    }

    @Test("a job a dead process left running is taken back by the sweep once its lease expired, not before")
    func requeuesInterrupted() async throws {
        let harness = PoolHarness()
        let story = try await harness.enqueue("interrupted")
        let dead = harness.store.queue(lease: JobLease(owner: "dead-process", duration: 30))
        _ = try #require(try await dead.claimNext(now: harness.clock.now()))
        // The sweep runs every 20 ms of real time: while the lease is live it takes nothing.
        let pool = harness.pool(concurrency: 1, leaseSweep: .milliseconds(20))
        let running = Task { await pool.run() }
        await harness.clock.waitForSleepers(1)
        #expect(try await harness.store.job(for: story.id)?.lockedBy == "dead-process")

        harness.clock.advance(by: 31)
        #expect(await harness.ran.wait(count: 1) == [.init(story: story.id, outcome: .delivered)])
        let job = try #require(try await harness.store.job(for: story.id))
        #expect(job.attempts == 1 && job.leaseExpiries == 1, "the dead process's claim is no attempt")
        running.cancel()
        await running.value
    }

    @Test("a dead process's job is taken back as soon as its lease ends, not at the next periodic sweep (issue #32)")
    func sweepsWhenTheLeaseEnds() async throws {
        // Real time here: the lease ends on the clock the pool sleeps on.
        let clock = SystemWallClock()
        let store = InMemoryStore(clock: clock)
        let story = StoryFixtures.story("orphan", request: StoryFixtures.request(illustrations: .off), createdAt: clock.now())
        _ = try await store.createStory(story, delivery: StoryFixtures.delivery(messageID: "orphan"), quota: nil)
        let dead = store.queue(lease: JobLease(owner: "dead-process", duration: 2))
        let leaseEnd = try #require(try await dead.claimNext(now: clock.now())?.leaseUntil)
        let ran = Recorder<StoryID>()
        let pipeline = StoryPipeline(repository: store, queue: store, writer: ScriptedWriter.fitting(),
                                     illustrator: ScriptedIllustrator.unused(), listener: RecordingProgressListener(), clock: clock)
        // Neither the periodic sweep nor the idle poll (an hour each) can be what takes it back.
        let pool = StoryWorkerPool(queue: store, pipeline: pipeline, clock: clock, concurrency: 1, idlePoll: .seconds(3_600),
                                   leaseSweep: .seconds(3_600), onOutcome: { job, _ in ran.append(job.storyID) })
        let running = Task { await pool.run() }
        #expect(await ran.wait(count: 1) == [story.id])
        #expect(clock.now() >= leaseEnd, "not taken while the lease was live")
        #expect(try await store.job(for: story.id)?.attempts == 1, "the dead process's claim is no attempt")
        running.cancel()
        await running.value
    }

    @Test("the pool's heartbeat renews the leases of the jobs it holds")
    func heartbeat() async throws {
        let harness = PoolHarness()
        let story = try await harness.enqueue("held")
        // Held under this store's own lease, which the pool's queue renews.
        _ = try #require(try await harness.store.claimNext(now: harness.clock.now()))
        harness.clock.advance(by: 20)
        let renewedUntil = harness.clock.now().addingTimeInterval(InMemoryStore.ownLease.duration)
        let pool = harness.pool(concurrency: 1, leaseRenewal: .milliseconds(20))
        let running = Task { await pool.run() }
        // Renewed within a generous deadline (every 20 ms of real time).
        try await eventually("the lease renewed") { try await harness.store.job(for: story.id)?.leaseUntil == renewedUntil }
        running.cancel()
        await running.value
    }

    @Test("a queue error is reported, and the queue is read again after the idle poll")
    func queueErrorRetried() async throws {
        let harness = PoolHarness()
        let story = try await harness.enqueue("afterfault")
        await harness.store.failNext("claimNext(now:)", with: TestDoubleError.scripted("disk I/O error"))
        let pool = harness.pool(concurrency: 1)
        let running = Task { await pool.run() }

        #expect(await harness.errors.wait(count: 1) == ["scripted failure: disk I/O error"])
        await harness.clock.waitForSleepers(1)
        #expect(harness.ran.all.isEmpty)
        harness.clock.advance(by: harness.idlePoll)
        #expect(await harness.ran.wait(count: 1) == [.init(story: story.id, outcome: .delivered)])
        running.cancel()
        await running.value
    }

    @Test("cancelling run() stops every worker")
    func cancellationStops() async throws {
        let harness = PoolHarness()
        let pool = harness.pool(concurrency: 3)
        let running = Task { await pool.run() }
        await harness.clock.waitForSleepers(3)
        running.cancel()
        await running.value
        #expect(harness.clock.sleeperCount == 0)
    }
}
