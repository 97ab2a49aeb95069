@_exported import StoreSQL
import Foundation
import Logging
import PostgresNIO

/// The PostgreSQL engine of the shared layer: postgres-nio's pooled client runs the shared
/// statements, each outside a transaction on a pooled connection, a ``transaction(_:)`` on one.
struct PostgresExecutor: SQLExecutor {
    let database: PostgresDatabase

    var dialect: SQLDialect { .postgres }

    func rows(_ statement: SQLStatement) async throws -> [any SQLRow] {
        try await database.rows(try Self.query(statement))
    }

    @discardableResult
    func execute(_ statement: SQLStatement) async throws -> Int {
        let query = try Self.query(statement)
        return try await database.onOpenConnection { [logger = database.logger] connection in
            try await Self.execute(query, on: connection, logger: logger)
        }
    }

    func transaction<Result: Sendable>(_ body: (any SQLExecutor) async throws -> Result) async throws -> Result {
        try await database.transaction { transaction in try await body(PostgresTransactionExecutor(transaction: transaction)) }
    }

    /// The rows `query` changed (its command tag).
    static func execute(_ query: PostgresQuery, on connection: PostgresConnection, logger: Logger) async throws -> Int {
        let result: PostgresQueryResult = try await connection.query(query, logger: logger).get()
        return result.metadata.rows ?? 0
    }

    /// The statement in PostgreSQL's dialect, its values bound the way postgres-nio always bound
    /// them (`timestamptz`, `boolean`, `bytea`, `bigint`, `text`).
    static func query(_ statement: SQLStatement) throws -> PostgresQuery {
        let (sql, values) = statement.rendered(in: .postgres)
        return PostgresQuery(unsafeSQL: sql, binds: try bindings(values))
    }

    /// The values bound as ``query(_:)`` binds them.
    static func bindings(_ values: [SQLValue]) throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: values.count)
        for value in values { try bindings.append(value) }
        return bindings
    }
}

extension PostgresBindings {
    /// Binds a shared-layer value as postgres-nio always bound its kind (`bigint`, `double
    /// precision`, `text`, `bytea`, `boolean`, `timestamptz`; `NULL`): the shared statements'
    /// binds and the rows `copy-to` brings in.
    mutating func append(_ value: SQLValue) throws {
        switch value {
        case .null: appendNull()
        case let .integer(number): append(number)
        case let .real(number): append(number)
        case let .text(text): append(text)
        case let .blob(data): try append(data)
        case let .bool(flag): append(flag)
        case let .date(date): append(date)
        }
    }
}

/// The executor inside a PostgreSQL transaction: its one connection.
struct PostgresTransactionExecutor: SQLExecutor {
    let transaction: Transaction

    var dialect: SQLDialect { .postgres }

    func rows(_ statement: SQLStatement) async throws -> [any SQLRow] {
        try await transaction.rows(try PostgresExecutor.query(statement))
    }

    @discardableResult
    func execute(_ statement: SQLStatement) async throws -> Int {
        try await transaction.changed(try PostgresExecutor.query(statement))
    }

    /// Joins the transaction already open.
    func transaction<Result: Sendable>(_ body: (any SQLExecutor) async throws -> Result) async throws -> Result {
        try await body(self)
    }
}

extension Columns: SQLRow {
    func string(_ column: String) throws -> String? { try decode(String?.self, column) }
    func int64(_ column: String) throws -> Int64? { try decode(Int64?.self, column) }
    func double(_ column: String) throws -> Double? { try decode(Double?.self, column) }
    func bool(_ column: String) throws -> Bool? { try decode(Bool?.self, column) }
    func date(_ column: String) throws -> Date? { try decode(Date?.self, column) }
    func data(_ column: String) throws -> Data? { try decode(Data?.self, column) }
}

extension PostgresDatabase: SQLDatabase {
    /// The shared layer's executor on this database.
    public var executor: any SQLExecutor { PostgresExecutor(database: self) }
}
