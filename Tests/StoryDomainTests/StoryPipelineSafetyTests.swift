import Foundation
import StoryDomain
import Synchronization
import Testing

@Suite("StoryPipeline and the bedtime screen")
struct StoryPipelineSafetyTests {
    static let sheet = CharacterSheet(
        hero: CharacterDesign(name: "Mia", kind: .child, bodyColor: RGB(1, 2, 3), accentColor: RGB(4, 5, 6), detailColor: RGB(7, 8, 9),
                              looks: "a child", trait: "kind"),
        companion: nil, setting: .meadow, settingDescription: "a meadow", palette: Palette(sky: RGB(0, 0, 0), ground: RGB(0, 0, 0), accent: RGB(0, 0, 0)))

    static func written(_ texts: [String]) -> WrittenStory {
        WrittenStory(title: "Owl Night", sheet: sheet, pages: texts.map {
            WrittenPage(text: $0, scene: PageScene(timeOfDay: .night, action: .sleeping), imagePrompt: "an owl on a branch")
        })
    }

    static let unsafeDraft = written(["The owl found a knife.", "It was covered in blood."])
    static let gentleDraft = written(["The owl found a feather.", "It fell asleep in the moonlight."])

    /// A queued story with pictures off (so the pipeline only writes), its job, and the fakes.
    static func setUp(drafts: [WrittenStory]) async throws -> (StoryPipeline, InMemoryStories, ScriptedWriter, RecordingListener, StoryJob) {
        let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))
        let request = StoryRequest(theme: "owls", heroName: "Mia", age: 5, pageCount: 2, seed: 1, illustrations: .off)
        let story = Story(id: StoryID(rawValue: "owlstory")!, family: FamilyRef(platform: "web", externalID: "f"),
                          requester: Requester(userID: "u", displayName: "Mia's mum"), request: request, createdAt: clock.now())
        let stories = InMemoryStories()
        let job = try await stories.createStory(story, delivery: DeliveryAddress(platform: "web", channelID: "f"), quota: nil)
        let writer = ScriptedWriter(drafts: drafts)
        let listener = RecordingListener()
        let pipeline = StoryPipeline(repository: stories, queue: stories, writer: writer, illustrator: NoIllustrator(),
                                     listener: listener, clock: clock)
        return (pipeline, stories, writer, listener, job)
    }

    @Test("a text the screen refuses gets one repair attempt, then the story fails as unsafe, not to be retried")
    func oneRepairThenFailure() async throws {
        let (pipeline, stories, writer, listener, job) = try await Self.setUp(drafts: [Self.unsafeDraft, Self.unsafeDraft, Self.gentleDraft])
        let outcome = await pipeline.process(job)
        #expect(outcome == .failed(.unsafeContent))
        #expect(writer.requests.map(\.safetyRepair) == [false, true], "one first attempt and one repair, no more")
        let story = try #require(try await stories.story(job.storyID))
        #expect(story.status == .failed)
        #expect(GeneratedStoryChecker.Problem.isBedtimeScreenRefusal(story.failureReason))
        #expect(story.failureReason?.contains("knife") == false && story.failureReason?.contains("blood") == false)
        #expect(try await stories.pages(of: job.storyID).isEmpty, "the refused text is never kept")
        #expect(listener.progress.contains(.failed(.unsafeContent)))
        #expect(!listener.progress.contains(.firstPage), "nothing is shown")
        #expect(await stories.finishedJobs == [job.id])
    }

    @Test("a clean second draft is delivered")
    func repairSucceeds() async throws {
        let (pipeline, stories, writer, listener, job) = try await Self.setUp(drafts: [Self.unsafeDraft, Self.gentleDraft])
        let outcome = await pipeline.process(job)
        #expect(outcome == .delivered)
        #expect(writer.requests.map(\.safetyRepair) == [false, true])
        #expect(try await stories.pages(of: job.storyID).map(\.text) == Self.gentleDraft.pages.map(\.text))
        #expect(listener.progress.contains(.firstPage))
    }

    @Test("a clean first draft needs no repair")
    func cleanFirstDraft() async throws {
        let (pipeline, _, writer, _, job) = try await Self.setUp(drafts: [Self.gentleDraft])
        #expect(await pipeline.process(job) == .delivered)
        #expect(writer.requests.map(\.safetyRepair) == [false])
    }
}

// MARK: Minimal in-memory fakes

/// Writes the drafts it was given, in order, and records every request.
final class ScriptedWriter: StoryWriter {
    private let state: Mutex<(drafts: [WrittenStory], requests: [StoryRequest])>
    let name = "scripted"
    let supportedLanguages: Set<StoryLanguage> = Set(StoryLanguage.allCases)

    init(drafts: [WrittenStory]) { state = Mutex((drafts, [])) }

    var requests: [StoryRequest] { state.withLock { $0.requests } }

    func write(_ request: StoryRequest) async throws -> WrittenStory {
        try state.withLock { state in
            state.requests.append(request)
            guard !state.drafts.isEmpty else { throw FakeError.unexpectedCall("write") }
            return state.drafts.removeFirst()
        }
    }
}

/// Pictures are off in these tests: any call is a failure.
struct NoIllustrator: Illustrator {
    let name = "none"
    func illustrate(_ request: IllustrationRequest) async throws -> Illustration {
        Issue.record("the illustrator was called")
        throw FakeError.unexpectedCall("illustrate")
    }
}

final class RecordingListener: StoryProgressListener {
    private let recorded = Mutex<[StoryProgress]>([])
    var progress: [StoryProgress] { recorded.withLock { $0 } }

    func story(_ story: Story, didProgress progress: StoryProgress, delivery: DeliveryAddress) async throws -> DeliveryOutcome {
        recorded.withLock { $0.append(progress) }
        return .shown(movedTo: nil)
    }
}

enum FakeError: Error { case unexpectedCall(String) }

/// Stories, pages and jobs in memory: just what the pipeline uses; anything else fails loudly.
actor InMemoryStories: StoryRepository, StoryJobQueue {
    private var stories: [StoryID: Story] = [:]
    private var pagesByStory: [StoryID: [StoryPage]] = [:]
    private var jobs: [Int64: StoryJob] = [:]
    private(set) var finishedJobs: [Int64] = []

    func createStory(_ story: Story, delivery: DeliveryAddress, quota: DailyQuota?) async throws -> StoryJob {
        stories[story.id] = story
        let job = StoryJob(id: Int64(jobs.count + 1), storyID: story.id, status: .running, attempts: 1, delivery: delivery,
                           notBefore: story.createdAt, lastError: nil)
        jobs[job.id] = job
        return job
    }

    func story(_ id: StoryID) async throws -> Story? { stories[id] }

    func saveText(_ written: WrittenStory, for id: StoryID) async throws {
        pagesByStory[id] = written.pages.enumerated().map { index, page in
            StoryPage(storyID: id, number: index + 1, text: page.text, scene: page.scene, imagePrompt: page.imagePrompt, imageID: nil)
        }
        stories[id]?.title = written.title
        stories[id]?.sheet = written.sheet
        stories[id]?.status = .illustrating
    }

    func pages(of id: StoryID) async throws -> [StoryPage] { pagesByStory[id] ?? [] }

    func setStatus(_ status: StoryStatus, for id: StoryID, reason: String?) async throws {
        stories[id]?.status = status
        stories[id]?.failureReason = reason
    }

    func finish(_ jobID: Int64) async throws { finishedJobs.append(jobID) }
    func markDelivered(_ jobID: Int64, at date: Date) async throws { jobs[jobID]?.deliveredAt = date }
    func retry(_ jobID: Int64, notBefore: Date, error: String) async throws {
        Issue.record("the job was retried: \(error)")
    }

    func storiesStarted(by requester: Requester, on platform: String, since: Date) async throws -> Int { try unexpected() }
    func saveIllustration(_ illustration: Illustration, for id: StoryID, page: Int) async throws -> ImageID { try unexpected() }
    func pageSnapshot(_ id: StoryID, page: Int) async throws -> PageSnapshot? { try unexpected() }
    func library(of family: FamilyRef, offset: Int, limit: Int) async throws -> LibraryPage { try unexpected() }
    func findStories(in family: FamilyRef, matching text: String, limit: Int) async throws -> [StorySummary] { try unexpected() }
    func deleteStory(_ id: StoryID) async throws -> Bool { try unexpected() }
    func image(_ id: ImageID) async throws -> StoredImage? { try unexpected() }
    func story(forRequest requestID: String, on platform: String) async throws -> StoryID? { try unexpected() }
    func claimNext(now: Date) async throws -> StoryJob? { try unexpected() }
    func requeueInterrupted() async throws -> Int { try unexpected() }
    func job(for storyID: StoryID) async throws -> StoryJob? { jobs.values.first { $0.storyID == storyID } }
    func updateDelivery(_ jobID: Int64, to delivery: DeliveryAddress) async throws { jobs[jobID]?.delivery = delivery }

    private func unexpected<T>(_ function: String = #function) throws -> T {
        Issue.record("unexpected call: \(function)")
        throw FakeError.unexpectedCall(function)
    }
}
