import Foundation
import GRDB
import StoryDomain
@testable import StoryStore
import Testing

/// Narration kept with its story in SQLite: stored once, shared bytes stored once, deleted with
/// the story (and with the family's data).
@Suite("Read aloud: narration store")
struct NarrationStoreTests {
    static let clock = FixedClock()

    struct FixedClock: WallClock {
        func now() -> Date { Date(timeIntervalSince1970: 1_800_000_000) }
        func sleep(for duration: Duration) async throws {}
    }

    static func audio(_ seed: UInt8, voice: String = "espeak-ng:en-us+f3") -> SpokenAudio {
        SpokenAudio(data: Data("OggS".utf8) + Data(repeating: seed, count: 64), duration: 12.345, waveform: Data([0, 40, 200, seed]),
                    voice: voice)
    }

    /// A story with its text, in a fresh in-memory database.
    static func database(stories ids: [String] = ["story1"]) async throws -> (AppDatabase, SQLiteStoryRepository) {
        let database = try AppDatabase.inMemory()
        let repository = SQLiteStoryRepository(database: database, clock: clock)
        for id in ids {
            let story = Fixtures.story(id: id)
            _ = try await repository.createStory(story, delivery: DeliveryAddress(platform: "web", channelID: "family", messageID: id),
                                                 quota: nil)
            try await repository.saveText(Fixtures.written(pages: 3), for: story.id)
        }
        return (database, repository)
    }

    static func count(_ table: String, in database: AppDatabase) async throws -> Int {
        try await database.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0 }
    }

    @Test("a narration is kept with its length, waveform and voice, addressed by its bytes' hash")
    func saveAndRead() async throws {
        let (database, _) = try await Self.database()
        let store = SQLiteNarrationStore(database: database, clock: Self.clock)
        let story = StoryID(rawValue: "story1")!
        #expect(try await store.narration(of: story, part: .page(2)) == nil)
        let saved = try await store.saveNarration(Self.audio(7), of: story, part: .page(2))
        #expect(saved.audioID.rawValue == ContentAddress.of(Self.audio(7).data))
        let read = try #require(try await store.narration(of: story, part: .page(2)))
        #expect(read.audio.data == Self.audio(7).data)
        #expect(read.audio.duration == 12.345)
        #expect(read.audio.waveform == Data([0, 40, 200, 7]))
        #expect(read.audio.voice == "espeak-ng:en-us+f3")
        #expect(try await store.narration(of: story, part: .whole) == nil, "parts are kept apart")
    }

    @Test("saving a part already kept keeps the first (two makings at once store one)")
    func keptOnce() async throws {
        let (database, _) = try await Self.database()
        let store = SQLiteNarrationStore(database: database, clock: Self.clock)
        let story = StoryID(rawValue: "story1")!
        let first = try await store.saveNarration(Self.audio(1), of: story, part: .whole)
        let second = try await store.saveNarration(Self.audio(2, voice: "gemini:Sulafat"), of: story, part: .whole)
        #expect(second == first)
        #expect(try await Self.count("audio", in: database) == 1)
    }

    @Test("deleting a story deletes its narration and the audio no other story uses")
    func deletedWithStory() async throws {
        let (database, repository) = try await Self.database(stories: ["story1", "story2"])
        let store = SQLiteNarrationStore(database: database, clock: Self.clock)
        let one = StoryID(rawValue: "story1")!, two = StoryID(rawValue: "story2")!
        _ = try await store.saveNarration(Self.audio(1), of: one, part: .page(1))
        _ = try await store.saveNarration(Self.audio(9), of: one, part: .whole)
        // The same bytes read for another story are stored once and kept while it uses them.
        _ = try await store.saveNarration(Self.audio(1), of: two, part: .page(1))
        #expect(try await Self.count("audio", in: database) == 2)
        #expect(try await repository.deleteStory(one))
        #expect(try await store.narration(of: one, part: .whole) == nil)
        #expect(try await Self.count("narration", in: database) == 1)
        #expect(try await Self.count("audio", in: database) == 1)
        #expect(try await store.narration(of: two, part: .page(1))?.audio.data == Self.audio(1).data)
        #expect(try await repository.deleteStory(two))
        #expect(try await Self.count("audio", in: database) == 0)
    }

    @Test("forgetting a family's data deletes its stories' narration")
    func forgotten() async throws {
        let (database, _) = try await Self.database()
        let store = SQLiteNarrationStore(database: database, clock: Self.clock)
        _ = try await store.saveNarration(Self.audio(3), of: StoryID(rawValue: "story1")!, part: .page(3))
        _ = try await SQLiteFamilyDataStore(database: database).forget(Fixtures.family)
        #expect(try await Self.count("narration", in: database) == 0)
        #expect(try await Self.count("audio", in: database) == 0)
    }

    @Test("the schema refuses a part that is neither a page nor the whole story, and narration of no story")
    func constraints() async throws {
        let (database, _) = try await Self.database()
        let store = SQLiteNarrationStore(database: database, clock: Self.clock)
        let saved = try await store.saveNarration(Self.audio(4), of: StoryID(rawValue: "story1")!, part: .page(1))
        await #expect(throws: DatabaseError.self) {
            try await database.writer.write { db in
                try db.execute(sql: "INSERT INTO narration (story_id, part, voice, audio_id, created_at) VALUES ('story1', 'p0', 'v', ?, 0)",
                               arguments: [saved.audioID.rawValue])
            }
        }
        await #expect(throws: (any Error).self) {
            _ = try await store.saveNarration(Self.audio(5), of: StoryID(rawValue: "nostory")!, part: .whole)
        }
    }
}
