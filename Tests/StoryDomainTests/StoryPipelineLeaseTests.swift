import Foundation
import StoryDomain
import StoryTestSupport
import Testing

/// A run that lost its job's lease, and a story whose processes keep dying (issue #32).
@Suite("StoryPipeline: lost leases and poison jobs")
struct StoryPipelineLeaseTests {
    @Test("a process that froze past its lease and woke after another took the job shows and saves nothing more")
    func frozenProcessWakesLate() async throws {
        let harness = try await PipelineHarness(pages: 2)
        // This process (the store's own lease) freezes while page 1 is being painted.
        let gate = AsyncGate()
        let frozen = harness.illustrator(gate: gate, holding: [1])
        let job = try await harness.claim()
        let late = Task { await harness.pipeline(illustrator: frozen).process(job) }
        await frozen.requests.wait(count: 1)

        // Its lease runs out; another process sweeps, takes the job and makes the story.
        harness.clock.advance(by: JobLease.defaultDuration + 1)
        let survivor = harness.store.queue(lease: JobLease(owner: "survivor"))
        #expect(try await survivor.requeueInterrupted() == 1)
        let taken = try #require(try await survivor.claimNext(now: harness.clock.now()))
        #expect(taken.attempts == 1 && taken.leaseExpiries == 1, "the frozen claim is no attempt; the expiry is counted")
        let painter = ScriptedIllustrator(name: "survivor")
        let parts = StoryPipeline.Parts(repository: harness.store, queue: survivor, writer: ScriptedWriter.unused(), illustrator: painter,
                                        listener: harness.listener)
        #expect(await StoryPipeline(parts: parts, clock: harness.clock).process(taken) == .delivered)
        let made = try await harness.storedPictures()

        // The frozen process wakes: its painting is done, but it may not save or show it.
        gate.open()
        #expect(await late.value == .leaseLost)
        #expect(harness.listener.count(of: .firstPage) == 1, "the family got one copy")
        #expect(try await harness.storedPictures() == made, "the survivor's pictures stand")
        #expect(made.allSatisfy { $0.map { String(decoding: $0, as: UTF8.self).hasPrefix("survivor") } ?? false })
        let done = try #require(try await harness.store.job(for: harness.story.id))
        #expect(done.status == .done && done.lockedBy == nil)
    }

    @Test("a process that froze between its lease check and its status write, woken after another made the story: the write is refused, the survivor's story stands")
    func frozenBetweenCheckAndWrite() async throws {
        let harness = try await PipelineHarness(pages: 2)
        let job = try await harness.claim()
        // The first lease check passes; then this process freezes, its lease runs out, and a
        // survivor sweeps, takes the job and makes the story, before the run writes `writing`.
        let survivorMade = Recorder<StoryPipeline.Outcome>()
        let freezing = FreezeAfterLeaseCheck(store: harness.store) {
            harness.clock.advance(by: JobLease.defaultDuration + 1)
            let survivor = harness.store.queue(lease: JobLease(owner: "survivor"))
            _ = try await survivor.requeueInterrupted()
            let taken = try #require(try await survivor.claimNext(now: harness.clock.now()))
            let parts = StoryPipeline.Parts(repository: harness.store, queue: survivor, writer: ScriptedWriter.fitting(),
                                            illustrator: ScriptedIllustrator(name: "survivor"), listener: harness.listener)
            survivorMade.append(await StoryPipeline(parts: parts, clock: harness.clock).process(taken))
        }
        let parts = StoryPipeline.Parts(repository: harness.store, queue: freezing, writer: ScriptedWriter.unused(),
                                        illustrator: ScriptedIllustrator.unused(), listener: harness.listener)
        #expect(await StoryPipeline(parts: parts, clock: harness.clock).process(job) == .leaseLost)
        #expect(survivorMade.all == [.delivered])
        #expect(try await harness.store.story(harness.story.id)?.status == .ready, "the late 'writing' was refused")
        #expect(harness.listener.count(of: .writing) == 1 && harness.listener.count(of: .firstPage) == 1, "only the survivor's run showed")
    }

    @Test("a story whose processes died under it three times is given up kindly: the family is told, nothing is made")
    func poisonJob() async throws {
        let harness = try await PipelineHarness(pages: 2)
        try await expireLeases(3, harness)
        let job = try await harness.claim()
        #expect(job.attempts == 1 && job.leaseExpiries == 3)

        let outcome = await harness.pipeline(writer: .unused(), illustrator: .unused()).process(job)
        #expect(outcome == .failed(.internalError))
        #expect(harness.listener.progress == [.failed(.internalError)])
        #expect(harness.events.all == [.leaseExpiriesExhausted(story: harness.story.id, expiries: 3)])
        #expect(try await harness.store.story(harness.story.id)?.status == .failed)
        #expect(try await harness.store.job(for: harness.story.id)?.status == .done)
    }

    @Test("an orphan below the limit is made at once, its lost runs not counted as attempts")
    func orphanIsMadeAtOnce() async throws {
        let harness = try await PipelineHarness(pages: 2)
        try await expireLeases(2, harness)
        let job = try #require(try await harness.store.claimNext(now: harness.clock.now()), "due at once: no backoff")
        #expect(job.attempts == 1 && job.leaseExpiries == 2)
        #expect(await harness.pipeline(illustrator: harness.illustrator()).process(job) == .delivered)
        #expect(harness.listener.count(of: .firstPage) == 1)
    }

    /// `count` processes in a row claim the story's job and die; each time the sweep takes it back.
    private func expireLeases(_ count: Int, _ harness: PipelineHarness) async throws {
        for index in 1...count {
            let dying = harness.store.queue(lease: JobLease(owner: "dying-\(index)"))
            _ = try #require(try await dying.claimNext(now: harness.clock.now()))
            harness.clock.advance(by: JobLease.defaultDuration + 1)
            #expect(try await harness.store.requeueInterrupted() == 1)
        }
    }
}

/// The store's own queue, whose first lease check is followed by a freeze: `whileFrozen` runs
/// (what other processes do meanwhile) before the check returns.
private struct FreezeAfterLeaseCheck: StoryJobQueue {
    let store: InMemoryStore
    let whileFrozen: @Sendable () async throws -> Void
    private let frozen = Recorder<Bool>()

    init(store: InMemoryStore, whileFrozen: @escaping @Sendable () async throws -> Void) {
        self.store = store
        self.whileFrozen = whileFrozen
    }

    var lease: JobLease { store.lease }
    func holdLease(_ jobID: Int64) async throws {
        try await store.holdLease(jobID)
        guard frozen.all.isEmpty else { return }
        frozen.append(true)
        try await whileFrozen()
    }
    func claimNext(now: Date) async throws -> StoryJob? { try await store.claimNext(now: now) }
    func requeueInterrupted() async throws -> Int { try await store.requeueInterrupted() }
    func untilNextLeaseExpiry() async throws -> Duration? { try await store.untilNextLeaseExpiry() }
    func renewLeases() async throws -> Int { try await store.renewLeases() }
    func release(_ jobID: Int64) async throws { try await store.release(jobID) }
    func finish(_ jobID: Int64) async throws { try await store.finish(jobID) }
    func markDelivered(_ jobID: Int64, at date: Date) async throws { try await store.markDelivered(jobID, at: date) }
    func retry(_ jobID: Int64, notBefore: Date, error: String) async throws { try await store.retry(jobID, notBefore: notBefore, error: error) }
    func job(for storyID: StoryID) async throws -> StoryJob? { try await store.job(for: storyID) }
    func updateDelivery(_ jobID: Int64, to delivery: DeliveryAddress) async throws { try await store.updateDelivery(jobID, to: delivery) }
}
