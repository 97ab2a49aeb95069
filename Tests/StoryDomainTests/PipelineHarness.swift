import Foundation
import StoryDomain
import StoryTestSupport
import Testing

/// A story queued in an in-memory store, and the fakes a pipeline works with. A shared journal
/// records, in order, what the listener was told and which pages the illustrators started.
struct PipelineHarness {
    let clock = ManualWallClock()
    let store: InMemoryStore
    let journal = Recorder<String>()
    let listener: RecordingProgressListener
    let events = Recorder<PipelineEvent>()
    let usage = InMemoryUsageLedger()
    let pictures = RecordingPictureObserver()
    let story: Story

    init(pages: Int = 3, illustrations: IllustrationMode = .pictures, quota: DailyQuota? = nil) async throws {
        store = InMemoryStore(clock: clock)
        listener = RecordingProgressListener(journal: journal)
        story = StoryFixtures.story(request: StoryFixtures.request(pages: pages, illustrations: illustrations), createdAt: clock.now())
        _ = try await store.createStory(story, delivery: StoryFixtures.delivery(), quota: quota)
    }

    /// Claims the story's job, as a worker does.
    func claim() async throws -> StoryJob {
        try #require(try await store.claimNext(now: clock.now()))
    }

    func illustrator(failing: [Int: any Error] = [:], gate: AsyncGate? = nil, holding: Set<Int>? = nil,
                     usage: ProviderUsage? = nil, usesPreviousPicture: Bool = true) -> ScriptedIllustrator {
        ScriptedIllustrator(name: "main", failing: failing, gate: gate, holding: holding, journal: journal, usage: usage,
                            usesPreviousPicture: usesPreviousPicture)
    }

    func pipeline(writer: ScriptedWriter = .fitting(), illustrator: ScriptedIllustrator, fallback: ScriptedIllustrator? = nil,
                  strategy: IllustrationStrategy = .chained, retryPolicy: RetryPolicy = RetryPolicy(),
                  chatForms: (any ChatFormEncoder)? = nil) -> StoryPipeline {
        let events = self.events
        let parts = StoryPipeline.Parts(repository: store, queue: store, writer: writer, illustrator: illustrator,
                                        fallbackIllustrator: fallback, listener: listener, usage: usage, pictures: pictures,
                                        chatForms: chatForms)
        return StoryPipeline(parts: parts, clock: clock, retryPolicy: retryPolicy, strategy: strategy, onEvent: { events.append($0) })
    }

    /// The stored pages' pictures, page by page (nil where none is saved).
    func storedPictures() async throws -> [Data?] {
        var pictures: [Data?] = []
        for page in try await store.pages(of: story.id) {
            pictures.append(try await page.imageID.asyncFlatMap { try await store.image($0) }?.data)
        }
        return pictures
    }
}

/// A failure that says whether retrying could help, as the model providers' errors do.
struct ClassifiedError: TransientAwareError, Equatable {
    var isTransient: Bool
    var failureReason: StoryFailureReason
}

extension Optional where Wrapped: Sendable {
    func asyncFlatMap<T>(_ transform: (Wrapped) async throws -> T?) async rethrows -> T? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
