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

    @discardableResult
    public func delete(id: String) async throws -> Bool {
        try await database.writer.write { db in
            try db.execute(sql: "DELETE FROM chat_message WHERE id = ?", arguments: [id])
            return db.changesCount > 0
        }
    }

    /// One process uses a SQLite file: there is nobody else to tell.
    public func removeStories(_ storyIDs: [String], messageIDs: [String], room: String) async throws {
        guard !messageIDs.isEmpty else { return }
        try await database.writer.write { db in
            for id in messageIDs {
                try db.execute(sql: "DELETE FROM chat_message WHERE id = ? AND room = ?", arguments: [id, room])
            }
        }
    }

    @discardableResult
    public func prune(room: String?, keepNewest: Int, olderThan: Date) async throws -> Int {
        try await database.writer.write { db in
            guard let room else {
                try db.execute(sql: "DELETE FROM chat_message WHERE created_at < ?", arguments: [olderThan])
                var deleted = db.changesCount
                try db.execute(sql: """
                    DELETE FROM chat_message WHERE rowid IN (SELECT seq FROM (SELECT rowid AS seq,
                        ROW_NUMBER() OVER (PARTITION BY room ORDER BY created_at DESC, rowid DESC) AS newest FROM chat_message)
                        WHERE newest > ?)
                    """, arguments: [max(0, keepNewest)])
                deleted += db.changesCount
                return deleted
            }
            // One room, along its (room, created_at) index: the old ones, and those past the newest `keepNewest`.
            try db.execute(sql: """
                DELETE FROM chat_message WHERE room = ?1 AND (created_at < ?2 OR rowid IN (
                    SELECT rowid FROM chat_message WHERE room = ?1 ORDER BY created_at DESC, rowid DESC LIMIT -1 OFFSET ?3))
                """, arguments: [room, olderThan, max(0, keepNewest)])
            return db.changesCount
        }
    }
}

extension ChatMessageRecord {
    var entry: TranscriptEntry {
        TranscriptEntry(id: id, room: room, payload: payload, createdAt: createdAt, updatedAt: updatedAt)
    }
}
