import Foundation
import StoryDomain

/// Pictures (`image`) and narration audio (`audio`): stored once by content address, deleted
/// when nothing uses them any more.
public enum MediaTable {
    /// Keeps `picture` (once: a picture already stored stays) and returns its id.
    public static func keep(_ picture: Illustration, at date: Date, in executor: any SQLExecutor) async throws -> String {
        let id = ContentAddress.of(picture.data)
        try await executor.execute("""
            INSERT INTO image (id, content_type, byte_count, width, height, data, created_at)
            VALUES (\(id), \(picture.contentType), \(picture.data.count), \(picture.width), \(picture.height), \(picture.data), \(date))
            ON CONFLICT (id) DO NOTHING
            """)
        return id
    }

    /// Keeps `audio` (once) and returns its id.
    public static func keep(_ audio: SpokenAudio, at date: Date, in executor: any SQLExecutor) async throws -> String {
        let id = ContentAddress.of(audio.data)
        let durationMs = max(0, Int((audio.duration * 1_000).rounded()))
        let waveform = audio.waveform.isEmpty ? Data([0]) : Data(audio.waveform.prefix(256))
        try await executor.execute("""
            INSERT INTO audio (id, content_type, byte_count, duration_ms, waveform, data, created_at)
            VALUES (\(id), \(SpokenAudio.contentType), \(audio.data.count), \(durationMs), \(waveform), \(audio.data), \(date))
            ON CONFLICT (id) DO NOTHING
            """)
        return id
    }

    /// Deletes the pictures no page and no cast member uses any more.
    public static func deleteUnusedImages(_ ids: [String], in executor: any SQLExecutor) async throws {
        guard !ids.isEmpty else { return }
        try await executor.execute("""
            DELETE FROM image WHERE id IN \(list: ids) AND NOT EXISTS (SELECT 1 FROM page WHERE page.image_id = image.id)
                AND NOT EXISTS (SELECT 1 FROM cast_member WHERE cast_member.portrait_id = image.id)
            """)
    }

    /// Deletes the audio no narration uses any more.
    public static func deleteUnusedAudio(_ ids: [String], in executor: any SQLExecutor) async throws {
        guard !ids.isEmpty else { return }
        try await executor.execute("""
            DELETE FROM audio WHERE id IN \(list: ids) AND NOT EXISTS (SELECT 1 FROM narration WHERE narration.audio_id = audio.id)
            """)
    }
}
