import Foundation

/// Announces chat message changes on ``PostgresSchema/chatChannel`` as ``ChatNotice``s from
/// `origin` (this process), heard by ``PostgresDatabase/listenForChatMessages(excludingOrigin:retry:listening:received:)``.
struct PostgresChatAnnouncer: ChatAnnouncer {
    let origin: String

    func announcing(_ change: SQLStatement) -> SQLStatement {
        """
        WITH changed AS (\(change) RETURNING room, id)
        SELECT pg_notify(\(PostgresSchema.chatChannel), \(origin + "\n") || room || chr(10) || id) FROM changed
        """
    }

    func storiesRemoved(_ storyIDs: [String], room: String) -> [SQLStatement] {
        storyIDs.map { story in
            "SELECT pg_notify(\(PostgresSchema.chatChannel), \(ChatNotice(origin: origin, room: room, storyDeleted: story).payload))"
        }
    }

    func signedOut(_ memberID: String, room: String) -> SQLStatement {
        "SELECT pg_notify(\(PostgresSchema.chatChannel), \(ChatNotice(origin: origin, room: room, signedOut: memberID).payload))"
    }
}

extension SQLChatTranscript {
    /// The transcript on PostgreSQL; with an `origin` (this process's id), each stored or
    /// deleted message is announced to the other processes.
    public init(database: PostgresDatabase, origin: String?) {
        self.init(database: database, announcer: origin.map(PostgresChatAnnouncer.init(origin:)))
    }
}
