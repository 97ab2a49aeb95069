import Foundation
import GRDB

/// One read-only snapshot of the SQLite database, table by table, for copying it into another
/// store (`magical-stories copy-to`). The service may keep writing: what it writes after the
/// snapshot is not seen. Values come as the kind the other store's column wants, as the shared
/// layer's ``SQLValue`` (the value another store binds).
public struct DatabaseExport: Sendable {
    /// The kind of value a column is read as.
    public typealias Kind = SQLColumnKind

    /// A column read as the kind it was asked for; `rowidAsID` reads the table's rowid as `id`.
    public struct Column: Sendable, Equatable {
        public var name: String
        public var kind: Kind
        public var rowidAsID: Bool

        public init(name: String, kind: Kind, rowidAsID: Bool = false) {
            self.name = name
            self.kind = kind
            self.rowidAsID = rowidAsID
        }
    }

    /// A value that is not of the kind its column was asked as.
    public struct Mismatch: Error, CustomStringConvertible {
        public let description: String
    }

    private let reader: any DatabaseReader

    /// A snapshot of `database` now (a database in memory is read as it is).
    public init(_ database: AppDatabase) throws {
        reader = if let pool = database.writer as? DatabasePool { try pool.makeSnapshot() } else { database.writer }
    }

    /// The tables of this service (not SQLite's or GRDB's own).
    public func tables() async throws -> [String] {
        try await reader.read { db in
            try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'grdb_%'
                """)
        }
    }

    /// The names of `table`'s columns.
    public func columns(of table: String) async throws -> Set<String> {
        try await reader.read { db in Set(try db.columns(in: table).map(\.name)) }
    }

    /// Up to `limit` rows of `table` after the rowid `after`, in rowid order, each as `columns`
    /// asks; and the last row's rowid (nil when there are no more rows).
    /// - Throws: ``Mismatch`` for a value that is not of its column's kind.
    public func rows(of table: String, columns: [Column], after: Int64, limit: Int) async throws -> (rows: [[SQLValue]], last: Int64?) {
        let selected = columns.map { $0.rowidAsID ? "rowid AS \"\($0.name)\"" : "\"\($0.name)\"" }.joined(separator: ", ")
        return try await reader.read { db in
            var last: Int64?
            let rows = try Row.fetchAll(db, sql: "SELECT rowid AS \"__rowid\", \(selected) FROM \(table) WHERE rowid > ? ORDER BY rowid LIMIT ?",
                                        arguments: [after, limit]).map { row in
                last = row["__rowid"]
                return try columns.map { column in
                    try Self.value(row[column.name] as DatabaseValue, kind: column.kind, table: table, column: column.name)
                }
            }
            return (rows, last)
        }
    }

    /// The ids of every picture, in rowid order.
    public func pictureIDs() async throws -> [String] {
        try await reader.read { db in try String.fetchAll(db, sql: "SELECT id FROM image ORDER BY rowid") }
    }

    /// A SQLite value as `kind`.
    static func value(_ value: DatabaseValue, kind: Kind, table: String, column: String) throws -> SQLValue {
        if value.isNull { return .null }
        let converted: SQLValue? = switch kind {
        case .integer: Int64.fromDatabaseValue(value).map(SQLValue.integer)
        case .boolean: Bool.fromDatabaseValue(value).map(SQLValue.bool)
        case .text: String.fromDatabaseValue(value).map(SQLValue.text)
        case .date: Date.fromDatabaseValue(value).map(SQLValue.date)
        case .bytes: Data.fromDatabaseValue(value).map(SQLValue.blob)
        }
        guard let converted else {
            throw Mismatch(description: "\(table).\(column) holds \(value), which is not a \(kind) value; nothing more was copied.")
        }
        return converted
    }
}

extension AppDatabase {
    /// The database file's path (":memory:" for one in memory).
    public var path: String { writer.path }
}
