import PostgresNIO
import StoryDomain

/// The story repository's PostgreSQL ways: the page read is a prepared statement and brings the
/// picture in the same round trip; with an `origin` (this process's id), each saved picture is
/// announced to the other processes (`NOTIFY` in the saving transaction, ids only), which fill in
/// the pages they show waiting for it (``PostgresPaintedPageFeed``).
struct PostgresStoryEngine: StoryRepositoryEngine {
    let database: PostgresDatabase
    let origin: String?

    var readsPictureWithPage: Bool { true }

    func pageTurnRows(_ statement: SQLStatement) async throws -> [any SQLRow] {
        let (sql, values) = statement.rendered(in: .postgres)
        if sql == PageSnapshotStatement.sql {
            return try await database.rows(PageSnapshotStatement(binds: try PostgresExecutor.bindings(values)))
        }
        return try await database.rows(PostgresQuery(unsafeSQL: sql, binds: try PostgresExecutor.bindings(values)))
    }

    func picturePainted(_ story: StoryID, page: Int) -> SQLStatement? {
        origin.map { origin in
            "SELECT pg_notify(\(PostgresSchema.picturesChannel), \(PostgresPaintedPageFeed.payload(origin: origin, story: story, page: page)))"
        }
    }
}

/// The page turn's read (``SQLStoryRepository/pageSnapshot(_:page:withPicture:)``) as a prepared
/// statement: each pooled connection has the server plan the eight-table join once, not at every
/// turn (measured: docs/benchmarks.md#the-page-snapshot-statement).
struct PageSnapshotStatement: PostgresPreparedStatement {
    static let name = "magical_stories_page_snapshot_v3"
    /// The shared statement's text (it does not depend on the values).
    static let sql = SQLStoryRepository.pageSnapshot(StoryID.random(), page: 1, withPicture: false)
        .rendered(in: .postgres).sql

    typealias Row = Columns

    var binds: PostgresBindings

    func makeBindings() -> PostgresBindings { binds }

    func decodeRow(_ row: PostgresRow) throws -> Columns { Columns(row) }
}

extension SQLStoryRepository {
    /// Stories, pages and pictures in the PostgreSQL database `database`; with an `origin` (this
    /// process's id), each saved picture is announced to the other processes.
    public init(database: PostgresDatabase, clock: any WallClock, origin: String? = nil) {
        self.init(database: database, engine: PostgresStoryEngine(database: database, origin: origin), clock: clock)
    }
}
