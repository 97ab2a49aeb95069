import Foundation
import StoryDomain

/// Narration kept with its story (`narration`, `audio`). Every method is one transaction.
public struct SQLNarrationStore: NarrationStore {
    private let executor: any SQLExecutor
    private let clock: any WallClock

    public init(database: some SQLDatabase, clock: any WallClock) {
        executor = database.executor
        self.clock = clock
    }

    public func narration(of story: StoryID, part: NarrationPart) async throws -> StoredNarration? {
        try await Self.fetch(story, part: part, in: executor)
    }

    public func saveNarration(_ audio: SpokenAudio, of story: StoryID, part: NarrationPart) async throws -> StoredNarration {
        let now = clock.now()
        return try await executor.transaction { executor in
            if let kept = try await Self.fetch(story, part: part, in: executor) { return kept }
            let audioID = try await MediaTable.keep(audio, at: now, in: executor)
            try await executor.execute("""
                INSERT INTO narration (story_id, part, voice, audio_id, created_at)
                VALUES (\(story.rawValue), \(part.key), \(String(audio.voice.prefix(100))), \(audioID), \(now))
                ON CONFLICT (story_id, part) DO NOTHING
                """)
            guard let saved = try await Self.fetch(story, part: part, in: executor) else {
                throw StoreSQLError.corrupt("narration", "a saved narration could not be read back")
            }
            return saved
        }
    }

    private static func fetch(_ story: StoryID, part: NarrationPart, in executor: any SQLExecutor) async throws -> StoredNarration? {
        guard let row = try await executor.row("""
            SELECT narration.voice, narration.created_at, audio.id, audio.duration_ms, audio.waveform, audio.data
            FROM narration JOIN audio ON audio.id = narration.audio_id
            WHERE narration.story_id = \(story.rawValue) AND narration.part = \(part.key)
            """) else { return nil }
        guard let id = AudioID(rawValue: try row["id"]) else { throw StoreSQLError.corrupt("audio", "not a content address") }
        let durationMs: Int = try row["duration_ms"]
        let audio = SpokenAudio(data: try row["data"], duration: Double(durationMs) / 1_000, waveform: try row["waveform"],
                                voice: try row["voice"])
        return StoredNarration(storyID: story, part: part, audioID: id, audio: audio, createdAt: try row["created_at"])
    }
}
