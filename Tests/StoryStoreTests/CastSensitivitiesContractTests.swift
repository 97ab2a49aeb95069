import Foundation
import StoryDomain
import StoryStorePostgres
import StoryTestSupport
import Testing
@testable import StoryStore

/// A cast member's sensitivities (`cast_member.avoid`, v25) on both engines and the fake.
@Suite("Storage contract: a cast member's sensitivities")
struct CastSensitivitiesContractTests {
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))
    static let family = FamilyRef(platform: "web", externalID: "family")

    func make(_ backend: StoreBackend) async throws -> any CastStore {
        switch backend {
        case .postgres: PostgresCastStore(database: try await StoreBackend.postgres(), clock: clock)
        case .sqlite: SQLiteCastStore(database: try AppDatabase.inMemory(), clock: clock)
        case .inMemory: InMemoryCastStore()
        }
    }

    @Test("kept, changed and cleared with the member; none reads back as none", arguments: StoreBackend.allCases)
    func kept(_ backend: StoreBackend) async throws {
        let store = try await make(backend)
        var leo = CastMember(name: "Leo", kind: .child, age: 5, createdBy: "u-mum", createdAt: clock.now())
        leo.avoid = ["thunder", "big dogs"]
        try await store.addMember(leo, to: Self.family, limit: 12)
        try await store.addMember(CastMember(name: "Max", kind: .child, createdBy: "u-mum", createdAt: clock.now()), to: Self.family, limit: 12)
        var kept = try await store.cast(of: Self.family)
        #expect(kept.first { $0.name == "Leo" }?.avoid == ["thunder", "big dogs"])
        #expect((kept.first { $0.name == "Max" }?.avoid ?? []).isEmpty)
        leo.avoid = ["the dark"]
        #expect(try await store.updateMember(leo, in: Self.family))
        kept = try await store.cast(of: Self.family)
        #expect(kept.first { $0.name == "Leo" }?.avoid == ["the dark"])
        leo.avoid = []
        #expect(try await store.updateMember(leo, in: Self.family))
        #expect((try await store.cast(of: Self.family).first { $0.name == "Leo" }?.avoid ?? []).isEmpty)
    }
}
