import Foundation
import PostgresNIO
import StoryDomain

/// Web chat transcripts in the `chat_message` table.
public struct PostgresChatTranscript: ChatTranscriptStore {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) { self.database = database }

    public func upsert(_ entry: TranscriptEntry) async throws {
        let query: PostgresQuery = try """
            INSERT INTO chat_message (id, room, payload, created_at, updated_at)
            VALUES (\(entry.id), \(entry.room), \(entry.payload), \(entry.createdAt), \(entry.updatedAt))
            ON CONFLICT (id) DO UPDATE SET payload = excluded.payload, updated_at = excluded.updated_at
            """
        _ = try await database.rows(query)
    }

    public func recent(room: String, limit: Int) async throws -> [TranscriptEntry] {
        try await database.rows("""
            SELECT * FROM (SELECT * FROM chat_message WHERE room = \(room) ORDER BY created_at DESC, seq DESC LIMIT \(limit)) newest
            ORDER BY created_at, seq
            """).map(Self.entry)
    }

    public func entry(id: String) async throws -> TranscriptEntry? {
        try await database.rows("SELECT * FROM chat_message WHERE id = \(id)").first.map(Self.entry)
    }

    @discardableResult
    public func prune(room: String?, keepNewest: Int, olderThan: Date) async throws -> Int {
        let keep = max(0, keepNewest)
        guard let room else {
            return try await database.transaction { transaction in
                let old = try await transaction.execute("DELETE FROM chat_message WHERE created_at < \(olderThan) RETURNING 1")
                let extra = try await transaction.execute("""
                    DELETE FROM chat_message WHERE seq IN (SELECT seq FROM (SELECT seq,
                        ROW_NUMBER() OVER (PARTITION BY room ORDER BY created_at DESC, seq DESC) AS newest FROM chat_message) ranked
                        WHERE newest > \(keep))
                    RETURNING 1
                    """)
                return old + extra
            }
        }
        // One room, along its (room, created_at) index: the old ones, and those past the newest `keepNewest`.
        return try await database.rows("""
            DELETE FROM chat_message WHERE room = \(room) AND (created_at < \(olderThan) OR seq IN (
                SELECT seq FROM chat_message WHERE room = \(room) ORDER BY created_at DESC, seq DESC OFFSET \(keep)))
            RETURNING 1
            """).count
    }

    private static func entry(_ row: Columns) throws -> TranscriptEntry {
        TranscriptEntry(id: try row["id"], room: try row["room"], payload: try row["payload"], createdAt: try row["created_at"],
                        updatedAt: try row["updated_at"])
    }
}
