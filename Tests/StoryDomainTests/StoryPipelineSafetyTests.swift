import Foundation
import StoryDomain
import StoryTestSupport
import Testing

@Suite("StoryPipeline and the bedtime screen")
struct StoryPipelineSafetyTests {
    static func written(_ texts: [String]) -> WrittenStory {
        StoryFixtures.written(title: "Owl Night", pages: texts)
    }

    static let unsafeDraft = written(["The owl found a knife.", "It was covered in blood."])
    static let gentleDraft = written(["The owl found a feather.", "It fell asleep in the moonlight."])

    /// A queued story with pictures off (so the pipeline only writes), its job, and the fakes.
    static func setUp(drafts: [WrittenStory]) async throws -> (StoryPipeline, InMemoryStore, ScriptedWriter, RecordingProgressListener, StoryJob) {
        let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))
        let request = StoryRequest(theme: "owls", heroName: "Mia", age: 5, pageCount: 2, seed: 1, illustrations: .off)
        let story = Story(id: StoryID(rawValue: "owlstory")!, family: FamilyRef(platform: "web", externalID: "f"),
                          requester: Requester(userID: "u", displayName: "Mia's mum"), request: request, createdAt: clock.now())
        let stories = InMemoryStore(clock: clock)
        _ = try await stories.createStory(story, delivery: DeliveryAddress(platform: "web", channelID: "f"), quota: nil)
        let job = try #require(try await stories.claimNext(now: clock.now()))
        let writer = ScriptedWriter(drafts.map { .draft($0) })
        let listener = RecordingProgressListener()
        let pipeline = StoryPipeline(repository: stories, queue: stories, writer: writer, illustrator: ScriptedIllustrator.unused(),
                                     listener: listener, clock: clock)
        return (pipeline, stories, writer, listener, job)
    }

    @Test("a text the screen refuses gets one repair attempt, then the story fails as unsafe, not to be retried")
    func oneRepairThenFailure() async throws {
        let (pipeline, stories, writer, listener, job) = try await Self.setUp(drafts: [Self.unsafeDraft, Self.unsafeDraft, Self.gentleDraft])
        let outcome = await pipeline.process(job)
        #expect(outcome == .failed(.unsafeContent))
        #expect(writer.requests.all.map(\.safetyRepair) == [false, true], "one first attempt and one repair, no more")
        let story = try #require(try await stories.story(job.storyID))
        #expect(story.status == .failed)
        #expect(GeneratedStoryChecker.Problem.isBedtimeScreenRefusal(story.failureReason))
        #expect(story.failureReason?.contains("knife") == false && story.failureReason?.contains("blood") == false)
        #expect(try await stories.pages(of: job.storyID).isEmpty, "the refused text is never kept")
        #expect(listener.progress.contains(.failed(.unsafeContent)))
        #expect(!listener.progress.contains(.firstPage), "nothing is shown")
        #expect(await stories.job(id: job.id)?.status == .done)
    }

    @Test("a clean second draft is delivered")
    func repairSucceeds() async throws {
        let (pipeline, stories, writer, listener, job) = try await Self.setUp(drafts: [Self.unsafeDraft, Self.gentleDraft])
        let outcome = await pipeline.process(job)
        #expect(outcome == .delivered)
        #expect(writer.requests.all.map(\.safetyRepair) == [false, true])
        #expect(try await stories.pages(of: job.storyID).map(\.text) == Self.gentleDraft.pages.map(\.text))
        #expect(listener.progress.contains(.firstPage))
    }

    @Test("a clean first draft needs no repair")
    func cleanFirstDraft() async throws {
        let (pipeline, _, writer, _, job) = try await Self.setUp(drafts: [Self.gentleDraft])
        #expect(await pipeline.process(job) == .delivered)
        #expect(writer.requests.all.map(\.safetyRepair) == [false])
    }
}
