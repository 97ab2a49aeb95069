import Foundation

/// The one place where the engines' SQL differs. Shared statements are written once; the few
/// words that differ are ``Word``s interpolated into them, and each executor renders them with
/// its dialect.
///
/// How values are stored, unchanged from before the shared layer (existing files and
/// databases read back as they are, no migration):
/// - SQLite (GRDB): dates as UTC text `yyyy-MM-dd HH:mm:ss.SSS` (GRDB's format; compared as
///   text), booleans as 0/1, bytes as BLOB; the executor binds through GRDB's own conversions.
/// - PostgreSQL: `timestamptz`, `boolean`, `bytea`; the executor binds through postgres-nio's.
public enum SQLDialect: Sendable {
    case sqlite, postgres

    /// A word that differs between the engines.
    public enum Word: Sendable {
        /// The column giving a table's insertion order: SQLite's `rowid`, PostgreSQL's identity `seq`.
        case insertionOrder
        /// After a `SELECT` in a transaction that will update the rows it read: PostgreSQL locks
        /// them (`FOR UPDATE`); a SQLite write transaction already holds the only write lock.
        case lockRows
        /// As ``lockRows``, locking only the rows of the named table of a join (PostgreSQL's
        /// `FOR UPDATE OF table`; the name is trusted text).
        case lockRowsOf(String)
        /// The aggregate joining a group's texts with a separator, `\(.joinTexts)(column, separator)`:
        /// SQLite's `group_concat`, PostgreSQL's `string_agg` (order them with a sorted subquery).
        case joinTexts
        /// A `LIMIT` that does not limit (before an `OFFSET`): SQLite's `LIMIT -1`, PostgreSQL's `LIMIT ALL`.
        case noLimit
    }

    /// The placeholder of the `index`th value bound (from 1).
    public func placeholder(_ index: Int) -> String {
        switch self {
        case .sqlite: "?"
        case .postgres: "$\(index)"
        }
    }

    /// The text of `word` in this dialect.
    public func text(_ word: Word) -> String {
        switch (self, word) {
        case (.sqlite, .insertionOrder): "rowid"
        case (.postgres, .insertionOrder): "seq"
        case (.sqlite, .lockRows): ""
        case (.postgres, .lockRows): "FOR UPDATE"
        case (.sqlite, .lockRowsOf): ""
        case let (.postgres, .lockRowsOf(table)): "FOR UPDATE OF \(table)"
        case (.sqlite, .joinTexts): "group_concat"
        case (.postgres, .joinTexts): "string_agg"
        case (.sqlite, .noLimit): "LIMIT -1"
        case (.postgres, .noLimit): "LIMIT ALL"
        }
    }
}
