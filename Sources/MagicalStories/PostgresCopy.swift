import Foundation
import GRDB
import StoryStore
import StoryStorePostgres

/// `magical-stories copy-to postgres://…`: copies a SQLite install, every table, into
/// PostgreSQL. It reads one snapshot of the SQLite database (the service may keep running; what
/// it writes afterwards is not copied), skips rows PostgreSQL already holds (safe to run twice),
/// and checks every picture's SHA-256 against its content address once copied.
public struct PostgresCopy: Sendable {
    /// What one table's copy did.
    public struct TableCount: Sendable, Equatable {
        public var table: String
        /// Rows in SQLite.
        public var source: Int
        /// Rows new to PostgreSQL (0 on a second run).
        public var copied: Int
        /// Rows PostgreSQL holds afterwards.
        public var target: Int

        public init(table: String, source: Int, copied: Int, target: Int) {
            self.table = table
            self.source = source
            self.copied = copied
            self.target = target
        }
    }

    /// The copy's outcome.
    public struct Report: Sendable, Equatable {
        public var tables: [TableCount] = []
        /// Pictures whose bytes in PostgreSQL hash to their id.
        public var picturesChecked = 0

        /// One line per table, and the pictures' check.
        public var description: String {
            var lines = ["table                   sqlite    copied  postgres"]
            for count in tables {
                lines.append(count.table.padding(toLength: 20, withPad: " ", startingAt: 0)
                             + String(format: "%10d%10d%10d", count.source, count.copied, count.target))
            }
            lines.append("✓ \(picturesChecked) pictures checked: every one's SHA-256 matches its address.")
            return lines.joined(separator: "\n")
        }
    }

    /// Why a copy stopped.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Rows read from SQLite and written to PostgreSQL at a time (pictures: fewer).
    static let batchRows = 500
    static let pictureBatchRows = 20

    private let source: AppDatabase
    private let target: PostgresDatabase

    public init(from source: AppDatabase, to target: PostgresDatabase) {
        self.source = source
        self.target = target
    }

    /// Copies every table, then checks the pictures.
    /// - Parameter progress: told each table's counts as it finishes.
    public func run(progress: @Sendable (TableCount) -> Void = { _ in }) async throws -> Report {
        let snapshot: any DatabaseReader = if let pool = source.writer as? DatabasePool { try pool.makeSnapshot() } else { source.writer }
        let tables = try await snapshot.read { db in
            try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'grdb_%'
                """)
        }
        let unknown = Set(tables).subtracting(PostgresDatabase.copyOrder)
        guard unknown.isEmpty else {
            throw Failure(description: "This build cannot copy the SQLite table(s) \(unknown.sorted().joined(separator: ", ")): "
                + "the PostgreSQL schema has no counterpart yet. Nothing was changed.")
        }
        var report = Report()
        for table in PostgresDatabase.copyOrder where tables.contains(table) {
            let count = try await copy(table, from: snapshot)
            report.tables.append(count)
            progress(count)
        }
        try await target.resetIdentities()
        report.picturesChecked = try await checkPictures(from: snapshot)
        return report
    }

    private func copy(_ table: String, from snapshot: any DatabaseReader) async throws -> TableCount {
        let columns = try await target.columns(of: table)
        let sourceColumns = try await snapshot.read { db in Set(try db.columns(in: table).map(\.name)) }
        let missing = columns.map(\.name).filter { !sourceColumns.contains($0) }
        let extra = sourceColumns.subtracting(columns.map(\.name))
        guard extra.isEmpty else {
            throw Failure(description: "SQLite's \(table) has column(s) \(extra.sorted().joined(separator: ", ")) that PostgreSQL lacks; "
                + "nothing more was copied.")
        }
        // A table SQLite keys by its rowid alone (collection_remake) has it as `id` here, so that
        // a second copy skips the rows the first made.
        let rowidAsID = missing.contains("id")
        let names = columns.map(\.name).filter { !missing.contains($0) || ($0 == "id" && rowidAsID) }
        let selected = names.map { $0 == "id" && rowidAsID ? "rowid AS \"id\"" : "\"\($0)\"" }.joined(separator: ", ")
        let limit = ["image", "chat_picture", "audio"].contains(table) ? Self.pictureBatchRows : Self.batchRows
        var after: Int64 = .min
        var count = TableCount(table: table, source: 0, copied: 0, target: 0)
        while true {
            let from = after
            let (rows, last) = try await snapshot.read { db -> ([[CopyValue]], Int64?) in
                var last: Int64?
                let rows = try Row.fetchAll(db, sql: "SELECT rowid AS \"__rowid\", \(selected) FROM \(table) WHERE rowid > ? ORDER BY rowid LIMIT ?",
                                            arguments: [from, limit]).map { row in
                    last = row["__rowid"]
                    return try zip(names, columns.filter { names.contains($0.name) }.map(\.kind)).map { name, kind in
                        try Self.value(row[name] as DatabaseValue, kind: kind, table: table, column: name)
                    }
                }
                return (rows, last)
            }
            guard let last else { break }
            count.source += rows.count
            count.copied += try await target.copyRows(into: table, columns: names, rows: rows)
            after = last
        }
        count.target = try await target.count(table)
        return count
    }

    /// Every SQLite picture, checked in PostgreSQL: present, and its bytes hash to its id.
    private func checkPictures(from snapshot: any DatabaseReader) async throws -> Int {
        let ids = try await snapshot.read { db in try String.fetchAll(db, sql: "SELECT id FROM image ORDER BY rowid") }
        var checked = 0
        var bad: [String] = []
        var start = 0
        while start < ids.count {
            let batch = Array(ids[start..<min(ids.count, start + 1_000)])
            let good = try await target.picturesMatchingChecksum(batch)
            bad += batch.filter { !good.contains($0) }
            checked += good.count
            start += batch.count
        }
        guard bad.isEmpty else {
            throw Failure(description: "\(bad.count) picture(s) are missing in PostgreSQL or their bytes do not match their SHA-256 "
                + "(\(bad.prefix(5).joined(separator: ", "))\(bad.count > 5 ? ", …" : "")). Check the SQLite file "
                + "(magical-stories backup verifies it) and run copy-to again.")
        }
        return checked
    }

    /// A SQLite value as the PostgreSQL column's kind wants it.
    static func value(_ value: DatabaseValue, kind: PostgresDatabase.ColumnKind, table: String, column: String) throws -> CopyValue {
        if value.isNull { return .null }
        let converted: CopyValue? = switch kind {
        case .integer: Int64.fromDatabaseValue(value).map(CopyValue.integer)
        case .boolean: Bool.fromDatabaseValue(value).map(CopyValue.boolean)
        case .text: String.fromDatabaseValue(value).map(CopyValue.text)
        case .date: Date.fromDatabaseValue(value).map(CopyValue.date)
        case .bytes: Data.fromDatabaseValue(value).map(CopyValue.bytes)
        }
        guard let converted else {
            throw Failure(description: "\(table).\(column) holds \(value), which is not a \(kind) value; nothing more was copied.")
        }
        return converted
    }
}
