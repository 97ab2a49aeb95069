import StoryDomain

/// Runs each task on one process at a time among all those sharing the PostgreSQL database: the
/// one holding the task's session-level advisory lock
/// (``PostgresDatabase/asLeader(of:retry:leading:_:)``). When that process dies or its lock's
/// connection breaks, the server releases the lock and another process leads within `retry`.
///
/// A leader whose connection breaks while it lives notices within about twice `retry` (a check
/// not answered in time counts as a broken connection) and stops its task: for that long two
/// processes may run it, so tasks run this way are safe to run twice.
public struct PostgresSingletonTaskRunner: SingletonTaskRunner {
    private let database: PostgresDatabase
    private let retry: Duration

    /// - Parameter retry: how often a waiting process tries to lead, and a leader checks its lock.
    public init(database: PostgresDatabase, retry: Duration = .seconds(5)) {
        self.database = database
        self.retry = retry
    }

    public var isSoleProcess: Bool { false }

    public func run(_ task: String, _ body: @escaping @Sendable () async -> Void) async {
        await database.asLeader(of: task, retry: retry, body)
    }
}
