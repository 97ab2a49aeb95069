import Foundation
import StoryDomain
import StoryTestSupport
import Testing

@Suite("StoryPipeline: resuming, delivery outcomes, failures")
struct StoryPipelineResumeTests {
    @Test("after a crash mid-painting, the job resumes: saved text and pictures are kept, page 1 is not delivered again")
    func resumeAfterCrash() async throws {
        let harness = try await PipelineHarness(pages: 4)
        // The service stops while page 3 is being painted.
        let first = harness.illustrator(failing: [3: CancellationError()])
        #expect(await harness.pipeline(illustrator: first).process(try await harness.claim()) == .interrupted)
        #expect(try await harness.store.job(for: harness.story.id)?.status == .running, "left as it was, for the next start")

        // The next start requeues it once the dead process's lease ran out; the writer must not be asked again.
        #expect(try await harness.store.requeueInterrupted() == 0, "its lease is still live")
        harness.clock.advance(by: JobLease.defaultDuration + 1)
        #expect(try await harness.store.requeueInterrupted() == 1)
        let second = harness.illustrator()
        let outcome = await harness.pipeline(writer: .unused(), illustrator: second).process(try await harness.claim())

        #expect(outcome == .delivered)
        #expect(second.requests.all.map(\.pageNumber) == [3, 4], "only the pages without a picture are painted")
        let page2 = try #require(first.requests.all.first { $0.pageNumber == 2 })
        #expect(second.requests.all.first?.previous == first.picture(for: page2), "the chain continues from the stored picture")
        #expect(harness.listener.count(of: .firstPage) == 1, "page 1 reached the family once")
        #expect(harness.listener.count(of: .writing) == 1)
        #expect(try await harness.store.story(harness.story.id)?.status == .ready)
    }

    @Test("a retried job whose page 1 was delivered does not deliver it again")
    func retryDoesNotDeliverTwice() async throws {
        let harness = try await PipelineHarness(pages: 3)
        let illustrator = harness.illustrator(failing: [3: TestDoubleError.scripted("image model down")])
        let pipeline = harness.pipeline(illustrator: illustrator)
        _ = await pipeline.process(try await harness.claim())
        illustrator.fail(page: 3, with: nil)
        harness.clock.advance(by: RetryPolicy().delay(afterAttempt: 1))

        #expect(await pipeline.process(try await harness.claim()) == .delivered)
        #expect(illustrator.requests.all.map(\.pageNumber) == [1, 2, 3, 3])
        #expect(harness.listener.count(of: .firstPage) == 1)
    }

    @Test("a story made before a crash but never shown is delivered once, without writing or painting")
    func readyButNotDelivered() async throws {
        let harness = try await PipelineHarness(pages: 2)
        let id = harness.story.id
        try await harness.store.saveText(StoryFixtures.written(for: harness.story.request), for: id)
        for page in 1...2 {
            _ = try await harness.store.saveIllustration(
                Illustration(data: Data("page \(page)".utf8), contentType: "image/png", width: 8, height: 8), for: id, page: page)
        }
        try await harness.store.setStatus(.ready, for: id, reason: nil)

        let resumed = harness.pipeline(writer: .unused(), illustrator: .unused())
        #expect(await resumed.process(try await harness.claim()) == .delivered)
        #expect(harness.listener.progress == [.firstPage])
        let job = try #require(try await harness.store.job(for: id))
        #expect(job.deliveredAt == harness.clock.now() && job.status == .done)

        // Run once more (a crash came before the job was finished): nothing is shown again.
        var unfinished = job
        unfinished.status = .queued
        await harness.store.replaceJob(unfinished)
        #expect(await resumed.process(try await harness.claim()) == .delivered)
        #expect(harness.listener.progress == [.firstPage])
    }

    @Test("a message that moved is followed: later reports go to the new address and the job keeps it")
    func deliveryMoves() async throws {
        let harness = try await PipelineHarness(pages: 2)
        let moved = DeliveryAddress(platform: "web", channelID: "family", messageID: "m2")
        harness.listener.respond(to: .writing, with: .outcome(.shown(movedTo: moved)))
        #expect(await harness.pipeline(illustrator: harness.illustrator()).process(try await harness.claim()) == .delivered)

        let calls = harness.listener.calls.all
        #expect(calls.first?.delivery == StoryFixtures.delivery())
        #expect(calls.dropFirst().allSatisfy { $0.delivery == moved })
        #expect(try await harness.store.job(for: harness.story.id)?.delivery == moved)
    }

    @Test("page 1 the platform refused is not marked delivered; the story is still finished for the library")
    func refusedIsNotDelivered() async throws {
        let harness = try await PipelineHarness(pages: 2)
        harness.listener.respond(to: .firstPage, with: .outcome(.refused(reason: "400 invalid form body")))
        #expect(await harness.pipeline(illustrator: harness.illustrator()).process(try await harness.claim()) == .delivered)

        let job = try #require(try await harness.store.job(for: harness.story.id))
        #expect(job.deliveredAt == nil)
        #expect(job.status == .done)
        #expect(harness.events.all.contains(.deliveryRefused(story: harness.story.id, reason: "400 invalid form body")))
        #expect(try await harness.store.story(harness.story.id)?.status == .ready)
    }

    @Test("a listener error on page 1 retries delivery on its own budget and never fails the story")
    func deliveryBudget() async throws {
        let harness = try await PipelineHarness(pages: 2, quota: DailyQuota(storiesPerDay: 3))
        // One attempt for making the story, three for showing it.
        let policy = RetryPolicy(maxAttempts: 1, baseDelay: 5, maxDelay: 300, maxDeliveryAttempts: 3)
        let down = RecordingProgressListener.Response.fail(TestDoubleError.scripted("platform down"))
        harness.listener.respond(to: .firstPage, with: down, down, down)
        let pipeline = harness.pipeline(illustrator: harness.illustrator(), retryPolicy: policy)

        for attempt in 1...2 {
            let outcome = await pipeline.process(try await harness.claim())
            let due = harness.clock.now().addingTimeInterval(policy.delay(afterAttempt: attempt))
            guard case .willRetry(due, _) = outcome else {
                Issue.record("attempt \(attempt): expected a retry at \(due), got \(outcome)")
                return
            }
            #expect(try await harness.store.story(harness.story.id)?.status != .failed)
            harness.clock.advance(by: policy.delay(afterAttempt: attempt))
        }
        // The last delivery attempt: given up, the story stays in the library.
        #expect(await pipeline.process(try await harness.claim()) == .failed(.internalError))
        #expect(harness.events.all.contains { if case .deliveryAbandoned = $0 { true } else { false } })
        #expect(try await harness.store.story(harness.story.id)?.status != .failed)
        #expect(try await harness.store.job(for: harness.story.id)?.status == .done)
        #expect(harness.listener.count(of: .failed(.internalError)) == 0, "no failure is reported for a made story")
        #expect(await harness.store.quotaUsesCounting(for: StoryFixtures.requester, on: "web") == 1, "a made story keeps its quota use")
    }
}

@Suite("StoryPipeline: failures and the daily quota")
struct StoryPipelineFailureTests {
    @Test("an error not worth retrying fails the story at once, reports it, and gives the quota back")
    func permanentFailure() async throws {
        let harness = try await PipelineHarness(quota: DailyQuota(storiesPerDay: 3))
        let writer = ScriptedWriter([.fail(ClassifiedError(isTransient: false, failureReason: .writerFailed))])
        #expect(await harness.pipeline(writer: writer, illustrator: .unused()).process(try await harness.claim()) == .failed(.writerFailed))

        #expect(try await harness.store.story(harness.story.id)?.status == .failed)
        #expect(harness.listener.progress.last == .failed(.writerFailed))
        #expect(try await harness.store.job(for: harness.story.id)?.status == .done)
        #expect(await harness.store.quotaUsesCounting(for: StoryFixtures.requester, on: "web") == 0)
    }

    @Test("a transient error retries with backoff until the attempts are used, then fails")
    func transientThenFailure() async throws {
        let harness = try await PipelineHarness(quota: DailyQuota(storiesPerDay: 3))
        let policy = RetryPolicy(maxAttempts: 2, baseDelay: 5, maxDelay: 300)
        let busy = ScriptedWriter.Step.fail(ClassifiedError(isTransient: true, failureReason: .writerFailed))
        let pipeline = harness.pipeline(writer: ScriptedWriter([busy, busy]), illustrator: .unused(), retryPolicy: policy)

        let first = await pipeline.process(try await harness.claim())
        guard case .willRetry = first else {
            Issue.record("expected a retry, got \(first)")
            return
        }
        #expect(try await harness.store.claimNext(now: harness.clock.now()) == nil, "not before its backoff")
        harness.clock.advance(by: 5)
        #expect(await pipeline.process(try await harness.claim()) == .failed(.writerFailed))
        #expect(await harness.store.quotaUsesCounting(for: StoryFixtures.requester, on: "web") == 0)
    }

    @Test("a story the bedtime screen refused keeps its quota use")
    func unsafeKeepsQuota() async throws {
        let harness = try await PipelineHarness(pages: 2, quota: DailyQuota(storiesPerDay: 3))
        let unsafe = StoryFixtures.written(pages: ["The owl found a knife.", "It was covered in blood."])
        let writer = ScriptedWriter([.draft(unsafe), .draft(unsafe)])
        #expect(await harness.pipeline(writer: writer, illustrator: .unused()).process(try await harness.claim()) == .failed(.unsafeContent))
        #expect(await harness.store.quotaUsesCounting(for: StoryFixtures.requester, on: "web") == 1)
    }

    @Test("when reporting a failure fails, the report is retried later; the story is already failed")
    func failedReportRetried() async throws {
        let harness = try await PipelineHarness()
        harness.listener.respond(to: .failed(.writerFailed), with: .fail(TestDoubleError.scripted("platform down")))
        let writer = ScriptedWriter([.fail(ClassifiedError(isTransient: false, failureReason: .writerFailed))])
        let pipeline = harness.pipeline(writer: writer, illustrator: .unused())

        let outcome = await pipeline.process(try await harness.claim())
        let due = harness.clock.now().addingTimeInterval(RetryPolicy().maxDelay)
        guard case .willRetry(due, _) = outcome else {
            Issue.record("expected the report to be retried at \(due), got \(outcome)")
            return
        }
        #expect(try await harness.store.story(harness.story.id)?.status == .failed)
        harness.clock.advance(by: RetryPolicy().maxDelay)
        #expect(await pipeline.process(try await harness.claim()) == .failed(.internalError))
        #expect(harness.listener.progress.last == .failed(.internalError))
        #expect(try await harness.store.job(for: harness.story.id)?.status == .done)
    }
}
