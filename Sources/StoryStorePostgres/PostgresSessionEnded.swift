import PostgresNIO

/// A transaction's connection ended under it: most often the server ended a session left idle
/// inside a transaction (`idle_in_transaction_session_timeout`) because its process was frozen
/// (SIGSTOP, a stalled VM) holding locks that every other process waited on (issue #32). The
/// server rolled the transaction back, so ``PostgresDatabase`` runs it again on another
/// connection, unless ``mayHaveCommitted`` (its COMMIT was sent and not answered).
struct PostgresSessionEnded: Error, Equatable {
    /// The COMMIT had been written when the connection ended: it may have been applied. (For a
    /// single statement: it was written, and its answer is unknown.)
    var mayHaveCommitted = false

    /// What `error` (thrown by a statement of a transaction, `commit` telling whether it was the
    /// COMMIT) means, when it says the session ended; nil for any other error.
    static func reading(_ error: any Error, commit: Bool) -> PostgresSessionEnded? {
        if let ended = error as? PostgresSessionEnded {
            return PostgresSessionEnded(mayHaveCommitted: commit && ended.mayHaveCommitted)
        }
        guard let error = error as? PSQLError else { return nil }
        if endedIdle(error) { return PostgresSessionEnded() }
        guard error.code == .serverClosedConnection || error.code == .clientClosedConnection else { return nil }
        return PostgresSessionEnded(mayHaveCommitted: commit)
    }

    /// The server said it ended the session for idling in the transaction (perhaps as the reason
    /// a later statement found the connection closed): nothing sent after that ran.
    private static func endedIdle(_ error: PSQLError) -> Bool {
        if error.serverInfo?[.sqlState] == idleInTransactionTimeout { return true }
        return (error.underlying as? PSQLError).map(endedIdle) ?? false
    }

    /// `idle_in_transaction_session_timeout`: the server ended the session before anything later
    /// in the transaction (its COMMIT included) was run.
    static let idleInTransactionTimeout = "25P03"
}
