import Foundation
import StoryDomain
import StoryStorePostgres
import StoryTestSupport
import Testing
@testable import StoryStore

/// Narration kept with its story, the same on both databases: kept once per part, shared bytes
/// stored once, deleted with the story and with the family's data.
@Suite("Storage contract: narration")
struct NarrationContractTests {
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))

    /// The two databases' narration stores with the story ports on the same database.
    func make(_ backend: StoreBackend) async throws -> (StoreBackend.Ports, any NarrationStore) {
        switch backend {
        case .postgres:
            let database = try await StoreBackend.postgres()
            return (StoreBackend.ports(on: database, clock: clock), PostgresNarrationStore(database: database, clock: clock))
        default:
            let database = try AppDatabase.inMemory()
            return (StoreBackend.ports(on: database, clock: clock), SQLiteNarrationStore(database: database, clock: clock))
        }
    }

    static func audio(_ seed: UInt8, voice: String = "espeak-ng:en-us+f3") -> SpokenAudio {
        SpokenAudio(data: Data("OggS".utf8) + Data(repeating: seed, count: 48), duration: 3.25, waveform: Data([1, 99, seed]), voice: voice)
    }

    @Test("kept once per part with its length, waveform and voice; deleted with its story, shared audio kept while used",
          arguments: [StoreBackend.sqlite, .postgres])
    func keptAndDeleted(_ backend: StoreBackend) async throws {
        let (ports, store) = try await make(backend)
        let delivery = DeliveryAddress(platform: "web", channelID: "family", messageID: "m1")
        for id in ["one", "two"] {
            _ = try await ports.stories.createStory(Fixtures.story(id: id), delivery: delivery, quota: nil)
            try await ports.stories.saveText(Fixtures.written(pages: 3), for: StoryID(rawValue: id)!)
        }
        let one = StoryID(rawValue: "one")!, two = StoryID(rawValue: "two")!
        #expect(try await store.narration(of: one, part: .page(2)) == nil)
        let saved = try await store.saveNarration(Self.audio(1), of: one, part: .page(2))
        #expect(saved.audioID.rawValue == ContentAddress.of(Self.audio(1).data), "addressed by SHA-256 on both databases")
        let read = try #require(try await store.narration(of: one, part: .page(2)))
        #expect(read.audio == Self.audio(1) && read.createdAt == clock.now())
        // A second saving of the same part keeps the first.
        #expect(try await store.saveNarration(Self.audio(2, voice: "gemini:Sulafat"), of: one, part: .page(2)) == saved)
        _ = try await store.saveNarration(Self.audio(3), of: one, part: .whole)
        _ = try await store.saveNarration(Self.audio(1), of: two, part: .page(1))

        #expect(try await ports.stories.deleteStory(one))
        #expect(try await store.narration(of: one, part: .whole) == nil)
        #expect(try await store.narration(of: two, part: .page(1))?.audio.data == Self.audio(1).data, "shared bytes stay while used")
        _ = try await ports.familyData.forget(Fixtures.family)
        #expect(try await store.narration(of: two, part: .page(1)) == nil)
        // The audio is gone with its last story: saving it again for a new story stores it anew.
        _ = try await ports.stories.createStory(Fixtures.story(id: "three"), delivery: delivery, quota: nil)
        let again = try await store.saveNarration(Self.audio(3), of: StoryID(rawValue: "three")!, part: .whole)
        #expect(again.audio.voice == "espeak-ng:en-us+f3")
    }

    @Test("v24: a wound-down reading is kept beside the plain one under its own part, and read back as it",
          arguments: [StoreBackend.sqlite, .postgres])
    func windDownKeptApart(_ backend: StoreBackend) async throws {
        let (ports, store) = try await make(backend)
        let delivery = DeliveryAddress(platform: "web", channelID: "family", messageID: "m1")
        _ = try await ports.stories.createStory(Fixtures.story(id: "calm"), delivery: delivery, quota: nil)
        let calm = StoryID(rawValue: "calm")!
        _ = try await store.saveNarration(Self.audio(1), of: calm, part: .page(12))
        let parts: [NarrationPart] = [.page(12).windingDown(.tenMinutes), .whole.windingDown(.tenMinutes), .whole.windingDown(.twoMinutes)]
        for (index, part) in parts.enumerated() {
            _ = try await store.saveNarration(Self.audio(UInt8(2 + index), voice: "espeak-ng:en-us+f3 wind-down 10m"), of: calm, part: part)
        }
        #expect(try await store.narration(of: calm, part: .page(12))?.audio == Self.audio(1))
        for (index, part) in parts.enumerated() {
            let read = try #require(try await store.narration(of: calm, part: part))
            #expect(read.part == part && read.audio.data == Self.audio(UInt8(2 + index)).data)
        }
        #expect(try await store.narration(of: calm, part: .page(12).windingDown(.fiveMinutes)) == nil)
        #expect(try await ports.stories.deleteStory(calm))
        #expect(try await store.narration(of: calm, part: parts[0]) == nil)
    }

    @Test("narration of a story that does not exist is refused", arguments: [StoreBackend.sqlite, .postgres])
    func noStory(_ backend: StoreBackend) async throws {
        let (_, store) = try await make(backend)
        await #expect(throws: (any Error).self) {
            _ = try await store.saveNarration(Self.audio(4), of: StoryID(rawValue: "nostory")!, part: .whole)
        }
    }
}
