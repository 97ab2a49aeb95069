import Foundation
import PostgresNIO
import StoryDomain

/// Narration kept in PostgreSQL with its story (`narration`, `audio`), like the SQLite store.
public struct PostgresNarrationStore: NarrationStore {
    private let database: PostgresDatabase
    private let clock: any WallClock

    public init(database: PostgresDatabase, clock: any WallClock) {
        self.database = database
        self.clock = clock
    }

    public func narration(of story: StoryID, part: NarrationPart) async throws -> StoredNarration? {
        try await database.transaction { transaction in try await Self.fetch(story, part: part, in: transaction) }
    }

    public func saveNarration(_ audio: SpokenAudio, of story: StoryID, part: NarrationPart) async throws -> StoredNarration {
        let now = clock.now()
        let durationMs = max(0, Int((audio.duration * 1_000).rounded()))
        let waveform = audio.waveform.isEmpty ? Data([0]) : Data(audio.waveform.prefix(256))
        let voice = String(audio.voice.prefix(100))
        return try await database.transaction { transaction in
            if let kept = try await Self.fetch(story, part: part, in: transaction) { return kept }
            // The bytes are sent once: `$1` is the first value interpolated (hashed, then stored).
            let query: PostgresQuery = try """
                WITH new AS (SELECT encode(sha256(\(audio.data)), 'hex') AS id),
                stored AS (
                    INSERT INTO audio (id, content_type, byte_count, duration_ms, waveform, data, created_at)
                    SELECT new.id, \(SpokenAudio.contentType), \(audio.data.count), \(durationMs), \(waveform), $1, \(now) FROM new
                    ON CONFLICT (id) DO NOTHING
                )
                INSERT INTO narration (story_id, part, voice, audio_id, created_at)
                SELECT \(story.rawValue), \(part.key), \(voice), new.id, \(now) FROM new
                ON CONFLICT (story_id, part) DO NOTHING
                """
            try await transaction.execute(query)
            guard let saved = try await Self.fetch(story, part: part, in: transaction) else {
                throw PostgresStoreError.corrupt("narration", "a saved narration could not be read back")
            }
            return saved
        }
    }

    private static func fetch(_ story: StoryID, part: NarrationPart, in transaction: Transaction) async throws -> StoredNarration? {
        guard let row = try await transaction.rows("""
            SELECT narration.voice, narration.created_at, audio.id, audio.duration_ms, audio.waveform, audio.data
            FROM narration JOIN audio ON audio.id = narration.audio_id
            WHERE narration.story_id = \(story.rawValue) AND narration.part = \(part.key)
            """).first else { return nil }
        guard let id = AudioID(rawValue: try row["id"]) else { throw PostgresStoreError.corrupt("audio", "not a content address") }
        let durationMs: Int = try row["duration_ms"]
        let audio = SpokenAudio(data: try row["data"], duration: Double(durationMs) / 1_000, waveform: try row["waveform"],
                                voice: try row["voice"])
        return StoredNarration(storyID: story, part: part, audioID: id, audio: audio, createdAt: try row["created_at"])
    }
}
