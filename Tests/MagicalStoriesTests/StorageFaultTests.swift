import Foundation
import GRDB
import StoryDomain
import StoryProviders
import StoryStore
import StoryTestSupport
import Synchronization
import Testing

/// Records what the pipeline reports.
final class RecordingListener: StoryProgressListener {
    private let events = Mutex<[StoryProgress]>([])
    var progress: [StoryProgress] { events.withLock { $0 } }

    func story(_ story: Story, didProgress progress: StoryProgress, delivery: DeliveryAddress) async throws -> DeliveryOutcome {
        events.withLock { $0.append(progress) }
        return .shown(movedTo: nil)
    }
}

@Suite("Storage faults: full disk and read-only database")
struct StorageFaultTests {
    struct Harness {
        let directory: URL
        let database: AppDatabase
        let clock = ManualWallClock()
        let listener = RecordingListener()
        let stories: StoryService
        let queue: SQLiteJobQueue
        let pipeline: StoryPipeline

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-faults-\(UUID().uuidString)")
            database = try AppDatabase.open(path: directory.appendingPathComponent("s.sqlite").path)
            let repository = SQLiteStoryRepository(database: database, clock: clock)
            queue = SQLiteJobQueue(database: database, clock: clock)
            stories = StoryService(repository: repository, writerLanguages: [.english], clock: clock, jobAdded: {})
            pipeline = StoryPipeline(repository: repository, queue: queue, writer: OfflineStoryWriter(),
                                     illustrator: OfflineIllustrator(), listener: listener, clock: clock,
                                     retryPolicy: RetryPolicy(maxAttempts: 4, baseDelay: 5, maxDelay: 60))
        }

        func request(_ theme: String) async throws -> Story {
            var limits = StoryLimits()
            limits.maxPages = 12
            return try await stories.requestStory(StoryRequestDraft(theme: theme, heroName: "Ada", age: "6", pages: "3"),
                                                  family: FamilyRef(platform: "web", externalID: "f"),
                                                  requester: Requester(userID: "u", displayName: "U"),
                                                  delivery: DeliveryAddress(platform: "web", channelID: "f"), limits: limits, seed: 1)
        }

        /// Runs every job that is due now.
        func work() async throws -> [StoryPipeline.Outcome] {
            var outcomes: [StoryPipeline.Outcome] = []
            while let job = try await queue.claimNext(now: clock.now()) { outcomes.append(await pipeline.process(job)) }
            return outcomes
        }

        func cleanUp() { try? FileManager.default.removeItem(at: directory) }
    }

    @Test("a full disk pauses the story, keeps every earlier story, and the story completes once space is back")
    func fullDisk() async throws {
        let harness = try Harness()
        defer { harness.cleanUp() }
        let earlier = try await harness.request("an earlier story")
        #expect(try await harness.work() == [.delivered])

        // Cap the file at its current size: the next pictures cannot be stored (SQLITE_FULL).
        try await harness.database.writer.write { db in
            let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            _ = try Int.fetchOne(db, sql: "PRAGMA max_page_count = \(pages)")
        }
        let story = try await harness.request("a lighthouse")
        let outcomes = try await harness.work()
        guard case let .willRetry(_, error) = outcomes.first else {
            Issue.record("expected a retry, got \(outcomes)")
            return
        }
        #expect(error.contains("full"))
        #expect(try await harness.stories.story(story.id, family: story.family)?.status != .failed)
        #expect(try await harness.stories.page(earlier.id, number: 3, family: earlier.family)?.page.imageID != nil)

        // Space is back: the retry finishes the story.
        try await harness.database.writer.write { db in _ = try Int.fetchOne(db, sql: "PRAGMA max_page_count = 1073741823") }
        harness.clock.advance(by: 60)
        #expect(try await harness.work() == [.delivered])
        let pages = try await harness.database.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM page WHERE story_id = ? AND image_id IS NOT NULL", arguments: [story.id.rawValue])
        }
        #expect(pages == 3)
        #expect(harness.listener.progress.filter { $0 == .ready }.count == 2)
    }

    @Test("a database that turns read-only keeps serving stored pages; saving resumes when writable")
    func readOnly() async throws {
        let harness = try Harness()
        defer { harness.cleanUp() }
        let earlier = try await harness.request("owls")
        _ = try await harness.work()
        try await harness.database.writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA query_only = ON") }

        await #expect(throws: (any Error).self) { _ = try await harness.request("foxes") }
        #expect(try await harness.stories.page(earlier.id, number: 1, family: earlier.family) != nil)
        #expect(await harness.database.ping())

        try await harness.database.writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA query_only = OFF") }
        _ = try await harness.request("foxes")
        #expect(try await harness.work() == [.delivered])
    }
}
