import Foundation
import GRDB
import StoryDomain
import StoryTestSupport
import Testing
@testable import StoryStore

@Suite("Quota ledger")
struct QuotaLedgerTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000) // 2027-01-15 08:00 UTC
    static let delivery = DeliveryAddress(platform: "web", channelID: "f")

    @Test("deleting stories gives no quota back; a failed story still does not count")
    func deletingKeepsTheUse() async throws {
        let temp = try TemporaryDatabase()
        defer { temp.cleanUp() }
        let clock = ManualWallClock(Self.start)
        let repository = SQLiteStoryRepository(database: try temp.open(), clock: clock)
        let quota = DailyQuota(storiesPerDay: 3)
        for index in 1...3 {
            _ = try await repository.createStory(Fixtures.story(id: "made\(index)", at: clock.now()), delivery: Self.delivery, quota: quota)
        }
        for index in 1...3 {
            #expect(try await repository.deleteStory(StoryID(rawValue: "made\(index)")!))
        }
        #expect(try await repository.library(of: Fixtures.family, offset: 0, limit: 10).total == 0)
        await #expect(throws: QuotaExceeded.self, "three made and deleted are still three made today") {
            _ = try await repository.createStory(Fixtures.story(id: "made4", at: clock.now()), delivery: Self.delivery, quota: quota)
        }
        #expect(try await repository.storiesStarted(by: Fixtures.mia, on: "web", since: DailyQuota.day(containing: clock.now()).start) == 3)

        // The next day: one made, then it fails — it is refunded, and stays refunded once deleted.
        clock.advance(by: 86_400)
        let today = DailyQuota.day(containing: clock.now()).start
        _ = try await repository.createStory(Fixtures.story(id: "fails", at: clock.now()), delivery: Self.delivery, quota: quota)
        #expect(try await repository.storiesStarted(by: Fixtures.mia, on: "web", since: today) == 1)
        try await repository.markFailed(StoryID(rawValue: "fails")!, reason: "provider down", refundingQuota: true)
        #expect(try await repository.storiesStarted(by: Fixtures.mia, on: "web", since: today) == 0)
        _ = try await repository.deleteStory(StoryID(rawValue: "fails")!)
        #expect(try await repository.storiesStarted(by: Fixtures.mia, on: "web", since: today) == 0)
        for index in 1...3 {
            _ = try await repository.createStory(Fixtures.story(id: "next\(index)", at: clock.now()), delivery: Self.delivery, quota: quota)
        }
        await #expect(throws: QuotaExceeded.self) {
            _ = try await repository.createStory(Fixtures.story(id: "next4", at: clock.now()), delivery: Self.delivery, quota: quota)
        }
    }

    @Test("a collection's first story uses the owner's quota; the stories after it use none")
    func collectionsUseOneSlot() async throws {
        let temp = try TemporaryDatabase()
        defer { temp.cleanUp() }
        let clock = ManualWallClock(Self.start)
        let database = try temp.open()
        let repository = SQLiteStoryRepository(database: database, clock: clock)
        let store = SQLiteCollectionStore(database: database, clock: clock)
        let collection = GrowthCollection(id: CollectionID(rawValue: "coll1")!, family: Fixtures.family, requester: Fixtures.mia,
                                          goal: .bravery, heroName: "Mia", age: 5, companion: nil, language: .english, storyCount: 3,
                                          seed: 1, createdAt: clock.now())
        _ = try await store.createCollection(collection, firstStory: Fixtures.story(id: "part1", at: clock.now()),
                                             delivery: Self.delivery, quota: DailyQuota(storiesPerDay: 1))
        let today = DailyQuota.day(containing: clock.now()).start
        #expect(try await repository.storiesStarted(by: Fixtures.mia, on: "web", since: today) == 1)
        #expect(try await store.addStory(Fixtures.story(id: "part2", at: clock.now()), to: collection.id, position: 2, delivery: Self.delivery))
        #expect(try await store.addStory(Fixtures.story(id: "part3", at: clock.now()), to: collection.id, position: 3, delivery: Self.delivery))
        #expect(try await repository.storiesStarted(by: Fixtures.mia, on: "web", since: today) == 1)
    }

    @Test("v5 backfills the ledger from the stories already made: not failed, and quota-checked")
    func backfill() async throws {
        let temp = try TemporaryDatabase()
        defer { temp.cleanUp() }
        let pool = try DatabasePool(path: temp.path)
        try AppDatabase.migrator.migrate(pool, upTo: "v4: plans, audit, settings, collections, achievements")
        let day = "2027-01-15 08:00:00.000"
        try await pool.write { db in
            try db.execute(sql: "INSERT INTO family (id, platform, external_id, created_at) VALUES (1, 'web', 'family', ?)", arguments: [day])
            for (id, status) in [("ok1", "ready"), ("ok2", "queued"), ("broken", "failed"), ("part1", "ready"), ("part2", "ready")] {
                try db.execute(sql: """
                    INSERT INTO story (id, family_id, requester_id, requester_name, theme, hero_name, age, page_count, language, seed,
                                       status, created_at)
                    VALUES (?, 1, 'u-mia', 'Mia''s mum', 'owls', 'Mia', 5, 3, 'en', 1, ?, ?)
                    """, arguments: [id, status, day])
            }
            try db.execute(sql: """
                INSERT INTO growth_collection (id, family_id, requester_id, requester_name, goal, hero_name, age, language,
                                               story_count, seed, created_at)
                VALUES ('coll1', 1, 'u-mia', 'Mia''s mum', 'bravery', 'Mia', 5, 'en', 3, 1, ?)
                """, arguments: [day])
            for (position, story) in [(1, "part1"), (2, "part2")] {
                try db.execute(sql: "INSERT INTO collection_entry (collection_id, position, theme, question, story_id) VALUES ('coll1', ?, 't', 'q', ?)",
                               arguments: [position, story])
            }
        }
        let database = try AppDatabase(pool)
        #expect(try database.appliedMigrations().contains("v5: quota ledger"))
        let backfilled = try await database.writer.read { db in
            try String.fetchAll(db, sql: "SELECT story_id FROM quota_use WHERE refunded = 0 ORDER BY story_id")
        }
        #expect(backfilled == ["ok1", "ok2", "part1"])
        let repository = SQLiteStoryRepository(database: database, clock: ManualWallClock(Self.start))
        #expect(try await repository.storiesStarted(by: Fixtures.mia, on: "web", since: DailyQuota.day(containing: Self.start).start) == 3)
        #expect(try await repository.storiesStarted(by: Fixtures.mia, on: "web", since: DailyQuota.day(containing: Self.start).start,
                                                    pool: .builtIn) == 0, "v18: every earlier use was the plan's")
        await #expect(throws: QuotaExceeded.self) {
            _ = try await repository.createStory(Fixtures.story(id: "more"), delivery: Self.delivery, quota: DailyQuota(storiesPerDay: 3))
        }
    }
}

@Suite("Quota ledger: bedtime screen refusals")
struct BedtimeScreenQuotaTests {
    @Test("a story refused after writing keeps its quota use; only a failure marked the service's fault is refunded")
    func screenRefusalKeepsTheUse() async throws {
        let temp = try TemporaryDatabase()
        defer { temp.cleanUp() }
        let clock = ManualWallClock(QuotaLedgerTests.start)
        let repository = SQLiteStoryRepository(database: try temp.open(), clock: clock)
        let today = DailyQuota.day(containing: clock.now()).start
        // Three quota-checked stories (each with a ledger row) that will fail differently.
        for id in ["screened", "quoted", "avoided"] {
            _ = try await repository.createStory(Fixtures.story(id: id, at: clock.now()), delivery: QuotaLedgerTests.delivery,
                                                 quota: DailyQuota(storiesPerDay: 3))
        }
        #expect(try await repository.storiesStarted(by: Fixtures.mia, on: "web", since: today) == 3)

        // The reason is stored as the pipeline stores it: the error's description.
        let refused = String(describing: GeneratedStoryChecker.Problem.unsafeContent(.gore))
        #expect(GeneratedStoryChecker.Problem.isBedtimeScreenRefusal(refused))
        try await repository.setStatus(.failed, for: StoryID(rawValue: "screened")!, reason: refused)
        #expect(try await repository.storiesStarted(by: Fixtures.mia, on: "web", since: today) == 3, "the refused story keeps its slot")

        // A model writer that checks its own answer quotes the checker's problem in its error.
        let quoted = "gemini: story broke the rules (\(refused))"
        #expect(GeneratedStoryChecker.Problem.isBedtimeScreenRefusal(quoted))
        try await repository.setStatus(.failed, for: StoryID(rawValue: "quoted")!, reason: quoted)
        #expect(try await repository.storiesStarted(by: Fixtures.mia, on: "web", since: today) == 3)

        let avoided = String(describing: GeneratedStoryChecker.Problem.avoidedWord("spiders"))
        #expect(!GeneratedStoryChecker.Problem.isBedtimeScreenRefusal(avoided))
        try await repository.markFailed(StoryID(rawValue: "avoided")!, reason: avoided, refundingQuota: false)
        #expect(try await repository.storiesStarted(by: Fixtures.mia, on: "web", since: today) == 3, "an avoid-list refusal keeps it too")
        try await repository.markFailed(StoryID(rawValue: "avoided")!, reason: "gemini: timed out", refundingQuota: true)
        #expect(try await repository.storiesStarted(by: Fixtures.mia, on: "web", since: today) == 2, "the service's fault is refunded")
        _ = try await repository.createStory(Fixtures.story(id: "next", at: clock.now()), delivery: QuotaLedgerTests.delivery,
                                             quota: DailyQuota(storiesPerDay: 3))
        await #expect(throws: QuotaExceeded.self) {
            _ = try await repository.createStory(Fixtures.story(id: "more", at: clock.now()), delivery: QuotaLedgerTests.delivery,
                                                 quota: DailyQuota(storiesPerDay: 3))
        }
    }
}
