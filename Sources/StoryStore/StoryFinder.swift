import Foundation
import GRDB
import StoryDomain

/// Finds a story in any family, for command-line tools that act for the admin (`story listen`):
/// by id, by exact title, or the newest whose title contains the words.
public struct StoryFinder: Sendable {
    private let database: AppDatabase

    public init(database: AppDatabase) { self.database = database }

    public func find(_ query: String) async throws -> Story? {
        let wanted = query.trimmingCharacters(in: .whitespaces)
        guard !wanted.isEmpty else { return nil }
        return try await database.writer.read { db in
            if let id = StoryID(rawValue: wanted),
               let row = try Row.fetchOne(db, sql: StoryRecord.selectWithFamily + " WHERE story.id = ?", arguments: [id.rawValue]) {
                return try StoryRecord.story(from: row)
            }
            let pattern = "%" + wanted.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
                .replacingOccurrences(of: "_", with: "\\_") + "%"
            let rows = try Row.fetchAll(db, sql: StoryRecord.selectWithFamily + """
                 WHERE coalesce(story.title, '') LIKE ? ESCAPE '\\' OR story.theme LIKE ? ESCAPE '\\'
                 ORDER BY story.created_at DESC, story.rowid DESC LIMIT 50
                """, arguments: [pattern, pattern])
            let stories = try rows.map { try StoryRecord.story(from: $0) }
            return stories.first { $0.displayTitle.caseInsensitiveCompare(wanted) == .orderedSame } ?? stories.first
        }
    }
}
