import Foundation
import StoryDomain
import StoryTestSupport
import Testing

@Suite("StoryPipeline: order, pictures, fallbacks")
struct StoryPipelineTests {
    @Test("page 1 is painted and delivered before any other page is painted")
    func pageOneFirst() async throws {
        let harness = try await PipelineHarness(pages: 3)
        let illustrator = harness.illustrator()
        let outcome = await harness.pipeline(illustrator: illustrator).process(try await harness.claim())

        #expect(outcome == .delivered)
        #expect(harness.journal.all == ["writing", "painting 1 of 3", "paint 1", "firstPage", "paint 2", "paint 3", "ready"])
        let story = try #require(try await harness.store.story(harness.story.id))
        #expect(story.status == .ready)
        #expect(story.title == "Mia and the Quiet Night")
        #expect(try await harness.storedPictures().allSatisfy { $0 != nil })
        let job = try #require(try await harness.store.job(for: harness.story.id))
        #expect(job.status == .done)
        #expect(job.deliveredAt == harness.clock.now())
        #expect(harness.pictures.painted.all.map(\.page) == [1, 2, 3], "each saved picture is announced for filling in")
    }

    @Test("chained: each page after the first is painted from the page before it")
    func chained() async throws {
        let harness = try await PipelineHarness(pages: 4)
        let illustrator = harness.illustrator()
        #expect(await harness.pipeline(illustrator: illustrator, strategy: .chained).process(try await harness.claim()) == .delivered)

        let requests = illustrator.requests.all
        #expect(requests.map(\.pageNumber) == [1, 2, 3, 4])
        #expect(requests[0].previous == nil)
        for index in 1..<requests.count {
            #expect(requests[index].previous == illustrator.picture(for: requests[index - 1]), "page \(index + 1)")
        }
        #expect(requests.allSatisfy { $0.pageCount == 4 && $0.sheet == StoryFixtures.sheet })
    }

    @Test("anchored: the later pages are painted from page 1, at most `concurrency` at once")
    func anchored() async throws {
        let harness = try await PipelineHarness(pages: 6)
        let gate = AsyncGate()
        let illustrator = harness.illustrator(gate: gate, holding: [2, 3, 4, 5, 6])
        let pipeline = harness.pipeline(illustrator: illustrator, strategy: .anchored(concurrency: 2))
        let job = try await harness.claim()
        let run = Task { await pipeline.process(job) }

        // Page 1 and two held pages: two paint side by side.
        await illustrator.requests.wait(count: 3)
        #expect(illustrator.probe.current == 2)
        #expect(harness.listener.count(of: .firstPage) == 1, "page 1 was delivered before the others were painted")
        gate.open()
        #expect(await run.value == .delivered)

        #expect(illustrator.probe.maximum == 2, "never more than two at once")
        let requests = illustrator.requests.all
        let first = try #require(requests.first { $0.pageNumber == 1 })
        #expect(Set(requests.map(\.pageNumber)) == Set(1...6))
        for request in requests where request.pageNumber > 1 {
            #expect(request.previous == illustrator.picture(for: first), "page \(request.pageNumber) is anchored on page 1")
        }
        #expect(try await harness.storedPictures().allSatisfy { $0 != nil })
    }

    @Test("a page the main illustrator fails is painted by the fallback, and the chain continues from it")
    func fallback() async throws {
        let harness = try await PipelineHarness(pages: 3)
        let illustrator = harness.illustrator(failing: [2: TestDoubleError.scripted("image model down")])
        let fallback = ScriptedIllustrator(name: "fallback")
        #expect(await harness.pipeline(illustrator: illustrator, fallback: fallback).process(try await harness.claim()) == .delivered)

        let fallbackRequest = try #require(fallback.requests.all.only)
        #expect(fallbackRequest.pageNumber == 2)
        let stored = try await harness.storedPictures()
        #expect(stored[1] == fallback.picture(for: fallbackRequest).data)
        let third = try #require(illustrator.requests.all.first { $0.pageNumber == 3 })
        #expect(third.previous == fallback.picture(for: fallbackRequest))
        #expect(harness.events.all.contains { event in
            if case let .illustrationFellBack(story, page, _) = event { story == harness.story.id && page == 2 } else { false }
        })
    }

    @Test("without a fallback a failed picture retries the job later; page 1 stays delivered")
    func noFallbackRetries() async throws {
        let harness = try await PipelineHarness(pages: 3)
        let illustrator = harness.illustrator(failing: [2: TestDoubleError.scripted("image model down")])
        let outcome = await harness.pipeline(illustrator: illustrator).process(try await harness.claim())

        let due = harness.clock.now().addingTimeInterval(RetryPolicy().delay(afterAttempt: 1))
        guard case .willRetry(due, _) = outcome else {
            Issue.record("expected a retry at \(due), got \(outcome)")
            return
        }
        let job = try #require(try await harness.store.job(for: harness.story.id))
        #expect(job.status == .queued && job.notBefore == due)
        #expect(job.lastError?.contains("image model down") == true)
        #expect(job.deliveredAt != nil)
        #expect(try await harness.store.story(harness.story.id)?.status == .illustrating)
    }

    @Test("text-only stories are delivered as soon as they are written, with no painting")
    func textOnly() async throws {
        let harness = try await PipelineHarness(pages: 3, illustrations: .off)
        let outcome = await harness.pipeline(illustrator: .unused()).process(try await harness.claim())
        #expect(outcome == .delivered)
        #expect(harness.journal.all == ["writing", "firstPage", "ready"])
        #expect(try await harness.store.story(harness.story.id)?.status == .ready)
    }

    @Test("what writing and painting used at the providers is recorded for the family and the story")
    func usageRecorded() async throws {
        let harness = try await PipelineHarness(pages: 2)
        let writer = ScriptedWriter.fitting(usage: ProviderUsage(provider: "gemini", model: "text", inputTokens: 10, outputTokens: 20))
        let illustrator = harness.illustrator(usage: ProviderUsage(provider: "gemini", model: "image", images: 1))
        #expect(await harness.pipeline(writer: writer, illustrator: illustrator).process(try await harness.claim()) == .delivered)

        let entries = await harness.usage.entries
        #expect(entries.map(\.usage.model) == ["text", "image", "image"])
        #expect(entries.allSatisfy { $0.storyID == harness.story.id && $0.family == harness.story.family })
    }

    @Test("a story deleted while its job waited is dropped")
    func deletedWhileQueued() async throws {
        let harness = try await PipelineHarness()
        let job = try await harness.claim()
        #expect(try await harness.store.deleteStory(harness.story.id))
        #expect(await harness.pipeline(writer: .unused(), illustrator: .unused()).process(job) == .dropped)
        #expect(harness.listener.calls.all.isEmpty)
    }
}

extension Collection {
    /// The one element, or nil when there are none or several.
    var only: Element? { count == 1 ? first : nil }
}
