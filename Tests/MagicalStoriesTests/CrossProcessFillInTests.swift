import Foundation
import Logging
import PostgresTestSupport
import StoryBot
import StoryDomain
import StoryProviders
import StoryStore
import StoryStorePostgres
import Synchronization
import Testing

/// Pages shown "still being painted" on one process, filled in when another process saves
/// their picture: the relay from a ``PaintedPageFeed`` into ``PageFillIn``, with a fake feed
/// and with two pools on one PostgreSQL.
@Suite("Fill-in across processes: a picture saved elsewhere fills in the page shown here", .serialized)
struct CrossProcessFillInTests {
    static let picture = Illustration(data: Data([0x89, 0x50, 0x4E, 0x47]), contentType: "image/png", width: 1, height: 1)

    /// Shows page 2 of `story` (not painted yet) as message `id`, remembered by `fillIn`.
    static func showWaiting(_ story: StoryID, stories: StoryService, fillIn: PageFillIn, as id: String) async throws {
        let shown = ReplyRenderer().page(try #require(try await stories.page(story, number: 2, family: InteractionPathTests.family)))
        #expect(shown.page?.awaitsPicture == true)
        await fillIn.shown(shown, at: InteractionPathTests.message(id), family: InteractionPathTests.family)
    }

    static func filledIn(_ transport: RecordingTransport, _ ids: [String]) async throws {
        _ = try await waitFor(timeout: .seconds(15)) {
            transport.deliveries.map(\.messageID) == ids ? true : nil
        }
        #expect(transport.deliveries.allSatisfy { $0.hasPicture })
    }

    @Test("a picture another process saved fills in the waiting page; one missed while not listening is found by the recheck")
    func relayWithFakeFeed() async throws {
        let (_, repository, stories) = try InteractionPathTests.services()
        let transport = RecordingTransport()
        let fillIn = PageFillIn(transports: [transport], stories: stories, logger: InteractionPathTests.quietLogger)
        let feed = FakePaintedPageFeed()
        let relay = PageFillInRelay(feed: feed, fillIn: fillIn, recheckInterval: .seconds(3_600),
                                    logger: InteractionPathTests.quietLogger)
        let running = Task { await relay.run() }
        defer { running.cancel() }
        try await feed.waitUntilFollowed()

        // Told by the feed: filled in, once, even if told twice.
        let told = try await InteractionPathTests.writtenStory(stories, repository, theme: "a sleepy dragon")
        try await Self.showWaiting(told.id, stories: stories, fillIn: fillIn, as: "m-1")
        #expect(fillIn.waitingCount == 1)
        _ = try await repository.saveIllustration(Self.picture, for: told.id, page: 2)
        feed.paint(told.id, page: 2)
        feed.paint(told.id, page: 2)
        try await Self.filledIn(transport, ["m-1"])
        #expect(fillIn.waitingCount == 0)

        // Saved while the feed was not in place (no notification): read again once it is back.
        let missed = try await InteractionPathTests.writtenStory(stories, repository, theme: "a brave kitten")
        try await Self.showWaiting(missed.id, stories: stories, fillIn: fillIn, as: "m-2")
        _ = try await repository.saveIllustration(Self.picture, for: missed.id, page: 2)
        // Not a guessed wait for "nothing happened": the relay takes what it is told one at a time,
        // in order, so once a page told after the save is filled in, the save has had its chance.
        let after = try await InteractionPathTests.writtenStory(stories, repository, theme: "a quiet fox")
        try await Self.showWaiting(after.id, stories: stories, fillIn: fillIn, as: "m-3")
        _ = try await repository.saveIllustration(Self.picture, for: after.id, page: 2)
        feed.paint(after.id, page: 2)
        try await Self.filledIn(transport, ["m-1", "m-3"])
        #expect(fillIn.waitingCount == 1, "the missed page still waits")
        feed.reconnect()
        try await Self.filledIn(transport, ["m-1", "m-3", "m-2"])
        #expect(fillIn.waitingCount == 0)
    }

    @Test("a missed picture is found by the periodic recheck too; a page still unpainted stays waiting")
    func periodicRecheck() async throws {
        let (_, repository, stories) = try InteractionPathTests.services()
        let transport = RecordingTransport()
        let fillIn = PageFillIn(transports: [transport], stories: stories, logger: InteractionPathTests.quietLogger)
        let feed = FakePaintedPageFeed()
        let relay = PageFillInRelay(feed: feed, fillIn: fillIn, recheckInterval: .milliseconds(200),
                                    logger: InteractionPathTests.quietLogger)
        let running = Task { await relay.run() }
        defer { running.cancel() }
        try await feed.waitUntilFollowed()
        let painted = try await InteractionPathTests.writtenStory(stories, repository, theme: "a sleepy owl")
        let unpainted = try await InteractionPathTests.writtenStory(stories, repository, theme: "a quiet fox")
        try await Self.showWaiting(painted.id, stories: stories, fillIn: fillIn, as: "m-1")
        try await Self.showWaiting(unpainted.id, stories: stories, fillIn: fillIn, as: "m-2")
        _ = try await repository.saveIllustration(Self.picture, for: painted.id, page: 2)
        try await Self.filledIn(transport, ["m-1"])
        // Not a guessed half second: a page painted now is found by a later recheck, and by then
        // the recheck that filled m-1 in had read the unpainted page too, and left it waiting.
        let later = try await InteractionPathTests.writtenStory(stories, repository, theme: "a brave kitten")
        try await Self.showWaiting(later.id, stories: stories, fillIn: fillIn, as: "m-3")
        _ = try await repository.saveIllustration(Self.picture, for: later.id, page: 2)
        try await Self.filledIn(transport, ["m-1", "m-3"])
        #expect(fillIn.waitingCount == 1)
    }

    @Test("two pools on one PostgreSQL: a page shown on process A before its picture exists fills in when process B saves it")
    func acrossTwoPools() async throws {
        let url = try PostgresURL(parsing: try await PostgresTestCluster.shared.makeDatabase())
        let logger = InteractionPathTests.quietLogger
        let processA = try await PostgresDatabase.connect(to: url, logger: logger, maximumConnections: 4)
        let processB = try await PostgresDatabase.connect(to: url, logger: logger, maximumConnections: 4)
        let clock = SystemWallClock()
        let repositoryA = PostgresStoryRepository(database: processA, clock: clock, origin: "process-a")
        let repositoryB = PostgresStoryRepository(database: processB, clock: clock, origin: "process-b")
        let storiesA = StoryService(repository: repositoryA, writerLanguages: [.english], clock: clock, jobAdded: {})
        let transport = RecordingTransport()
        let fillIn = PageFillIn(transports: [transport], stories: storiesA, logger: logger)
        // No periodic recheck in this test: only the notification can fill the page in.
        let feed = ObservedFeed(PostgresPaintedPageFeed(database: processA, origin: "process-a"))
        let relay = PageFillInRelay(feed: feed, fillIn: fillIn, recheckInterval: .seconds(3_600), logger: logger)
        let running = Task { await relay.run() }
        try await feed.waitUntilListening()

        // The story is made on A; its page 2 is shown on A before any picture exists.
        let story = try storiesA.prepareStory(StoryRequestDraft(theme: "a sleepy dragon", heroName: "Mia", age: "6", pages: "3"),
                                              family: InteractionPathTests.family, requester: InteractionPathTests.asker,
                                              limits: StoryLimits(), seed: 7)
        try await storiesA.enqueue(story, delivery: DeliveryAddress(platform: "discord", channelID: "c"))
        try await repositoryA.saveText(try await OfflineStoryWriter().write(story.request), for: story.id)
        try await Self.showWaiting(story.id, stories: storiesA, fillIn: fillIn, as: "m-1")
        #expect(fillIn.waitingCount == 1)

        // B paints it (A's own pipeline is never told): A fills its message in.
        _ = try await repositoryB.saveIllustration(Self.picture, for: story.id, page: 2)
        try await Self.filledIn(transport, ["m-1"])
        #expect(fillIn.waitingCount == 0)

        // A picture A saves itself is not announced back to A (its own pipeline tells it in process).
        let shownPage3 = ReplyRenderer().page(try #require(try await storiesA.page(story.id, number: 3, family: InteractionPathTests.family)))
        await fillIn.shown(shownPage3, at: InteractionPathTests.message("m-2"), family: InteractionPathTests.family)
        _ = try await repositoryA.saveIllustration(Self.picture, for: story.id, page: 3)
        // Not a guessed second: B saves page 1 after it, and notifications come in commit order,
        // so once A is told of page 1, page 3's notice would have come before it.
        _ = try await repositoryB.saveIllustration(Self.picture, for: story.id, page: 1)
        try await waitFor(timeout: .seconds(30)) { feed.told.contains(1) ? true : nil }
        #expect(!feed.told.contains(3), "A was told of B's pictures only: \(feed.told)")
        #expect(transport.deliveries.map(\.messageID) == ["m-1"] && fillIn.waitingCount == 1)
        running.cancel()
        await running.value
        await processB.close()
        await processA.close()
    }
}
