import Foundation
import GRDB
import StoryDomain

/// The story repository's SQLite ways: the page turn reads on the page reader
/// (``AppDatabase/pageReader``), statements compiled once per connection; one process, nobody
/// else to tell of a painted page.
struct SQLiteStoryEngine: StoryRepositoryEngine {
    let pageReader: any DatabaseReader
    /// The page turn's few statements' column positions, found once.
    let columns = SQLiteRow.KnownColumns()

    var readsPictureWithPage: Bool { false }

    func pageTurnRows(_ statement: SQLStatement) async throws -> [any SQLRow] {
        try await pageReader.read { [columns] db in try SQLiteExecutor.rows(statement, in: db, known: columns) }
    }

    func picturePainted(_ story: StoryID, page: Int) -> SQLStatement? { nil }
}

extension SQLStoryRepository {
    /// Stories, pages and pictures in the SQLite database `database`.
    public init(database: AppDatabase, clock: any WallClock) {
        self.init(database: database, engine: SQLiteStoryEngine(pageReader: database.pageReader), clock: clock)
    }
}
