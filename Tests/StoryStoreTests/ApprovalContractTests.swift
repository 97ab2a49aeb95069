import Foundation
import Logging
import PostgresTestSupport
import StoryDomain
import StoryStorePostgres
import StoryTestSupport
import Testing
@testable import StoryStore

/// The approval store's contract on SQLite, PostgreSQL and the in-memory fake: at most the
/// limit open per family, read back as kept, and every change of state won by one caller.
@Suite("Storage contract: stories held for a grown-up's yes")
struct ApprovalContractTests {
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))
    static let family = FamilyRef(platform: "web", externalID: "family")
    let rules = ApprovalRules()

    func request(_ id: String, story: String = "story1", family: FamilyRef = family, offset: TimeInterval = 0) -> PendingApproval {
        rules.request(id: id, story: StoryID(rawValue: story)!, family: family, channelID: "room-1",
                      requester: Requester(userID: "u-mia", displayName: "Mia"), now: clock.now().addingTimeInterval(offset))
    }

    /// The store on `backend`, and the family data port of the same database (nil for the fake).
    func make(_ backend: StoreBackend) async throws -> (store: any ApprovalStore, familyData: (any FamilyDataStore)?) {
        switch backend {
        case .sqlite:
            let database = try AppDatabase.inMemory()
            return (SQLiteApprovalStore(database: database, clock: clock), SQLiteFamilyDataStore(database: database))
        case .postgres:
            let database = try await StoreBackend.postgres()
            return (PostgresApprovalStore(database: database, clock: clock), PostgresFamilyDataStore(database: database))
        case .inMemory:
            return (InMemoryApprovalStore(), nil)
        }
    }

    @Test("approvals read back as kept, oldest first, per family; at most the limit open; closed ones make room",
          arguments: StoreBackend.allCases)
    func keptAndLimited(_ backend: StoreBackend) async throws {
        let (store, familyData) = try await make(backend)
        let other = FamilyRef(platform: "discord", externalID: "42")
        #expect(try await store.add(request("b", offset: 10), limit: 2))
        #expect(try await store.add(request("a"), limit: 2))
        #expect(try await store.add(request("c", offset: 20), limit: 2) == false, "the family has 2 waiting")
        #expect(try await store.add(request("d", family: other), limit: 2))
        #expect(try await store.open(of: Self.family) == [request("a"), request("b", offset: 10)])
        #expect(try await store.approval("a", family: other) == nil, "another family's")
        let bedtime = rules.bedtime(id: "e", story: StoryID(rawValue: "story2")!, family: other, channelID: "c", owner: Requester(userID: "u-dad", displayName: "Dad"),
                                    bedtime: clock.now().addingTimeInterval(1_800), now: clock.now())
        #expect(try await store.add(bedtime, limit: 2))
        #expect(try await store.approval("e", family: other) == bedtime, "a bedtime one keeps its bedtime")

        #expect(try await store.transition("a", from: [.waiting], to: .expired, by: nil, at: clock.now()))
        #expect(try await store.add(request("c", offset: 20), limit: 2), "an expired one no longer counts")
        #expect(try await store.inPlay().map(\.id) == ["a", "d", "e", "b", "c"], "the expired one is in play until told")
        try await store.markTold("a", at: clock.now())
        #expect(try await store.inPlay().map(\.id) == ["d", "e", "b", "c"])

        if let familyData {
            _ = try await familyData.forget(Self.family)
            #expect(try await store.open(of: Self.family).isEmpty, "forgetting the family forgets its approvals")
            #expect(try await store.open(of: other).count == 2)
        }
    }

    @Test("sent once per story; a replaced story is sent again; a yes is taken once and never after an expiry",
          arguments: StoreBackend.allCases)
    func changes(_ backend: StoreBackend) async throws {
        let (store, _) = try await make(backend)
        #expect(try await store.add(request("a"), limit: 5))
        let first = StoryID(rawValue: "story1")!, gentler = StoryID(rawValue: "story9")!
        #expect(try await store.markSent("a", story: first, at: clock.now()))
        #expect(try await store.markSent("a", story: first, at: clock.now()) == false)
        #expect(try await store.replaceStory("a", with: gentler))
        #expect(try await store.markSent("a", story: first, at: clock.now()) == false, "the old story is no longer the one")
        #expect(try await store.approval("a", family: Self.family)?.sentAt == nil)
        #expect(try await store.markSent("a", story: gentler, at: clock.now()))
        #expect(try await store.approval("a", family: Self.family)?.storyID == gentler)

        #expect(try await store.transition("a", from: [.waiting], to: .approved, by: "u-mum", at: clock.now()))
        #expect(try await store.transition("a", from: [.waiting], to: .expired, by: nil, at: clock.now()) == false, "approved stays approved")
        #expect(try await store.replaceStory("a", with: first) == false, "only a waiting one is remade")
        #expect(try await store.transition("a", from: [.approved], to: .shared, by: "u-mum", at: clock.now()))
        #expect(try await store.transition("a", from: [.approved], to: .shared, by: "u-dad", at: clock.now()) == false)
        let shared = try await store.approval("a", family: Self.family)
        #expect(shared?.state == .shared && shared?.decidedBy == "u-mum" && shared?.decidedAt == clock.now())

        #expect(try await store.add(request("b"), limit: 5))
        #expect(try await store.transition("b", from: [.waiting], to: .expired, by: nil, at: clock.now()))
        #expect(try await store.transition("b", from: [.waiting, .approved], to: .shared, by: "u-mum", at: clock.now()) == false)
    }

    @Test("two processes on one PostgreSQL database: eight yeses at once share once; the limit holds")
    func twoProcesses() async throws {
        let url = try PostgresURL(parsing: try await PostgresTestCluster.shared.makeDatabase())
        let first = try await PostgresDatabase.connect(to: url, logger: Logger(label: "test.one"), waitingUpTo: .seconds(5), maximumConnections: 4)
        let second = try await PostgresDatabase.connect(to: url, logger: Logger(label: "test.two"), waitingUpTo: .seconds(5), maximumConnections: 4)
        let stores = [PostgresApprovalStore(database: first, clock: clock), PostgresApprovalStore(database: second, clock: clock)]
        #expect(try await stores[0].add(request("a"), limit: 5))
        let now = clock.now()
        let shares = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<8 {
                group.addTask { try await stores[index % 2].transition("a", from: [.waiting], to: .shared, by: "u\(index)", at: now) }
            }
            return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
        }
        #expect(shares == 1)
        let adds = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<8 { group.addTask { try await stores[index % 2].add(request("x\(index)", offset: Double(index)), limit: 5) } }
            return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
        }
        #expect(adds == 5)
        await first.close()
        await second.close()
    }
}
