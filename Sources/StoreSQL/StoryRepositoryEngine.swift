import Foundation
import StoryDomain

/// What ``SQLStoryRepository`` does each engine's own way; everything else it writes once.
public protocol StoryRepositoryEngine: Sendable {
    /// Runs a read on the page-turn path (the page, a picture) the engine's fastest way: SQLite
    /// on its page reader, so a turn never queues behind other reads; PostgreSQL with the page
    /// read as a prepared statement.
    func pageTurnRows(_ statement: SQLStatement) async throws -> [any SQLRow]

    /// Whether ``StoryRepository/pageSnapshotWithPicture(_:page:)`` brings the picture in the
    /// page's own read: on PostgreSQL a second read is a second round trip; SQLite reads a
    /// picture as cheaply apart (and the caller's picture cache saves reading it again).
    var readsPictureWithPage: Bool { get }

    /// A statement telling the other processes that `page` of `story` has its picture, run in the
    /// saving transaction (so told only once it is visible); nil when nobody else is to be told.
    func picturePainted(_ story: StoryID, page: Int) -> SQLStatement?
}
