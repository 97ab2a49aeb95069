import Foundation
import Logging
import PostgresTestSupport
import StoryDomain
import StoryStorePostgres
import StoryTestSupport
import Testing
@testable import StoryStore

/// The vote store's contract on SQLite, PostgreSQL and the in-memory fake: one open vote per
/// chain, one ballot per member (a changed mind replaces it), closing won once, and votes that
/// survive a restart.
@Suite("Storage contract: votes on what happens next")
struct ChapterVoteContractTests {
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))
    static let family = FamilyRef(platform: "web", externalID: "family")
    static let series = StoryID(rawValue: "chain1")!
    static let choices = [NextChoice(text: "🔍 A lost kite", theme: "a lost kite", turn: .puzzle),
                          NextChoice(text: "Mia sails to the moon", theme: "Mia sails to the moon")]

    func vote(_ id: String, story: String = "chain1", family: FamilyRef = family, hours: Double = 24) -> ChapterVote {
        ChapterVote(id: id, family: family, seriesID: Self.series, storyID: StoryID(rawValue: story)!, channelID: "room-1",
                    choices: Self.choices, openedAt: clock.now(), endsAt: clock.now().addingTimeInterval(hours * 3600))
    }

    func make(_ backend: StoreBackend) async throws -> (store: any ChapterVoteStore, familyData: (any FamilyDataStore)?) {
        switch backend {
        case .sqlite:
            let database = try AppDatabase.inMemory()
            return (SQLiteChapterVoteStore(database: database, clock: clock), SQLiteFamilyDataStore(database: database))
        case .postgres:
            let database = try await StoreBackend.postgres()
            return (PostgresChapterVoteStore(database: database, clock: clock), PostgresFamilyDataStore(database: database))
        case .inMemory:
            return (InMemoryChapterVoteStore(), nil)
        }
    }

    @Test("one open vote per chain; read back by id, chain and message; closed once; forgotten with the family",
          arguments: StoreBackend.allCases)
    func openAndClose(_ backend: StoreBackend) async throws {
        let (store, familyData) = try await make(backend)
        let other = FamilyRef(platform: "discord", externalID: "42")
        #expect(try await store.open(vote("v1")))
        #expect(try await store.open(vote("v2", story: "chapter2")) == false, "the chain has an open vote")
        #expect(try await store.open(vote("v3", family: other)), "another family's chain of the same id")
        let kept = try #require(try await store.vote("v1"))
        #expect(kept == vote("v1"))
        #expect(try await store.openVote(series: Self.series, family: Self.family)?.id == "v1")
        #expect(try await store.attach("v1", messageID: "m-1", isPoll: true))
        #expect(try await store.attach("v1", messageID: "m-2", isPoll: false) == false, "named once")
        #expect(try await store.vote(messageID: "m-1")?.isPoll == true)

        #expect(try await store.close("v1", winner: 1, at: clock.now()))
        #expect(try await store.close("v1", winner: 0, at: clock.now()) == false, "closed once")
        let closed = try #require(try await store.vote("v1"))
        #expect(closed.closedAt == clock.now() && closed.winner == 1)
        #expect(try await store.openVote(series: Self.series, family: Self.family) == nil)
        clock.advance(by: 60)
        #expect(try await store.open(vote("v2", story: "chapter2")), "the next chapter's vote")
        #expect(try await store.latestVote(series: Self.series, family: Self.family)?.id == "v2")

        if let familyData {
            _ = try await familyData.forget(Self.family)
            #expect(try await store.vote("v2") == nil, "forgetting the family forgets its votes")
            #expect(try await store.vote("v3") != nil)
        }
    }

    @Test("one ballot per member: a changed mind replaces it, a repeat counts once; none after the end or the close",
          arguments: StoreBackend.allCases)
    func ballots(_ backend: StoreBackend) async throws {
        let (store, _) = try await make(backend)
        #expect(try await store.open(vote("v1", hours: 1)))
        #expect(try await store.cast("v1", member: "ana", choice: 0, at: clock.now()))
        #expect(try await store.cast("v1", member: "ben", choice: 0, at: clock.now()))
        #expect(try await store.cast("v1", member: "ben", choice: 1, at: clock.now()), "ben changed his mind")
        #expect(try await store.cast("v1", member: "ben", choice: 1, at: clock.now()), "the same event twice")
        #expect(try await store.vote("v1")?.counts == [1, 1])
        #expect(try await store.withdraw("v1", member: "ana", choice: 1, at: clock.now()) == false, "ana's ballot is for 0")
        #expect(try await store.withdraw("v1", member: "ana", choice: nil, at: clock.now()))
        #expect(try await store.vote("v1")?.ballots == ["ben": 1])
        #expect(try await store.cast("v1", member: "cat", choice: 0, at: clock.now().addingTimeInterval(3600)) == false, "the vote ended")
        #expect(try await store.cast("nope", member: "cat", choice: 0, at: clock.now()) == false)
        #expect(try await store.close("v1", winner: 1, at: clock.now()))
        #expect(try await store.cast("v1", member: "cat", choice: 0, at: clock.now()) == false, "closed")
        #expect(try await store.withdraw("v1", member: "ben", choice: nil, at: clock.now()) == false, "closed")
        #expect(try await store.vote("v1")?.ballots == ["ben": 1])
    }

    @Test("votes and ballots survive a restart (a SQLite file reopened)")
    func survivesRestart() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("votes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("stories.sqlite").path
        do {
            let store = SQLiteChapterVoteStore(database: try AppDatabase.open(path: path), clock: clock)
            #expect(try await store.open(vote("v1")))
            #expect(try await store.cast("v1", member: "ana", choice: 1, at: clock.now()))
        }
        let reopened = SQLiteChapterVoteStore(database: try AppDatabase.open(path: path), clock: clock)
        #expect(try await reopened.vote("v1")?.ballots == ["ana": 1])
        #expect(try await reopened.cast("v1", member: "ana", choice: 1, at: clock.now()))
        #expect(try await reopened.vote("v1")?.counts == [0, 1], "counted once")
    }

    @Test("two processes on one PostgreSQL database: eight opens and eight closes at once, one of each wins")
    func twoProcesses() async throws {
        let url = try PostgresURL(parsing: try await PostgresTestCluster.shared.makeDatabase())
        let first = try await PostgresDatabase.connect(to: url, logger: Logger(label: "test.one"), waitingUpTo: .seconds(5), maximumConnections: 4)
        let second = try await PostgresDatabase.connect(to: url, logger: Logger(label: "test.two"), waitingUpTo: .seconds(5), maximumConnections: 4)
        let stores = [PostgresChapterVoteStore(database: first, clock: clock), PostgresChapterVoteStore(database: second, clock: clock)]
        let votes = (0..<8).map { vote("v\($0)") }
        let opens = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<8 { group.addTask { try await stores[index % 2].open(votes[index]) } }
            return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
        }
        #expect(opens == 1)
        let open = try #require(try await stores[0].openVote(series: Self.series, family: Self.family))
        let now = clock.now()
        let closes = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<8 { group.addTask { try await stores[index % 2].close(open.id, winner: nil, at: now) } }
            return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
        }
        #expect(closes == 1)
        await first.close()
        await second.close()
    }
}
