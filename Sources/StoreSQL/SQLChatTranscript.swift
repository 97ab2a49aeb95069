import Foundation
import StoryDomain

/// Web chat transcripts in the `chat_message` table. With an ``announcer`` (PostgreSQL shared by
/// several processes), each stored or deleted message is announced to the other processes in the
/// same statement or transaction, so no process hears of a change that was not committed.
public struct SQLChatTranscript: ChatTranscriptStore {
    private let executor: any SQLExecutor
    private let announcer: (any ChatAnnouncer)?

    public init(database: some SQLDatabase, announcer: (any ChatAnnouncer)? = nil) {
        executor = database.executor
        self.announcer = announcer
    }

    public func upsert(_ entry: TranscriptEntry) async throws {
        try await executor.execute(announced("""
            INSERT INTO chat_message (id, room, payload, created_at, updated_at)
            VALUES (\(entry.id), \(entry.room), \(entry.payload), \(entry.createdAt), \(entry.updatedAt))
            ON CONFLICT (id) DO UPDATE SET payload = excluded.payload, updated_at = excluded.updated_at
            """))
    }

    @discardableResult
    public func delete(id: String) async throws -> Bool {
        try await executor.execute(announced("DELETE FROM chat_message WHERE id = \(id)")) > 0
    }

    /// In one transaction: the messages go, and with an announcer the other processes are told
    /// that each story is gone, once it is committed.
    public func removeStories(_ storyIDs: [String], messageIDs: [String], room: String) async throws {
        let notices = announcer?.storiesRemoved(storyIDs, room: room) ?? []
        guard !messageIDs.isEmpty || !notices.isEmpty else { return }
        try await executor.transaction { executor in
            if !messageIDs.isEmpty {
                try await executor.execute("DELETE FROM chat_message WHERE id IN \(list: messageIDs) AND room = \(room)")
            }
            for notice in notices { try await executor.execute(notice) }
        }
    }

    public func recent(room: String, limit: Int) async throws -> [TranscriptEntry] {
        try await executor.rows("""
            SELECT id, room, payload, created_at, updated_at FROM (
                SELECT id, room, payload, created_at, updated_at, \(.insertionOrder) AS position FROM chat_message
                WHERE room = \(room) ORDER BY created_at DESC, \(.insertionOrder) DESC LIMIT \(limit)) newest
            ORDER BY created_at, position
            """).map(Self.entry)
    }

    public func entry(id: String) async throws -> TranscriptEntry? {
        try await executor.row("SELECT id, room, payload, created_at, updated_at FROM chat_message WHERE id = \(id)").map(Self.entry)
    }

    @discardableResult
    public func prune(room: String?, keepNewest: Int, olderThan: Date) async throws -> Int {
        let keep = max(0, keepNewest)
        guard let room else {
            return try await executor.transaction { executor in
                let old = try await executor.execute("DELETE FROM chat_message WHERE created_at < \(olderThan)")
                let extra = try await executor.execute("""
                    DELETE FROM chat_message WHERE \(.insertionOrder) IN (SELECT position FROM (SELECT \(.insertionOrder) AS position,
                        ROW_NUMBER() OVER (PARTITION BY room ORDER BY created_at DESC, \(.insertionOrder) DESC) AS newest FROM chat_message) ranked
                        WHERE newest > \(keep))
                    """)
                return old + extra
            }
        }
        // One room, along its (room, created_at) index: the old ones, and those past the newest `keepNewest`.
        return try await executor.execute("""
            DELETE FROM chat_message WHERE room = \(room) AND (created_at < \(olderThan) OR \(.insertionOrder) IN (
                SELECT \(.insertionOrder) FROM chat_message WHERE room = \(room)
                ORDER BY created_at DESC, \(.insertionOrder) DESC \(.noLimit) OFFSET \(keep)))
            """)
    }

    private func announced(_ change: SQLStatement) -> SQLStatement {
        announcer?.announcing(change) ?? change
    }

    private static func entry(_ row: any SQLRow) throws -> TranscriptEntry {
        TranscriptEntry(id: try row["id"], room: try row["room"], payload: try row["payload"], createdAt: try row["created_at"],
                        updatedAt: try row["updated_at"])
    }
}

/// Tells the other processes sharing the database of chat messages stored or deleted
/// (PostgreSQL's `NOTIFY`); a SQLite file has one process and no announcer.
public protocol ChatAnnouncer: Sendable {
    /// `change` (one `INSERT`/`UPDATE`/`DELETE` of `chat_message` rows) made to announce each
    /// row it changed; run with ``SQLExecutor/execute(_:)``, it still counts them.
    func announcing(_ change: SQLStatement) -> SQLStatement
    /// Statements announcing that the stories `storyIDs` were removed from `room`.
    func storiesRemoved(_ storyIDs: [String], room: String) -> [SQLStatement]
    /// The statement announcing that `memberID` of `room` was signed out everywhere (their open pages close).
    func signedOut(_ memberID: String, room: String) -> SQLStatement
}
