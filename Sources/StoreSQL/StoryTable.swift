import Foundation

/// Stories (`story`) as the ports that delete them see them.
public enum StoryTable {
    /// Deletes the stories (their pages, narrations and chapters cascade), then the pictures and
    /// audio nothing uses any more, inside the caller's transaction; returns how many were deleted.
    public static func delete(stories ids: [String], in executor: any SQLExecutor) async throws -> Int {
        guard !ids.isEmpty else { return 0 }
        let imageIDs: [String] = try await executor.rows("""
            SELECT DISTINCT image_id FROM page WHERE story_id IN \(list: ids) AND image_id IS NOT NULL
            """).map { try $0["image_id"] }
        let audioIDs: [String] = try await executor.rows("SELECT DISTINCT audio_id FROM narration WHERE story_id IN \(list: ids)")
            .map { try $0["audio_id"] }
        let deleted = try await executor.execute("DELETE FROM story WHERE id IN \(list: ids)")
        try await MediaTable.deleteUnusedAudio(audioIDs, in: executor)
        try await MediaTable.deleteUnusedImages(imageIDs, in: executor)
        return deleted
    }
}
