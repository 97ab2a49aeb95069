import Foundation
import PostgresNIO
import StoryDomain

/// Web chat transcripts in the `chat_message` table. With an `origin` (this process's id), each
/// stored or deleted message is announced to the other processes (`NOTIFY`, in the same
/// transaction), whose browsers in the room are then sent it, or told it is gone (``PostgresDatabase/listenForChatMessages(excludingOrigin:retry:listening:received:)``).
public struct PostgresChatTranscript: ChatTranscriptStore {
    private let database: PostgresDatabase
    private let origin: String?

    public init(database: PostgresDatabase, origin: String? = nil) {
        self.database = database
        self.origin = origin
    }

    /// One statement: with an `origin`, the notification goes out in the same (implicit)
    /// transaction, so no process hears of a message that was not stored.
    public func upsert(_ entry: TranscriptEntry) async throws {
        guard let origin else {
            _ = try await database.rows("""
                INSERT INTO chat_message (id, room, payload, created_at, updated_at)
                VALUES (\(entry.id), \(entry.room), \(entry.payload), \(entry.createdAt), \(entry.updatedAt))
                ON CONFLICT (id) DO UPDATE SET payload = excluded.payload, updated_at = excluded.updated_at
                """)
            return
        }
        _ = try await database.rows("""
            WITH stored AS (
                INSERT INTO chat_message (id, room, payload, created_at, updated_at)
                VALUES (\(entry.id), \(entry.room), \(entry.payload), \(entry.createdAt), \(entry.updatedAt))
                ON CONFLICT (id) DO UPDATE SET payload = excluded.payload, updated_at = excluded.updated_at
                RETURNING room, id)
            SELECT pg_notify(\(PostgresSchema.chatChannel), \(origin + "\n") || room || chr(10) || id) FROM stored
            """)
    }

    /// With an `origin`, the other processes are told, and take the message off their browsers.
    @discardableResult
    public func delete(id: String) async throws -> Bool {
        guard let origin else {
            return try await !database.rows("DELETE FROM chat_message WHERE id = \(id) RETURNING 1").isEmpty
        }
        return try await !database.rows("""
            WITH gone AS (DELETE FROM chat_message WHERE id = \(id) RETURNING room, id)
            SELECT pg_notify(\(PostgresSchema.chatChannel), \(origin + "\n") || room || chr(10) || id) FROM gone
            """).isEmpty
    }

    /// In one transaction: the messages go, and with an `origin` the other processes are told
    /// that each story is gone (``ChatNotice``'s story deletions), once it is committed.
    public func removeStories(_ storyIDs: [String], messageIDs: [String], room: String) async throws {
        let notices = origin.map { origin in storyIDs.map { ChatNotice(origin: origin, room: room, storyDeleted: $0).payload } } ?? []
        guard !messageIDs.isEmpty || !notices.isEmpty else { return }
        try await database.transaction { transaction in
            if !messageIDs.isEmpty {
                _ = try await transaction.execute("DELETE FROM chat_message WHERE id = ANY(\(messageIDs)) AND room = \(room) RETURNING 1")
            }
            if !notices.isEmpty {
                _ = try await transaction.execute("""
                    SELECT pg_notify(\(PostgresSchema.chatChannel), notice) FROM unnest(\(notices)::text[]) AS notice
                    """)
            }
        }
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
