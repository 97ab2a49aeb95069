import Foundation
import Logging
import PostgresTestSupport
import StoryDomain
import StoryStorePostgres
import StoryTestSupport
import Testing
@testable import StoryStore

/// The storage ports' contract, run against every backend: the SQLite store, the PostgreSQL
/// store (a fresh database on a private cluster, ``PostgresTestCluster``) and the in-memory
/// fakes the unit tests use (so the fakes stay faithful).
enum StoreBackend: String, CaseIterable, CustomTestStringConvertible {
    case sqlite, postgres, inMemory

    var testDescription: String { rawValue }

    /// The ports, all on one store.
    struct Ports {
        let stories: any StoryRepository
        let jobs: any StoryJobQueue
        let collections: any CollectionStore
        let settings: any FamilySettingsStore
        let transcript: any ChatTranscriptStore
        let familyData: any FamilyDataStore
        /// The usage ledger's model calls and the refused requests (the spend limits).
        let modelCalls: any ModelCallLedger
        let refusals: any RefusedRequestLedger
        /// Forgets interaction tokens kept with jobs (the databases only: the fakes keep none).
        var tokens: (any DeliveryTokenSweeping)? = nil
        /// The same jobs as seen by another process holding `lease`.
        var queue: @Sendable (JobLease) -> any StoryJobQueue = { _ in preconditionFailure("no queue factory") }
    }

    func make(clock: ManualWallClock) async throws -> Ports {
        switch self {
        case .postgres:
            return Self.ports(on: try await Self.postgres(), clock: clock)
        case .sqlite:
            return Self.ports(on: try AppDatabase.inMemory(), clock: clock)
        case .inMemory:
            let store = InMemoryStore(clock: clock)
            return Ports(stories: store, jobs: store, collections: store, settings: store, transcript: store, familyData: store,
                         modelCalls: InMemoryUsageLedger(), refusals: InMemoryRefusedRequestLedger(),
                         queue: { store.queue(lease: $0) })
        }
    }

    /// The ports on the PostgreSQL database `database` (for contract tests of another port on the same database).
    static func ports(on database: PostgresDatabase, clock: ManualWallClock) -> Ports {
        Ports(stories: PostgresStoryRepository(database: database, clock: clock),
              jobs: PostgresJobQueue(database: database, clock: clock),
              collections: PostgresCollectionStore(database: database, clock: clock),
              settings: PostgresFamilySettingsStore(database: database, clock: clock),
              transcript: PostgresChatTranscript(database: database), familyData: PostgresFamilyDataStore(database: database),
              modelCalls: PostgresUsageLedger(database: database), refusals: PostgresRefusedRequestLedger(database: database),
              tokens: SQLDeliveryTokenSweeper(database: database, clock: clock),
              queue: { PostgresJobQueue(database: database, clock: clock, lease: $0) })
    }

    /// The ports on the SQLite database `database`.
    static func ports(on database: AppDatabase, clock: ManualWallClock) -> Ports {
        Ports(stories: SQLiteStoryRepository(database: database, clock: clock), jobs: SQLiteJobQueue(database: database, clock: clock),
              collections: SQLiteCollectionStore(database: database, clock: clock),
              settings: SQLiteFamilySettingsStore(database: database, clock: clock),
              transcript: SQLiteChatTranscript(database: database), familyData: SQLiteFamilyDataStore(database: database),
              modelCalls: SQLiteUsageLedger(database: database), refusals: SQLiteRefusedRequestLedger(database: database),
              tokens: SQLDeliveryTokenSweeper(database: database, clock: clock),
              queue: { SQLiteJobQueue(database: database, clock: clock, lease: $0) })
    }

    /// A migrated, empty PostgreSQL database of its own.
    static func postgres() async throws -> PostgresDatabase {
        let url = try PostgresURL(parsing: try await PostgresTestCluster.shared.makeDatabase())
        return try await PostgresDatabase.connect(to: url, logger: Logger(label: "test.postgres"), waitingUpTo: .seconds(5),
                                                  maximumConnections: 4)
    }
}

@Suite("Storage contract: stories, jobs, quota")
struct StoreContractTests {
    static let delivery = DeliveryAddress(platform: "web", channelID: "family", messageID: "m1")
    static let quota = DailyQuota(storiesPerDay: 2)
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))

    var today: Date { DailyQuota.day(containing: clock.now()).start }

    @Test("the quota is counted with the story; a failed story is refunded only when marked the service's fault",
          arguments: StoreBackend.allCases)
    func quota(_ backend: StoreBackend) async throws {
        let ports = try await backend.make(clock: clock)
        _ = try await ports.stories.createStory(Fixtures.story(id: "first"), delivery: Self.delivery, quota: Self.quota)
        _ = try await ports.stories.createStory(Fixtures.story(id: "second"), delivery: Self.delivery, quota: Self.quota)
        await #expect(throws: QuotaExceeded.self) {
            _ = try await ports.stories.createStory(Fixtures.story(id: "third"), delivery: Self.delivery, quota: Self.quota)
        }
        #expect(try await ports.stories.story(StoryID(rawValue: "third")!) == nil, "a refused story leaves no trace")

        try await ports.stories.markFailed(StoryID(rawValue: "first")!, reason: "gemini: unavailable (503)", refundingQuota: true)
        #expect(try await ports.stories.storiesStarted(by: Fixtures.mia, on: "web", since: today) == 1)
        #expect(try await ports.stories.story(StoryID(rawValue: "first")!)?.status == .failed)
        let unsafe = String(describing: GeneratedStoryChecker.Problem.unsafeContent(.violence))
        try await ports.stories.markFailed(StoryID(rawValue: "second")!, reason: "model error: \(unsafe)", refundingQuota: false)
        #expect(try await ports.stories.storiesStarted(by: Fixtures.mia, on: "web", since: today) == 1, "the refused story keeps its use")
        #expect(try await ports.stories.story(StoryID(rawValue: "second")!)?.failureReason == "model error: \(unsafe)")

        _ = try await ports.stories.createStory(Fixtures.story(id: "third"), delivery: Self.delivery, quota: Self.quota)
        #expect(try await ports.stories.deleteStory(StoryID(rawValue: "third")!))
        #expect(try await ports.stories.storiesStarted(by: Fixtures.mia, on: "web", since: today) == 2, "deleting gives nothing back")
        #expect(try await ports.stories.storiesStarted(by: Fixtures.mia, on: "discord", since: today) == 0, "per platform")

        clock.advance(by: 86_400)
        #expect(try await ports.stories.storiesStarted(by: Fixtures.mia, on: "web", since: today) == 0, "a new day")
    }

    @Test("one job per platform request; the request finds its story", arguments: StoreBackend.allCases)
    func oneJobPerRequest(_ backend: StoreBackend) async throws {
        let ports = try await backend.make(clock: clock)
        var delivery = Self.delivery
        delivery.requestID = "1300"
        let job = try await ports.stories.createStory(Fixtures.story(id: "asked"), delivery: delivery, quota: Self.quota)
        #expect(job.delivery == delivery && job.status == .queued && job.attempts == 0 && job.notBefore == clock.now())
        await #expect(throws: (any Error).self) {
            _ = try await ports.stories.createStory(Fixtures.story(id: "again"), delivery: delivery, quota: Self.quota)
        }
        #expect(try await ports.stories.story(StoryID(rawValue: "again")!) == nil)
        #expect(try await ports.stories.storiesStarted(by: Fixtures.mia, on: "web", since: today) == 1, "the refused one used nothing")
        #expect(try await ports.stories.story(forRequest: "1300", on: "web") == StoryID(rawValue: "asked"))
        #expect(try await ports.stories.story(forRequest: "1300", on: "discord") == nil)

        // A moved delivery keeps the job's request.
        try await ports.jobs.updateDelivery(job.id, to: DeliveryAddress(platform: "web", channelID: "family", messageID: "m2"))
        #expect(try await ports.stories.story(forRequest: "1300", on: "web") == StoryID(rawValue: "asked"))
        #expect(try await ports.jobs.job(for: StoryID(rawValue: "asked")!)?.delivery.messageID == "m2")
    }

    @Test("jobs are claimed oldest due first; retries wait; released jobs go back to the queue", arguments: StoreBackend.allCases)
    func queue(_ backend: StoreBackend) async throws {
        let ports = try await backend.make(clock: clock)
        let first = try await ports.stories.createStory(Fixtures.story(id: "one"), delivery: Self.delivery, quota: nil)
        clock.advance(by: 1)
        let second = try await ports.stories.createStory(Fixtures.story(id: "two", at: clock.now()), delivery: Self.delivery, quota: nil)

        let claimed = try #require(try await ports.jobs.claimNext(now: clock.now()))
        #expect(claimed.id == first.id && claimed.status == .running && claimed.attempts == 1)
        try await ports.jobs.retry(claimed.id, notBefore: clock.now().addingTimeInterval(60), error: "busy")
        #expect(try await ports.jobs.claimNext(now: clock.now())?.id == second.id)
        #expect(try await ports.jobs.claimNext(now: clock.now()) == nil, "the retry is not due yet")

        // A stop: the running job goes back to the queue, due since it was made (a crash's jobs
        // come back when their lease runs out: LeaseContractTests).
        try await ports.jobs.release(second.id)
        #expect(try await ports.jobs.requeueInterrupted() == 0, "nothing else is left behind")
        clock.advance(by: 60)
        #expect(try await ports.jobs.claimNext(now: clock.now())?.id == second.id, "due before the retry")
        let again = try #require(try await ports.jobs.claimNext(now: clock.now()))
        #expect(again.id == first.id && again.attempts == 2 && again.lastError == "busy")
        try await ports.jobs.markDelivered(again.id, at: clock.now())
        try await ports.jobs.finish(again.id)
        let done = try #require(try await ports.jobs.job(for: StoryID(rawValue: "one")!))
        #expect(done.status == .done && done.deliveredAt == clock.now())
    }

    @Test("text is saved once; pictures are shared by content and deleted with the last story using them",
          arguments: StoreBackend.allCases)
    func pagesAndPictures(_ backend: StoreBackend) async throws {
        let ports = try await backend.make(clock: clock)
        for id in ["a", "b"] {
            _ = try await ports.stories.createStory(Fixtures.story(id: id), delivery: Self.delivery, quota: nil)
            try await ports.stories.saveText(Fixtures.written(pages: 3), for: StoryID(rawValue: id)!)
        }
        let a = StoryID(rawValue: "a")!
        let b = StoryID(rawValue: "b")!
        try await ports.stories.saveText(Fixtures.written(pages: 3, title: "Another title"), for: a)
        #expect(try await ports.stories.pages(of: a).map(\.text) == ["Page 1 text.", "Page 2 text.", "Page 3 text."])
        #expect(try await ports.stories.story(a)?.status == .illustrating)

        let shared = try await ports.stories.saveIllustration(Fixtures.picture(1), for: a, page: 1)
        #expect(try await ports.stories.saveIllustration(Fixtures.picture(1), for: b, page: 1) == shared, "content-addressed")
        let own = try await ports.stories.saveIllustration(Fixtures.picture(2), for: a, page: 2)
        #expect(try await ports.stories.pageSnapshot(a, page: 2)?.page.imageID == own)
        #expect(try await ports.stories.pageSnapshot(a, page: 2)?.picture == nil, "the picture only when asked for")
        #expect(try await ports.stories.pageSnapshot(a, page: 9) == nil)
        // With its picture: PostgreSQL reads it in the same query; SQLite leaves it to the caller's cache.
        let withPicture = try #require(try await ports.stories.pageSnapshotWithPicture(a, page: 2))
        let withoutPicture = try await ports.stories.pageSnapshot(a, page: 2)
        let picture = try await ports.stories.image(own)
        #expect(withPicture.page == withoutPicture?.page && withPicture.story == withoutPicture?.story)
        #expect(picture?.data == Fixtures.picture(2).data)
        // Saved with no chat form: none is read with the page (ChatPictureContractTests).
        #expect(withPicture.picture == nil, "no chat form kept: the caller reads the picture by id")
        #expect(try await ports.stories.pageSnapshotWithPicture(a, page: 3)?.picture == nil, "a page not painted yet has none")
        #expect(try await ports.stories.pageSnapshotWithPicture(a, page: 9) == nil)

        #expect(try await ports.stories.deleteStory(a))
        #expect(try await ports.stories.image(own) == nil)
        #expect(try await ports.stories.image(shared)?.data == Fixtures.picture(1).data, "still used by b")
        #expect(try await ports.stories.deleteStory(a) == false)
        #expect(try await ports.jobs.job(for: a) == nil, "the job goes with its story")
    }

    @Test("the library is newest first, paged; titles and themes are searched", arguments: StoreBackend.allCases)
    func library(_ backend: StoreBackend) async throws {
        let ports = try await backend.make(clock: clock)
        for (index, theme) in ["a sleepy dragon", "owls at night", "a brave Dragon"].enumerated() {
            _ = try await ports.stories.createStory(Fixtures.story(id: "s\(index)", theme: theme, at: clock.now()), delivery: Self.delivery,
                                                    quota: nil)
            clock.advance(by: 10)
        }
        _ = try await ports.stories.createStory(Fixtures.story(id: "elsewhere", family: FamilyRef(platform: "web", externalID: "other")),
                                                delivery: Self.delivery, quota: nil)
        let page = try await ports.stories.library(of: Fixtures.family, offset: 1, limit: 1)
        #expect(page.total == 3 && page.offset == 1)
        #expect(page.items.map(\.id.rawValue) == ["s1"])
        #expect(try await ports.stories.findStories(in: Fixtures.family, matching: "dragon", limit: 10).map(\.id.rawValue) == ["s2", "s0"])
        #expect(try await ports.stories.findStories(in: Fixtures.family, matching: "", limit: 2).map(\.id.rawValue) == ["s2", "s1"])
    }
}

@Suite("Storage contract: collections, transcripts, forgetting a family")
struct FamilyStoreContractTests {
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))

    func collection(_ id: String = "coll1", count: Int = 3) -> GrowthCollection {
        GrowthCollection(id: CollectionID(rawValue: id)!, family: Fixtures.family, requester: Fixtures.mia, goal: .kindness, heroName: "Mia",
                         age: 5, companion: nil, language: .english, storyCount: count, seed: 1, createdAt: clock.now())
    }

    @Test("a position keeps its story; reading counts once; finishing earns the achievement once", arguments: StoreBackend.allCases)
    func collections(_ backend: StoreBackend) async throws {
        let ports = try await backend.make(clock: clock)
        let growth = collection()
        _ = try await ports.collections.createCollection(growth, firstStory: Fixtures.story(id: "c1"), delivery: .background,
                                                         quota: DailyQuota(storiesPerDay: 3))
        #expect(try await ports.collections.addStory(Fixtures.story(id: "c2"), to: growth.id, position: 2, delivery: .background))
        #expect(try await ports.collections.addStory(Fixtures.story(id: "c2b"), to: growth.id, position: 2, delivery: .background) == false)
        #expect(try await ports.collections.addStory(Fixtures.story(id: "c3"), to: growth.id, position: 3, delivery: .background))
        #expect(try await ports.stories.story(StoryID(rawValue: "c2")!)?.collection?.position == 2)

        var earned: [Achievement.Kind] = []
        for id in ["c1", "c2", "c3"] {
            let story = try #require(try await ports.stories.story(StoryID(rawValue: id)!))
            let outcome = try await ports.collections.recordRead(of: story, at: clock.now())
            #expect(outcome.firstRead)
            earned += outcome.earned.map(\.kind)
        }
        #expect(earned == [.firstStory, .collectionComplete])
        let again = try await ports.collections.recordRead(of: try #require(try await ports.stories.story(StoryID(rawValue: "c1")!)),
                                                           at: clock.now())
        #expect(!again.firstRead && again.earned.isEmpty && again.collection?.isComplete == true)
        #expect(try await ports.collections.collection(growth.id)?.collection.completedAt == clock.now())

        #expect(try await ports.collections.deleteCollection(growth.id))
        #expect(try await ports.stories.story(StoryID(rawValue: "c1")!) == nil)
        #expect(try await ports.collections.collections(of: Fixtures.family).isEmpty)
    }

    @Test("an edited message keeps its room and place; history is the newest, oldest first", arguments: StoreBackend.allCases)
    func transcript(_ backend: StoreBackend) async throws {
        let ports = try await backend.make(clock: clock)
        for index in 1...3 {
            try await ports.transcript.upsert(TranscriptEntry(id: "m\(index)", room: "family", payload: Data("v1".utf8),
                                                              createdAt: clock.now(), updatedAt: clock.now()))
            clock.advance(by: 1)
        }
        try await ports.transcript.upsert(TranscriptEntry(id: "m1", room: "elsewhere", payload: Data("v2".utf8), createdAt: clock.now(),
                                                          updatedAt: clock.now()))
        let edited = try #require(try await ports.transcript.entry(id: "m1"))
        #expect(edited.room == "family" && edited.payload == Data("v2".utf8))
        #expect(edited.createdAt == Date(timeIntervalSince1970: 1_800_000_000) && edited.updatedAt == clock.now())
        #expect(try await ports.transcript.recent(room: "family", limit: 2).map(\.id) == ["m2", "m3"])
    }

    @Test("a deleted story's messages leave its room's transcript; other rooms' messages stay", arguments: StoreBackend.allCases)
    func removeStories(_ backend: StoreBackend) async throws {
        let ports = try await backend.make(clock: clock)
        for (id, room) in [("page", "family"), ("book", "family"), ("words", "family"), ("theirs", "cousins")] {
            try await ports.transcript.upsert(TranscriptEntry(id: id, room: room, payload: Data("{}".utf8), createdAt: clock.now(),
                                                              updatedAt: clock.now()))
        }
        try await ports.transcript.removeStories(["s1"], messageIDs: ["page", "book", "theirs"], room: "family")
        #expect(try await ports.transcript.recent(room: "family", limit: 10).map(\.id) == ["words"])
        #expect(try await ports.transcript.entry(id: "theirs") != nil, "only the room's own messages")
        try await ports.transcript.removeStories(["s2"], messageIDs: [], room: "family")
    }

    @Test("forgetting a family deletes its stories, pictures, collections, settings and room, and nothing else",
          arguments: StoreBackend.allCases)
    func forget(_ backend: StoreBackend) async throws {
        let ports = try await backend.make(clock: clock)
        let other = FamilyRef(platform: "web", externalID: "other")
        _ = try await ports.stories.createStory(Fixtures.story(id: "mine"), delivery: .background, quota: nil)
        _ = try await ports.stories.createStory(Fixtures.story(id: "theirs", family: other), delivery: .background, quota: nil)
        for id in ["mine", "theirs"] {
            try await ports.stories.saveText(Fixtures.written(pages: 3), for: StoryID(rawValue: id)!)
        }
        _ = try await ports.stories.saveIllustration(Fixtures.picture(1), for: StoryID(rawValue: "mine")!, page: 1)
        let shared = try await ports.stories.saveIllustration(Fixtures.picture(2), for: StoryID(rawValue: "mine")!, page: 2)
        _ = try await ports.stories.saveIllustration(Fixtures.picture(2), for: StoryID(rawValue: "theirs")!, page: 1)
        _ = try await ports.collections.createCollection(collection(), firstStory: Fixtures.story(id: "inseries"), delivery: .background,
                                                         quota: nil)
        try await ports.settings.save(FamilySettings(maxPages: 4), for: Fixtures.family, by: "u-mia")
        try await ports.transcript.upsert(TranscriptEntry(id: "hello", room: "family", payload: Data("{}".utf8), createdAt: clock.now(),
                                                          updatedAt: clock.now()))

        var forgotten = try await ports.familyData.forget(Fixtures.family)
        #expect(Set(forgotten.storyIDs.map(\.rawValue)) == ["mine", "inseries"], "the deleted stories are named, for the chats showing them")
        forgotten.storyIDs = []
        #expect(forgotten == ForgottenFamilyData(stories: 2, pictures: 1, collections: 1, chatMessages: 1))
        #expect(try await ports.stories.library(of: Fixtures.family, offset: 0, limit: 10).total == 0)
        #expect(try await ports.settings.settings(for: Fixtures.family) == FamilySettings())
        #expect(try await ports.transcript.entry(id: "hello") == nil)
        #expect(try await ports.stories.story(StoryID(rawValue: "theirs")!) != nil)
        #expect(try await ports.stories.image(shared) != nil, "another family's story still uses it")
        #expect(try await ports.familyData.forget(Fixtures.family) == ForgottenFamilyData())
    }
}
