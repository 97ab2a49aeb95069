import Foundation
import GRDB
import StoryDomain

/// Web chat transcripts in the `chat_message` table.
public struct SQLiteChatTranscript: ChatTranscriptStore {
    private let database: AppDatabase

    public init(database: AppDatabase) { self.database = database }

    public func upsert(_ entry: TranscriptEntry) async throws {
        try await database.writer.write { db in
            try db.execute(sql: """
                INSERT INTO chat_message (id, room, payload, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET payload = excluded.payload, updated_at = excluded.updated_at
                """, arguments: [entry.id, entry.room, entry.payload, entry.createdAt, entry.updatedAt])
        }
    }

    public func recent(room: String, limit: Int) async throws -> [TranscriptEntry] {
        try await database.writer.read { db in
            try ChatMessageRecord.fetchAll(db, sql: """
                SELECT * FROM (SELECT *, rowid AS seq FROM chat_message WHERE room = ? ORDER BY created_at DESC, rowid DESC LIMIT ?)
                ORDER BY created_at, seq
                """, arguments: [room, limit]).map(\.entry)
        }
    }

    public func entry(id: String) async throws -> TranscriptEntry? {
        try await database.writer.read { db in try ChatMessageRecord.fetchOne(db, key: id)?.entry }
    }
}

extension ChatMessageRecord {
    var entry: TranscriptEntry {
        TranscriptEntry(id: id, room: room, payload: payload, createdAt: createdAt, updatedAt: updatedAt)
    }
}
