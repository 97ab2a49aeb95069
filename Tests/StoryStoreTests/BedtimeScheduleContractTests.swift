import Foundation
import Logging
import PostgresTestSupport
import StoryDomain
import StoryStorePostgres
import StoryTestSupport
import Testing
@testable import StoryStore

/// The bedtime store's contract on SQLite, PostgreSQL and the in-memory fake: schedules kept
/// per family within the limit, and each evening's marks won by exactly one caller.
@Suite("Storage contract: bedtime schedules and their evenings")
struct BedtimeScheduleContractTests {
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))
    static let family = FamilyRef(platform: "web", externalID: "family")
    static let story = StoryID(rawValue: "tonight")!

    func schedule(_ id: String, minute: Int = 0, family: FamilyRef = family, story: BedtimeStoryChoice = .continueChain) -> BedtimeSchedule {
        BedtimeSchedule(id: id, family: family, channelID: "room-1", time: BedtimeTime(hour: 19, minute: minute)!, days: .named([2, 4]),
                        story: story, owner: Requester(userID: "u-mum", displayName: "Mum"), createdAt: clock.now().addingTimeInterval(Double(minute)))
    }

    /// The store on `backend`, and the family data port of the same database (nil for the fake).
    func make(_ backend: StoreBackend) async throws -> (store: any BedtimeScheduleStore, familyData: (any FamilyDataStore)?) {
        switch backend {
        case .sqlite:
            let database = try AppDatabase.inMemory()
            return (SQLiteBedtimeScheduleStore(database: database, clock: clock), SQLiteFamilyDataStore(database: database))
        case .postgres:
            let database = try await StoreBackend.postgres()
            return (PostgresBedtimeScheduleStore(database: database, clock: clock), PostgresFamilyDataStore(database: database))
        case .inMemory:
            return (InMemoryBedtimeScheduleStore(), nil)
        }
    }

    @Test("schedules read back as kept, oldest first, per family; the limit is kept; removing takes the evenings too",
          arguments: StoreBackend.allCases)
    func schedules(_ backend: StoreBackend) async throws {
        let (store, familyData) = try await make(backend)
        let other = FamilyRef(platform: "discord", externalID: "42")
        #expect(try await store.add(schedule("b", minute: 30, story: .new(theme: "moon boats")), limit: 2))
        #expect(try await store.add(schedule("a", minute: 0), limit: 2))
        #expect(try await store.add(schedule("c", minute: 45), limit: 2) == false, "the family has 2")
        #expect(try await store.add(schedule("d", family: other), limit: 2))
        let kept = try await store.schedules(of: Self.family)
        #expect(kept == [schedule("a", minute: 0), schedule("b", minute: 30, story: .new(theme: "moon boats"))])
        #expect(try await store.allSchedules().count == 3)

        #expect(try await store.claim("a", evening: "2027-01-15", by: "p1", at: clock.now(), staleBefore: clock.now()))
        #expect(try await store.remove("a", family: other) == false, "another family's")
        #expect(try await store.remove("a", family: Self.family))
        #expect(try await store.remove("a", family: Self.family) == false)
        #expect(try await store.evening("a", evening: "2027-01-15") == nil, "its evenings went with it")
        #expect(try await store.claim("a", evening: "2027-01-16", by: "p1", at: clock.now(), staleBefore: clock.now()) == false,
                "no evening for a schedule that is gone")

        if let familyData {
            _ = try await familyData.forget(Self.family)
            #expect(try await store.schedules(of: Self.family).isEmpty, "forgetting the family forgets its schedules")
            #expect(try await store.schedules(of: other).count == 1)
        }
    }

    @Test("an evening: one claim wins, a quiet claim is taken over, made by its claimant, posted once, never after a skip",
          arguments: StoreBackend.allCases)
    func evening(_ backend: StoreBackend) async throws {
        let (store, _) = try await make(backend)
        #expect(try await store.add(schedule("s"), limit: 3))
        let night = "2027-01-15"
        let stale = clock.now().addingTimeInterval(-600)
        #expect(try await store.evening("s", evening: night) == nil)
        #expect(try await store.claim("s", evening: night, by: "p1", at: clock.now(), staleBefore: stale))
        #expect(try await store.claim("s", evening: night, by: "p2", at: clock.now(), staleBefore: stale) == false)
        #expect(try await store.evening("s", evening: night)?.state == .making(since: clock.now()))
        clock.advance(by: 601)
        #expect(try await store.claim("s", evening: night, by: "p2", at: clock.now(), staleBefore: clock.now().addingTimeInterval(-600)),
                "p1 went quiet")
        #expect(try await store.markMade("s", evening: night, story: Self.story, by: "p1") == false, "p1's claim was taken over")
        #expect(try await store.markMade("s", evening: night, story: Self.story, by: "p2"))
        #expect(try await store.claim("s", evening: night, by: "p3", at: clock.now(), staleBefore: clock.now().addingTimeInterval(1)) == false,
                "a made evening is never claimed again")
        #expect(try await store.evening("s", evening: night)?.state == .made(Self.story))
        #expect(try await store.markPosted("s", evening: night, at: clock.now()))
        #expect(try await store.markPosted("s", evening: night, at: clock.now()) == false)
        #expect(try await store.markSkipped("s", evening: night, reason: "late", at: clock.now()) == false, "posted stays posted")
        #expect(try await store.evening("s", evening: night)?.state == .posted)

        // Skipped (down at the time): never posted after, told once.
        #expect(try await store.markSkipped("s", evening: "2027-01-18", reason: BedtimeEveningRecord.lateReason, at: clock.now()))
        #expect(try await store.markPosted("s", evening: "2027-01-18", at: clock.now()) == false)
        #expect(try await store.claim("s", evening: "2027-01-18", by: "p1", at: clock.now(), staleBefore: clock.now().addingTimeInterval(1)) == false)
        let untold = try await store.untoldSkips(of: Self.family)
        #expect(untold.map(\.evening) == ["2027-01-18"] && untold.first?.skipReason == "late")
        try await store.markTold(untold, at: clock.now())
        #expect(try await store.untoldSkips(of: Self.family).isEmpty)
        #expect(try await store.evening("s", evening: "2027-01-18")?.toldAt == clock.now())
    }

    @Test("two processes on one PostgreSQL database: eight claims and eight posts at once, one of each wins")
    func twoProcesses() async throws {
        let url = try PostgresURL(parsing: try await PostgresTestCluster.shared.makeDatabase())
        let first = try await PostgresDatabase.connect(to: url, logger: Logger(label: "test.one"), waitingUpTo: .seconds(5), maximumConnections: 4)
        let second = try await PostgresDatabase.connect(to: url, logger: Logger(label: "test.two"), waitingUpTo: .seconds(5), maximumConnections: 4)
        let stores = [PostgresBedtimeScheduleStore(database: first, clock: clock), PostgresBedtimeScheduleStore(database: second, clock: clock)]
        #expect(try await stores[0].add(schedule("s"), limit: 3))
        let now = clock.now()
        let claims = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<8 {
                group.addTask { try await stores[index % 2].claim("s", evening: "2027-01-15", by: "p\(index)", at: now, staleBefore: now) }
            }
            return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
        }
        #expect(claims == 1)
        let posts = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<8 { group.addTask { try await stores[index % 2].markPosted("s", evening: "2027-01-15", at: now) } }
            return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
        }
        #expect(posts == 1)
        let adds = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<6 { group.addTask { try await stores[index % 2].add(schedule("x\(index)", minute: index), limit: 3) } }
            return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
        }
        #expect(adds == 2, "the family had 1 of 3")
        await first.close()
        await second.close()
    }
}
