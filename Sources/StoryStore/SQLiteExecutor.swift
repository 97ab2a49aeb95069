@_exported import StoreSQL
import Foundation
import GRDB
import Synchronization

/// The SQLite engine of the shared layer: GRDB's pool runs the shared statements.
///
/// Outside a transaction, ``rows(_:)`` reads on a pool reader and ``execute(_:)`` is one write
/// access. A ``transaction(_:)`` holds GRDB's writer for its whole body, exactly as a
/// `writer.write { }` does: GRDB's closure is synchronous and the shared body is async, so the
/// writer's thread serves the body's statements one by one (``SQLiteTransactionChannel``) until
/// the body returns (commit) or throws (rollback). Every write in the process still goes through
/// GRDB's one writer queue, so nothing interleaves with the transaction (the job queue and the
/// stores not yet moved keep using `writer.write`). The rule that comes with it: inside a
/// transaction, only the executor the body is given (another store's call would wait for the
/// writer this transaction holds).
struct SQLiteExecutor: SQLExecutor {
    let writer: any DatabaseWriter

    var dialect: SQLDialect { .sqlite }

    func rows(_ statement: SQLStatement) async throws -> [any SQLRow] {
        try await writer.read { db in try Self.rows(statement, in: db) }
    }

    @discardableResult
    func execute(_ statement: SQLStatement) async throws -> Int {
        try await writer.write { db in try Self.execute(statement, in: db) }
    }

    func transaction<Result: Sendable>(_ body: (any SQLExecutor) async throws -> Result) async throws -> Result {
        let channel = SQLiteTransactionChannel()
        async let served: Void = serve(channel)
        let result: Result
        do {
            result = try await body(SQLiteTransactionExecutor(channel: channel))
        } catch {
            channel.finish(committing: false)
            try? await served
            throw error
        }
        channel.finish(committing: true)
        try await served
        return result
    }

    /// Runs the transaction's statements on the writer until the body finishes.
    private func serve(_ channel: SQLiteTransactionChannel) async throws {
        do {
            try await writer.write { db in try channel.serve(db) }
            channel.close(CancellationError())
        } catch {
            channel.close(error)
            throw error
        }
    }

    /// - Parameter known: column positions kept per statement text (a hot path's few statements).
    static func rows(_ statement: SQLStatement, in db: Database, known: SQLiteRow.KnownColumns? = nil) throws -> [any SQLRow] {
        let prepared = try prepared(statement, in: db)
        let rows = try Row.fetchAll(prepared)
        guard let first = rows.first else { return [] }
        let columns = known?.columns(of: prepared.sql, else: first) ?? SQLiteRow.Columns(Array(first.columnNames))
        return rows.map { SQLiteRow(row: $0, columns: columns) }
    }

    static func execute(_ statement: SQLStatement, in db: Database) throws -> Int {
        try prepared(statement, in: db).execute()
        return db.changesCount
    }

    /// The statement prepared once per connection (GRDB's statement cache) with its values bound
    /// the way GRDB always stored them (dates as UTC text, booleans as 0/1).
    private static func prepared(_ statement: SQLStatement, in db: Database) throws -> Statement {
        let (sql, values) = statement.rendered(in: .sqlite)
        let prepared = try db.cachedStatement(sql: sql)
        try prepared.setArguments(StatementArguments(values.map(databaseValue)))
        return prepared
    }

    private static func databaseValue(_ value: SQLValue) -> DatabaseValue {
        switch value {
        case .null: .null
        case let .integer(number): number.databaseValue
        case let .real(number): number.databaseValue
        case let .text(text): text.databaseValue
        case let .blob(data): data.databaseValue
        case let .bool(flag): flag.databaseValue
        case let .date(date): date.databaseValue
        }
    }
}

/// The executor inside a SQLite transaction: each statement is served on the writer's thread.
struct SQLiteTransactionExecutor: SQLExecutor {
    let channel: SQLiteTransactionChannel

    var dialect: SQLDialect { .sqlite }

    func rows(_ statement: SQLStatement) async throws -> [any SQLRow] {
        try await channel.run { db in try SQLiteExecutor.rows(statement, in: db) }
    }

    @discardableResult
    func execute(_ statement: SQLStatement) async throws -> Int {
        try await channel.run { db in try SQLiteExecutor.execute(statement, in: db) }
    }

    /// Joins the transaction already open.
    func transaction<Result: Sendable>(_ body: (any SQLExecutor) async throws -> Result) async throws -> Result {
        try await body(self)
    }
}

/// A row GRDB read: a copy fetched by `fetchAll`, never changed afterwards (hence sendable;
/// GRDB marks `Row` unavailable for sending because a cursor's row is reused).
struct SQLiteRow: SQLRow, @unchecked Sendable {
    /// The statement's column positions by lower-cased name, found once per statement (a copied
    /// GRDB row finds a name by comparing every column's, lower-cased, at each read).
    struct Columns: Sendable {
        let positions: [String: Int]

        init(_ names: [String]) {
            var positions: [String: Int] = [:]
            for (index, name) in names.enumerated() where positions[name.lowercased()] == nil { positions[name.lowercased()] = index }
            self.positions = positions
        }

        func position(of column: String) -> Int? { positions[column] ?? positions[column.lowercased()] }
    }

    /// Column positions kept by statement text, so a hot path finds them once, not at every read.
    final class KnownColumns: Sendable {
        private let byStatement = Mutex([String: Columns]())

        func columns(of sql: String, else row: Row) -> Columns {
            if let known = byStatement.withLock({ $0[sql] }) { return known }
            let columns = Columns(Array(row.columnNames))
            byStatement.withLock { known in
                if known.count >= 64 { known.removeAll(keepingCapacity: true) }
                known[sql] = columns
            }
            return columns
        }
    }

    let row: Row
    let columns: Columns

    func string(_ column: String) throws -> String? { try decode(column) }
    func int64(_ column: String) throws -> Int64? { try decode(column) }
    func double(_ column: String) throws -> Double? { try decode(column) }
    func bool(_ column: String) throws -> Bool? { try decode(column) }
    func date(_ column: String) throws -> Date? { try decode(column) }
    func data(_ column: String) throws -> Data? { try decode(column) }

    private func decode<Value: DatabaseValueConvertible>(_ column: String) throws -> Value? {
        guard let position = columns.position(of: column) else { throw StoreSQLError.corrupt(column, "no such column") }
        let value: DatabaseValue = row[position]
        if value.isNull { return nil }
        guard let decoded = Value.fromDatabaseValue(value) else { throw StoreSQLError.corrupt(column, "not a \(Value.self)") }
        return decoded
    }
}

extension AppDatabase: SQLDatabase {
    /// The shared layer's executor on this database.
    public var executor: any SQLExecutor { SQLiteExecutor(writer: writer) }
}
