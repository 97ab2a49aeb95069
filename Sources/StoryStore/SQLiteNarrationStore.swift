import Foundation
import GRDB
import StoryDomain

/// Narration kept in SQLite with its story (`narration`, `audio`). Every method is one transaction.
public struct SQLiteNarrationStore: NarrationStore {
    private let database: AppDatabase
    private let clock: any WallClock

    public init(database: AppDatabase, clock: any WallClock) {
        self.database = database
        self.clock = clock
    }

    public func narration(of story: StoryID, part: NarrationPart) async throws -> StoredNarration? {
        try await database.writer.read { db in try Self.fetch(story, part: part, in: db) }
    }

    public func saveNarration(_ audio: SpokenAudio, of story: StoryID, part: NarrationPart) async throws -> StoredNarration {
        let now = clock.now()
        return try await database.writer.write { db in
            if let kept = try Self.fetch(story, part: part, in: db) { return kept }
            let record = AudioRecord(audio, at: now)
            try db.execute(sql: """
                INSERT INTO audio (id, content_type, byte_count, duration_ms, waveform, data, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING
                """, arguments: [record.id, record.contentType, record.byteCount, record.durationMs, record.waveform, record.data,
                                 record.createdAt])
            try db.execute(sql: "INSERT INTO narration (story_id, part, voice, audio_id, created_at) VALUES (?, ?, ?, ?, ?)",
                           arguments: [story.rawValue, part.key, String(audio.voice.prefix(100)), record.id, now])
            guard let saved = try Self.fetch(story, part: part, in: db) else {
                throw StoreError(kind: .other, path: db.description, detail: "a saved narration could not be read back")
            }
            return saved
        }
    }

    /// Audio ids the stories' narrations use, to delete with them (see ``deleteUnused(_:in:)``).
    static func audioIDs(of story: String, in db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT DISTINCT audio_id FROM narration WHERE story_id = ?", arguments: [story])
    }

    /// Deletes the audio no narration uses any more.
    static func deleteUnused(_ audioIDs: [String], in db: Database) throws {
        for id in audioIDs {
            try db.execute(sql: "DELETE FROM audio WHERE id = ? AND NOT EXISTS (SELECT 1 FROM narration WHERE audio_id = ?)",
                           arguments: [id, id])
        }
    }

    private static func fetch(_ story: StoryID, part: NarrationPart, in db: Database) throws -> StoredNarration? {
        guard let row = try Row.fetchOne(db, sql: """
            SELECT narration.voice, narration.created_at, audio.id, audio.duration_ms, audio.waveform, audio.data
            FROM narration JOIN audio ON audio.id = narration.audio_id
            WHERE narration.story_id = ? AND narration.part = ?
            """, arguments: [story.rawValue, part.key]),
            let audioID = AudioID(rawValue: row["id"])
        else { return nil }
        let durationMs: Int = row["duration_ms"]
        let audio = SpokenAudio(data: row["data"], duration: Double(durationMs) / 1_000, waveform: row["waveform"], voice: row["voice"])
        return StoredNarration(storyID: story, part: part, audioID: audioID, audio: audio, createdAt: row["created_at"])
    }
}
