import Foundation
import StoryDomain
import StoryStorePostgres
import StoryTestSupport
import Testing
@testable import StoryStore

/// What the stores forget, run against every backend: web chat retention (``ChatTranscriptStore/prune(room:keepNewest:olderThan:)``)
/// and interaction tokens kept with jobs; and that both databases know the same migrations.
@Suite("Storage contract: retention, forgotten tokens, one schema history")
struct RetentionContractTests {
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))

    func message(_ id: String, room: String, ageInSeconds age: TimeInterval) -> TranscriptEntry {
        let at = clock.now().addingTimeInterval(-age)
        return TranscriptEntry(id: id, room: room, payload: Data(id.utf8), createdAt: at, updatedAt: at)
    }

    @Test("a room keeps its newest messages and none older than the cutoff; every room at once too",
          arguments: StoreBackend.allCases)
    func prune(_ backend: StoreBackend) async throws {
        let ports = try await backend.make(clock: clock)
        for index in 1...5 { try await ports.transcript.upsert(message("a\(index)", room: "a", ageInSeconds: Double(60 - index))) }
        try await ports.transcript.upsert(message("b-old1", room: "b", ageInSeconds: 10_000))
        try await ports.transcript.upsert(message("b-old2", room: "b", ageInSeconds: 9_000))
        try await ports.transcript.upsert(message("b-new", room: "b", ageInSeconds: 1))
        let cutoff = clock.now().addingTimeInterval(-3_600)

        #expect(try await ports.transcript.prune(room: "a", keepNewest: 3, olderThan: cutoff) == 2)
        #expect(try await ports.transcript.recent(room: "a", limit: 10).map(\.id) == ["a3", "a4", "a5"])
        #expect(try await ports.transcript.recent(room: "b", limit: 10).count == 3, "another room is left alone")

        #expect(try await ports.transcript.prune(room: nil, keepNewest: 2, olderThan: cutoff) == 3)
        #expect(try await ports.transcript.recent(room: "a", limit: 10).map(\.id) == ["a4", "a5"])
        #expect(try await ports.transcript.recent(room: "b", limit: 10).map(\.id) == ["b-new"])
        #expect(try await ports.transcript.prune(room: nil, keepNewest: 2, olderThan: cutoff) == 0)
    }

    @Test("a withdrawn message is deleted, and only it; deleting it again is harmless", arguments: StoreBackend.allCases)
    func delete(_ backend: StoreBackend) async throws {
        let ports = try await backend.make(clock: clock)
        try await ports.transcript.upsert(message("kept", room: "a", ageInSeconds: 2))
        try await ports.transcript.upsert(message("withdrawn", room: "a", ageInSeconds: 1))
        #expect(try await ports.transcript.delete(id: "withdrawn"))
        #expect(try await !ports.transcript.delete(id: "withdrawn"))
        #expect(try await ports.transcript.entry(id: "withdrawn") == nil)
        #expect(try await ports.transcript.recent(room: "a", limit: 10).map(\.id) == ["kept"])
    }

    @Test("a finished job forgets its token at once; a waiting one when the token's life is over",
          arguments: [StoreBackend.sqlite, .postgres])
    func tokens(_ backend: StoreBackend) async throws {
        let ports = try await backend.make(clock: clock)
        let sweeper = try #require(ports.tokens)
        let delivery = DeliveryAddress(platform: .discord, channelID: "c1", messageID: "m1", secret: "interaction-token")
        let finished = try await ports.stories.createStory(Fixtures.story(id: "done"), delivery: delivery, quota: nil)
        let waiting = try await ports.stories.createStory(Fixtures.story(id: "waits"), delivery: delivery, quota: nil)
        #expect(try await ports.jobs.job(for: StoryID(rawValue: "waits")!)?.delivery.secret == "interaction-token")

        #expect(try await ports.jobs.claimNext(now: clock.now())?.id == finished.id, "only the job's holder finishes it")
        try await ports.jobs.finish(finished.id)
        let done = try #require(try await ports.jobs.job(for: StoryID(rawValue: "done")!))
        #expect(done.status == .done && done.delivery.secret == nil && done.delivery.messageID == "m1",
                "finishing forgets the token and keeps the rest of the address")

        #expect(try await sweeper.sweep() == 0, "a fresh token is kept")
        clock.advance(by: 15 * 60 + 1)
        #expect(try await sweeper.sweep() == 1)
        let swept = try #require(try await ports.jobs.job(for: StoryID(rawValue: "waits")!))
        #expect(swept.id == waiting.id && swept.delivery.secret == nil && swept.delivery.channelID == "c1")
        #expect(try await sweeper.sweep() == 0)
    }

    @Test("PostgreSQL has a migration of the same name for each of SQLite's, in the same order")
    func sameMigrations() throws {
        #expect(try AppDatabase.inMemory().appliedMigrations() == PostgresDatabase.knownMigrations)
    }
}
