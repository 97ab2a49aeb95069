import Foundation

/// Runs shared statements on one engine. Each engine provides one (SQLite: GRDB's pool;
/// PostgreSQL: postgres-nio's client); the ports written once over it never see the driver.
///
/// Outside a transaction, ``rows(_:)`` reads (SQLite: on a pool reader, so it must not write)
/// and ``execute(_:)`` writes, each statement atomic on its own. A write that returns rows
/// (`RETURNING`) runs in a ``transaction(_:)``.
public protocol SQLExecutor: Sendable {
    /// The engine's dialect, for the rare shared code that must branch on it.
    var dialect: SQLDialect { get }

    /// Runs `statement` and collects its rows.
    func rows(_ statement: SQLStatement) async throws -> [any SQLRow]

    /// Runs `statement`; returns how many rows it inserted, updated or deleted.
    @discardableResult
    func execute(_ statement: SQLStatement) async throws -> Int

    /// Runs `body` in one write transaction: committed when it returns, rolled back when it
    /// throws (its error rethrown as it is). Inside, use only the executor `body` is given
    /// (never another store: SQLite's writer is busy serving this transaction); a transaction
    /// begun inside one joins it.
    func transaction<Result: Sendable>(_ body: (any SQLExecutor) async throws -> Result) async throws -> Result
}

extension SQLExecutor {
    /// The first row, if any.
    public func row(_ statement: SQLStatement) async throws -> (any SQLRow)? { try await rows(statement).first }
}

/// A database the shared ports run on (the SQLite ``AppDatabase``, the ``PostgresDatabase``).
public protocol SQLDatabase: Sendable {
    var executor: any SQLExecutor { get }
}
