import Foundation
import StoryDomain
import StoryStorePostgres
import StoryTestSupport
import Testing
@testable import StoryStore

/// The family's cast, the same on both databases and the in-memory fake: at most the limit,
/// names unique whatever their case, portraits kept once by their hash and deleted when no one
/// uses them, the cast deleted with the family's data.
@Suite("Storage contract: the family's cast")
struct CastContractTests {
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))
    static let delivery = DeliveryAddress(platform: "web", channelID: "family", messageID: "m1")

    /// The cast store with the story ports on the same store.
    func make(_ backend: StoreBackend) async throws -> (StoreBackend.Ports, any CastStore) {
        switch backend {
        case .postgres:
            let database = try await StoreBackend.postgres()
            return (StoreBackend.ports(on: database, clock: clock), PostgresCastStore(database: database, clock: clock))
        case .sqlite:
            let database = try AppDatabase.inMemory()
            return (StoreBackend.ports(on: database, clock: clock), SQLiteCastStore(database: database, clock: clock))
        case .inMemory:
            return (try await backend.make(clock: clock), InMemoryCastStore())
        }
    }

    func member(_ name: String, kind: CastKind = .child, age: Int? = 5, look: String = "curly red hair, green pyjamas",
                by user: String = "u-mia") -> CastMember {
        CastMember(name: name, kind: kind, age: age, look: look, createdBy: user, createdAt: clock.now())
    }

    static func picture(_ seed: UInt8) -> Illustration {
        Illustration(data: Data([0x89, 0x50, 0x4E, 0x47, seed]) + Data(repeating: seed, count: 40), contentType: "image/png",
                     width: 64, height: 64)
    }

    @Test("members are listed in the order added; a 13th and a second name of any case are refused; families are apart",
          arguments: StoreBackend.allCases)
    func limitsAndNames(_ backend: StoreBackend) async throws {
        let (_, store) = try await make(backend)
        #expect(try await store.cast(of: Fixtures.family).isEmpty)
        try await store.addMember(member("Leo"), to: Fixtures.family, limit: 12)
        clock.advance(by: 1)
        try await store.addMember(member("Max", kind: .creature(.dog), age: nil, look: "a brown puppy, blue collar"),
                                  to: Fixtures.family, limit: 12)
        await #expect(throws: CastError.duplicateName("leo")) {
            try await store.addMember(member("leo"), to: Fixtures.family, limit: 12)
        }
        let cast = try await store.cast(of: Fixtures.family)
        #expect(cast.map(\.name) == ["Leo", "Max"])
        #expect(cast[1].kind == .creature(.dog) && cast[1].age == nil && cast[1].look == "a brown puppy, blue collar")
        #expect(cast[0] == member("Leo").with(createdAt: Date(timeIntervalSince1970: 1_800_000_000)))
        for index in 3...12 {
            clock.advance(by: 1)
            try await store.addMember(member("Kid \(String(UnicodeScalar(UInt8(64 + index))))"), to: Fixtures.family, limit: 12)
        }
        await #expect(throws: CastError.full(limit: 12)) {
            try await store.addMember(member("Zoë"), to: Fixtures.family, limit: 12)
        }
        #expect(try await store.cast(of: Fixtures.family).count == 12)
        let other = FamilyRef(platform: "discord", externalID: "guild-2")
        try await store.addMember(member("Leo"), to: other, limit: 12)
        #expect(try await store.cast(of: other).map(\.name) == ["Leo"])
    }

    @Test("edits and removals by name; nothing for unknown names", arguments: StoreBackend.allCases)
    func editAndRemove(_ backend: StoreBackend) async throws {
        let (_, store) = try await make(backend)
        try await store.addMember(member("Leo"), to: Fixtures.family, limit: 12)
        var leo = member("LEO", age: 6, look: "short black hair, a yellow raincoat")
        #expect(try await store.updateMember(leo, in: Fixtures.family))
        leo.name = "Leo"
        #expect(try await store.cast(of: Fixtures.family) == [leo])
        #expect(try await store.updateMember(member("Nobody"), in: Fixtures.family) == false)
        #expect(try await store.removeMember(named: "Nobody", from: Fixtures.family) == false)
        #expect(try await store.removeMember(named: "leo", from: Fixtures.family))
        #expect(try await store.cast(of: Fixtures.family).isEmpty)
        #expect(try await store.removeMember(named: "Leo", from: FamilyRef(platform: "web", externalID: "none")) == false)
    }

    @Test("pronouns are kept, changed and cleared with the member; a story's hero keeps the pronouns asked for",
          arguments: StoreBackend.allCases)
    func pronouns(_ backend: StoreBackend) async throws {
        let (ports, store) = try await make(backend)
        var leo = member("Leo")
        leo.pronouns = .she
        try await store.addMember(leo, to: Fixtures.family, limit: 12)
        try await store.addMember(member("Max", kind: .creature(.dog), age: nil), to: Fixtures.family, limit: 12)
        #expect(try await store.cast(of: Fixtures.family).map(\.pronouns) == [.she, nil])
        leo.pronouns = .they
        #expect(try await store.updateMember(leo, in: Fixtures.family))
        #expect(try await store.cast(of: Fixtures.family).first?.pronouns == .they)
        leo.pronouns = nil
        #expect(try await store.updateMember(leo, in: Fixtures.family))
        #expect(try await store.cast(of: Fixtures.family).first?.pronouns == nil)

        var story = Fixtures.story(id: "she", at: clock.now())
        story.request.heroPronouns = .she
        let job = try await ports.stories.createStory(story, delivery: Self.delivery, quota: nil)
        _ = try await ports.stories.createStory(Fixtures.story(id: "name", theme: "a quiet owl", at: clock.now()),
                                                delivery: Self.delivery, quota: nil)
        try await ports.stories.saveText(Fixtures.written(pages: 3), for: story.id)
        #expect(try await ports.stories.story(job.storyID)?.request.heroPronouns == .she)
        #expect(try await ports.stories.pageSnapshot(story.id, page: 1)?.story.request.heroPronouns == .she)
        #expect(try await ports.stories.story(StoryID(rawValue: "name")!)?.request.heroPronouns == nil)
    }

    @Test("a portrait is kept once by its hash, read like a page's picture, and deleted when no one uses it",
          arguments: [StoreBackend.sqlite, .postgres])
    func portraits(_ backend: StoreBackend) async throws {
        let (ports, store) = try await make(backend)
        try await store.addMember(member("Leo"), to: Fixtures.family, limit: 12)
        try await store.addMember(member("Max"), to: Fixtures.family, limit: 12)
        #expect(try await store.keepPortrait(Self.picture(1), forMember: "Nobody", in: Fixtures.family) == nil)
        let id = try #require(try await store.keepPortrait(Self.picture(1), forMember: "leo", in: Fixtures.family))
        #expect(id.rawValue == ContentAddress.of(Self.picture(1).data))
        #expect(try await store.keepPortrait(Self.picture(2), forMember: "Leo", in: Fixtures.family) == id, "the first is kept")
        #expect(try await ports.stories.image(id)?.data == Self.picture(1).data)
        #expect(try await store.cast(of: Fixtures.family).first?.portrait == id)

        // The same picture on a story's page: deleting the story keeps it for Leo.
        _ = try await ports.stories.createStory(Fixtures.story(id: "one"), delivery: Self.delivery, quota: nil)
        try await ports.stories.saveText(Fixtures.written(pages: 3), for: StoryID(rawValue: "one")!)
        _ = try await ports.stories.saveIllustration(Self.picture(1), for: StoryID(rawValue: "one")!, page: 1)
        #expect(try await ports.stories.deleteStory(StoryID(rawValue: "one")!))
        #expect(try await ports.stories.image(id) != nil, "still Leo's portrait")

        // A new look lets the portrait go.
        var leo = try #require(try await store.cast(of: Fixtures.family).first)
        leo.look = "a blue hat"
        leo.portrait = nil
        #expect(try await store.updateMember(leo, in: Fixtures.family))
        #expect(try await ports.stories.image(id) == nil)

        let maxPortrait = try #require(try await store.keepPortrait(Self.picture(3), forMember: "Max", in: Fixtures.family))
        #expect(try await store.removeMember(named: "Max", from: Fixtures.family))
        #expect(try await ports.stories.image(maxPortrait) == nil, "removed with its member")

        let again = try #require(try await store.keepPortrait(Self.picture(4), forMember: "Leo", in: Fixtures.family))
        let forgotten = try await ports.familyData.forget(Fixtures.family)
        #expect(forgotten.pictures == 1)
        #expect(try await store.cast(of: Fixtures.family).isEmpty, "forgetting the family forgets its cast")
        #expect(try await ports.stories.image(again) == nil)
    }

    @Test("twenty adds at once keep exactly the limit", arguments: [StoreBackend.sqlite, .postgres])
    func concurrentAdds(_ backend: StoreBackend) async throws {
        let (_, store) = try await make(backend)
        let names = (0..<20).map { "Kid \(String(UnicodeScalar(UInt8(65 + $0))))" }
        let added = await withTaskGroup(of: Bool.self) { group in
            for name in names {
                let candidate = member(name)
                group.addTask { (try? await store.addMember(candidate, to: Fixtures.family, limit: 12)) != nil }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(added == 12)
        #expect(try await store.cast(of: Fixtures.family).count == 12)
    }
}

extension CastMember {
    func with(createdAt date: Date) -> CastMember {
        var copy = self
        copy.createdAt = date
        return copy
    }
}
