/// PostgreSQL's migrations: the shared ones (``StoreSchema/migrations``, the same names as
/// SQLite's), then those still written in the old style (one `PostgresSchema+X.swift` beside
/// SQLite's `Schema+X.swift`). Append-only: never edit a migration that has shipped. Each
/// migration is a list of statements run in one transaction.
enum PostgresSchema {
    struct Migration: Sendable {
        let name: String
        let statements: [String]
    }

    static let migrations: [Migration] = StoreSchema.migrations.map { Migration(name: $0.name, statements: $0.statements(.postgres)) } + [
        Migration(name: "v27: a gentler remake remembered with its story", statements: v27),
        Migration(name: "v28: a cast member's drawing", statements: v28),
    ]

    /// The bookkeeping table; created before any migration runs.
    static let migrationTable = """
        CREATE TABLE IF NOT EXISTS schema_migration (
            name text PRIMARY KEY,
            applied_at timestamptz NOT NULL DEFAULT now()
        )
        """

    /// The advisory lock key that serializes migrations across processes ("mstories").
    static let migrationLockKey: Int64 = 0x6D73_746F_7269_6573

    /// The channel an enqueue notifies (in its transaction, so only once the job is visible) to
    /// wake idle workers on every process.
    static let jobsChannel = JobTable.wakeChannel

    /// The channel a stored or deleted web chat message notifies (`origin` process, room and
    /// message id, one a line), so browsers connected to other processes see it too.
    static let chatChannel = "magical_stories_chat"

    /// The channel a saved picture notifies (`origin` process, story id and page number, one a
    /// line: ids only), so pages shown "still being painted" on other processes are filled in.
    static let picturesChannel = "magical_stories_pictures"
}
