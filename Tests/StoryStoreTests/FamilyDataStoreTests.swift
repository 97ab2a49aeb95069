import Foundation
import GRDB
import StoryDomain
import StoryTestSupport
import Testing
@testable import StoryStore

@Suite("Forgetting a family's data")
struct FamilyDataStoreTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let other = FamilyRef(platform: "web", externalID: "cousins")
    static let delivery = DeliveryAddress(platform: "web", channelID: "family")

    @Test("every story, picture, collection, progress, achievement, setting and message of the family goes; admin records and other families stay")
    func forget() async throws {
        let temp = try TemporaryDatabase()
        defer { temp.cleanUp() }
        let clock = ManualWallClock(Self.start)
        let database = try temp.open()
        let repository = SQLiteStoryRepository(database: database, clock: clock)
        let collections = SQLiteCollectionStore(database: database, clock: clock)
        let settings = SQLiteFamilySettingsStore(database: database, clock: clock)
        let transcript = SQLiteChatTranscript(database: database)
        let entitlements = SQLiteEntitlementStore(database: database, clock: clock)
        let usage = SQLiteUsageLedger(database: database)

        // The family: a story with two pictures (one shared with the cousins), a collection, a read, settings, chat.
        let story = Fixtures.story(id: "ours")
        _ = try await repository.createStory(story, delivery: Self.delivery, quota: DailyQuota(storiesPerDay: 3))
        try await repository.saveText(Fixtures.written(pages: 3), for: story.id)
        _ = try await repository.saveIllustration(Fixtures.picture(1), for: story.id, page: 1)
        let shared = try await repository.saveIllustration(Fixtures.picture(2), for: story.id, page: 2)
        let collection = GrowthCollection(id: CollectionID(rawValue: "coll1")!, family: Fixtures.family, requester: Fixtures.mia,
                                          goal: .kindness, heroName: "Mia", age: 5, companion: nil, language: .english, storyCount: 3,
                                          seed: 1, createdAt: clock.now())
        _ = try await collections.createCollection(collection, firstStory: Fixtures.story(id: "part1"), delivery: Self.delivery, quota: nil)
        #expect(try await collections.recordRead(of: story, at: clock.now()).earned.map(\.kind) == [.firstStory])
        try await settings.save(FamilySettings(maxPages: 4, avoidList: ["spiders"]), for: Fixtures.family, by: "u-mia")
        try await transcript.upsert(TranscriptEntry(id: "m1", room: "family", payload: Data("hi".utf8), createdAt: clock.now(), updatedAt: clock.now()))
        try await transcript.upsert(TranscriptEntry(id: "m2", room: "cousins", payload: Data("yo".utf8), createdAt: clock.now(), updatedAt: clock.now()))
        let grant = try await entitlements.grant(.family(Fixtures.family), by: "cli:1", at: clock.now(), until: nil, reason: "family plan")
        try await usage.record(UsageEntry(family: Fixtures.family, storyID: story.id,
                                          usage: ProviderUsage(provider: "gemini", model: "m", inputTokens: 1, outputTokens: 2, images: 1),
                                          at: clock.now()))

        // The cousins' story uses the same picture for its page 1.
        let theirs = Fixtures.story(id: "theirs", family: Self.other)
        _ = try await repository.createStory(theirs, delivery: Self.delivery, quota: nil)
        try await repository.saveText(Fixtures.written(pages: 3), for: theirs.id)
        _ = try await repository.saveIllustration(Fixtures.picture(2), for: theirs.id, page: 1)

        var forgotten = try await SQLiteFamilyDataStore(database: database).forget(Fixtures.family)
        #expect(Set(forgotten.storyIDs.map(\.rawValue)) == ["ours", "part1"], "the deleted stories are named, for the chats showing them")
        forgotten.storyIDs = []
        #expect(forgotten == ForgottenFamilyData(stories: 2, pictures: 1, collections: 1, chatMessages: 1))

        #expect(try await repository.library(of: Fixtures.family, offset: 0, limit: 10).total == 0)
        #expect(try await collections.collections(of: Fixtures.family).isEmpty)
        #expect(try await settings.settings(for: Fixtures.family) == FamilySettings())
        #expect(try await transcript.recent(room: "family", limit: 10).isEmpty)
        #expect(try await repository.image(shared) != nil, "a picture the cousins still use is kept")
        let leftovers = try await database.writer.read { db in
            try ["reading_day", "achievement", "collection_entry", "page", "job"].map {
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \($0)") ?? 0
            }
        }
        #expect(leftovers == [0, 0, 0, 3, 1], "only the cousins' pages and job are left")

        // Admin records stay: the grant, its audit entry, the usage ledger, the quota ledger.
        #expect(try await entitlements.activeGrants(for: [.family(Fixtures.family)], at: clock.now()) == [grant])
        #expect(try await entitlements.auditLog(for: .family(Fixtures.family), limit: 5).map(\.action) == [.grant])
        #expect(try await usage.totals(since: Self.start.addingTimeInterval(-60)).count == 1)
        #expect(try await repository.storiesStarted(by: Fixtures.mia, on: "web", since: DailyQuota.day(containing: Self.start).start) == 1)

        // The cousins are untouched, and the family can start again.
        #expect(try await repository.story(theirs.id) != nil)
        #expect(try await transcript.recent(room: "cousins", limit: 10).count == 1)
        _ = try await repository.createStory(Fixtures.story(id: "fresh"), delivery: Self.delivery, quota: nil)
        #expect(try await SQLiteFamilyDataStore(database: database).forget(FamilyRef(platform: "web", externalID: "nobody"))
            == ForgottenFamilyData())
    }
}
