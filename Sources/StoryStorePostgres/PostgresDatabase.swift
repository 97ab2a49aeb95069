import ConcurrencyKit
import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO

/// The PostgreSQL database: a pool of connections (postgres-nio's `PostgresClient`) and the
/// append-only schema migrations. Open it once with ``connect(to:logger:waitingUpTo:)`` in the
/// composition root, hand it to the repositories, and ``close()`` it when the service stops.
///
/// The pool does its background work in a task of its own, started here and ended by
/// ``close()``: the database must be usable (migrated) before the service group runs.
public final class PostgresDatabase: Sendable {
    /// Where it connects, password redacted in its description.
    public let url: PostgresURL
    let client: PostgresClient
    let logger: Logger
    /// Whether each pooled connection closed: every statement's wait for its answer ends there.
    let closeWatch = ConnectionCloseWatch()
    private let runner: Task<Void, Never>

    private init(url: PostgresURL, client: PostgresClient, logger: Logger) {
        self.url = url
        self.client = client
        self.logger = logger
        runner = Task { await client.run() }
    }

    /// Connects to `url`, waiting up to `wait` for a database that cannot be reached yet
    /// (starting beside the service, restarting), logging each failed try and when the next one
    /// is, then migrates it to the newest schema.
    /// - Throws: ``PostgresStoreError`` that says what is wrong (unreachable, refused password,
    ///   no such database, a failed migration).
    /// - Parameter firstRetry: the wait before the second try; it doubles up to 10 s.
    public static func connect(to url: PostgresURL, logger: Logger, waitingUpTo wait: Duration = .seconds(60),
                               maximumConnections: Int = 20,
                               firstRetry: Duration = .milliseconds(500)) async throws(PostgresStoreError) -> PostgresDatabase {
        var configuration = if let socket = url.socketPath {
            PostgresClient.Configuration(unixSocketPath: socket, username: url.user, password: url.password, database: url.database)
        } else {
            PostgresClient.Configuration(host: url.host, port: url.port, username: url.user, password: url.password,
                                         database: url.database, tls: try clientTLS(url))
        }
        configuration.options.maximumConnections = maximumConnections
        configuration.options.connectTimeout = .seconds(10)
        // A process frozen inside a transaction (SIGSTOP, a stalled VM) would hold its row locks, and
        // with them every other process's queue, until it woke: the server ends such a session.
        configuration.options.additionalStartupParameters = [("idle_in_transaction_session_timeout", Self.idleInTransactionTimeout)]
        // The pool's task starts now, so it runs by the time the first query leases a connection.
        let database = PostgresDatabase(url: url, client: PostgresClient(configuration: configuration, backgroundLogger: logger),
                                        logger: logger)
        let clock = ContinuousClock()
        let deadline = clock.now + wait
        var backoff = Backoff(.init(first: firstRetry, cap: .seconds(10), jitter: 0))
        var delay = backoff.next()
        var attempt = 1
        while true {
            do {
                try await migrate(url: url, logger: logger)
                return database
            } catch let reason where reason.isWorthRetrying && clock.now + delay < deadline && !Task.isCancelled {
                logger.warning("PostgreSQL cannot be reached yet; trying again", metadata: [
                    "database": "\(url)", "attempt": "\(attempt)", "retry_in": "\(delay)", "reason": "\(reason.detail)"])
                do {
                    try await Task.sleep(for: delay)
                } catch {
                    // Cancelled (the service is stopping): the last reason is the answer.
                    await database.close()
                    throw reason
                }
                delay = backoff.next()
                attempt += 1
            } catch {
                await database.close()
                throw error
            }
        }
    }

    /// Ends the pool's connections (after the work in flight).
    public func close() async {
        runner.cancel()
        await runner.value
    }

    /// True when the database answers a trivial query (for health checks).
    public func ping() async -> Bool {
        do {
            return try await rows("SELECT 1 AS one").first?.decode(Int.self, "one") == 1
        } catch {
            return false
        }
    }

    /// The database's size on the server (`pg_database_size`), in bytes.
    public func sizeInBytes() async throws -> Int64 {
        try await rows("SELECT pg_database_size(current_database()) AS bytes").first?.decode(Int64.self, "bytes") ?? 0
    }

    /// The applied migration names, oldest first.
    public func appliedMigrations() async throws -> [String] {
        try await rows("SELECT name FROM schema_migration ORDER BY applied_at, name").map { try $0.decode(String.self, "name") }
    }

    /// The migration names this build knows, oldest first.
    public static var knownMigrations: [String] { PostgresSchema.migrations.map(\.name) }

    // MARK: Queries

    /// Runs `query` on a pooled connection and collects its rows.
    func rows(_ query: PostgresQuery) async throws(PostgresStoreError) -> [Columns] {
        try await onOpenConnection { [logger] connection in
            try await connection.query(query, logger: logger).collect()
        }.map(Columns.init)
    }

    /// Runs a prepared statement on a pooled connection (prepared there on its first run) and
    /// collects its rows.
    func rows<Statement: PostgresPreparedStatement>(_ statement: Statement) async throws(PostgresStoreError) -> [Statement.Row]
    where Statement.Row: Sendable {
        try await onOpenConnection { [logger] connection in
            let rows: AsyncThrowingMapSequence<PostgresRowSequence, Statement.Row> = try await connection.execute(statement, logger: logger)
            var collected: [Statement.Row] = []
            for try await row in rows { collected.append(row) }
            return collected
        }
    }

    /// Runs `body` in one transaction on one connection: committed when it returns, rolled back
    /// when it throws, and the error it threw rethrown as it is (a domain error stays one).
    ///
    /// A transaction whose session the server ended before its COMMIT (a process frozen inside
    /// it past ``idleInTransactionTimeout``, then woken) was rolled back: it runs again, up to
    /// ``transactionAttempts`` times in all, on another connection.
    func transaction<Result: Sendable>(_ body: (Transaction) async throws -> Result) async throws -> Result {
        var attempt = 1
        while true {
            do {
                return try await transactionOnce(body)
            } catch let ended as PostgresSessionEnded {
                guard !ended.mayHaveCommitted, attempt < Self.transactionAttempts, !Task.isCancelled else {
                    throw PostgresStoreError(kind: .unreachable, url: url, detail: ended.mayHaveCommitted
                        ? "the connection ended while the transaction was committing" : "the connection ended inside the transaction")
                }
                logger.notice("the server ended this process's session inside a transaction (was it frozen?); running it again",
                              metadata: ["attempt": "\(attempt)"])
                attempt += 1
            }
        }
    }

    /// Runs of a transaction whose session the server ended before its COMMIT.
    static let transactionAttempts = 3

    private func transactionOnce<Result: Sendable>(_ body: (Transaction) async throws -> Result) async throws -> Result {
        do {
            return try await client.withConnection { connection in
                let transaction = Transaction(connection: connection, logger: logger, closeWatch: closeWatch)
                let result: Result
                do {
                    try await transaction.execute("BEGIN")
                    result = try await body(transaction)
                } catch {
                    if !connection.isClosed { try? await transaction.execute("ROLLBACK") }
                    throw PostgresSessionEnded.reading(error, commit: false) ?? error
                }
                do {
                    try await transaction.execute("COMMIT")
                } catch {
                    throw PostgresSessionEnded.reading(error, commit: true) ?? error
                }
                return result
            }
        } catch let error as PSQLError {
            throw PostgresStoreError(error, url: url)
        }
    }

    // MARK: Connecting and migrating

    /// How long a pooled session may sit idle inside a transaction before the server ends it
    /// (issue #32: a frozen process's claim blocked the survivor's queue). The service's
    /// transactions take milliseconds.
    static let idleInTransactionTimeout = "10s"

    static func connectionConfiguration(_ url: PostgresURL) throws(PostgresStoreError) -> PostgresConnection.Configuration {
        if let socket = url.socketPath {
            var configuration = PostgresConnection.Configuration(unixSocketPath: socket, username: url.user, password: url.password,
                                                                 database: url.database)
            configuration.options.connectTimeout = .seconds(10)
            return configuration
        }
        let tls: PostgresConnection.Configuration.TLS
        do {
            switch url.tls {
            case .disable: tls = .disable
            case .prefer: tls = .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
            case .require: tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            }
        } catch {
            throw PostgresStoreError(kind: .tls, url: url, detail: "\(error)")
        }
        var configuration = PostgresConnection.Configuration(host: url.host, port: url.port, username: url.user, password: url.password,
                                                             database: url.database, tls: tls)
        configuration.options.connectTimeout = .seconds(10)
        return configuration
    }

    static func clientTLS(_ url: PostgresURL) throws(PostgresStoreError) -> PostgresClient.Configuration.TLS {
        switch url.tls {
        case .disable: .disable
        case .prefer: .prefer(.makeClientConfiguration())
        case .require: .require(.makeClientConfiguration())
        }
    }

    /// Applies the migrations not applied yet, each in a transaction, holding an advisory lock
    /// so that processes starting together migrate one after the other.
    static func migrate(url: PostgresURL, logger: Logger) async throws(PostgresStoreError) {
        let configuration = try connectionConfiguration(url)
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        } catch {
            throw PostgresStoreError(error, url: url)
        }
        let outcome: Result<Void, PostgresStoreError>
        do {
            try await migrate(on: connection, url: url, logger: logger)
            outcome = .success(())
        } catch {
            outcome = .failure(PostgresStoreError(error, url: url))
        }
        try? await connection.close()
        try outcome.get()
    }

    private static func migrate(on connection: PostgresConnection, url: PostgresURL, logger: Logger) async throws {
        // Session-level, taken first (two processes creating the bookkeeping table at once would
        // collide): released when the connection closes, however this ends.
        try await connection.query("SELECT pg_advisory_lock(\(PostgresSchema.migrationLockKey))", logger: logger)
        try await connection.query(PostgresQuery(unsafeSQL: PostgresSchema.migrationTable), logger: logger)
        let applied = Set(try await connection.query("SELECT name FROM schema_migration", logger: logger)
            .collect().map { try $0.decode(String.self) })
        for migration in PostgresSchema.migrations where !applied.contains(migration.name) {
            try await connection.query("BEGIN", logger: logger)
            do {
                for statement in migration.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query("INSERT INTO schema_migration (name) VALUES (\(migration.name))", logger: logger)
                try await connection.query("COMMIT", logger: logger)
            } catch {
                try? await connection.query("ROLLBACK", logger: logger)
                throw PostgresStoreError(kind: .migration, url: url, detail: "\(migration.name): \(PostgresStoreError.serverMessage(error))")
            }
            logger.info("PostgreSQL migrated", metadata: ["migration": "\(migration.name)"])
        }
        try await connection.query("SELECT pg_advisory_unlock(\(PostgresSchema.migrationLockKey))", logger: logger)
    }
}

/// One open transaction's connection.
struct Transaction: Sendable {
    let connection: PostgresConnection
    let logger: Logger
    let closeWatch: ConnectionCloseWatch

    /// Runs `query` and collects its rows.
    @discardableResult
    func rows(_ query: PostgresQuery) async throws -> [Columns] {
        try await whileOpen { [logger] connection in try await connection.query(query, logger: logger).collect() }.map(Columns.init)
    }

    /// Runs `query`; its rows (`RETURNING …`) are counted.
    @discardableResult
    func execute(_ query: PostgresQuery) async throws -> Int {
        try await whileOpen { [logger] connection in try await connection.query(query, logger: logger).collect().count }
    }

    /// Runs `query`; the rows it changed (its command tag).
    @discardableResult
    func changed(_ query: PostgresQuery) async throws -> Int {
        try await whileOpen { [logger] connection in try await PostgresExecutor.execute(query, on: connection, logger: logger) }
    }

    /// Runs `statement` on the transaction's connection, waiting for its answer only while the
    /// connection is open (``ConnectionCloseWatch/answer(on:_:)``): a statement written after the
    /// server ended the session (while this process was frozen) is never answered by
    /// postgres-nio, so the wait ends with ``PostgresSessionEnded`` once the connection closed.
    private func whileOpen<Answer: Sendable>(_ statement: @escaping @Sendable (PostgresConnection) async throws -> Answer)
    async throws -> Answer {
        try await closeWatch.answer(on: connection, statement)
    }
}

/// A row read by column name.
struct Columns: Sendable {
    /// Made once per row (making it walks every cell), not at each column read.
    let columns: PostgresRandomAccessRow

    init(_ row: PostgresRow) { columns = row.makeRandomAccess() }

    func decode<T: PostgresDecodable>(_ type: T.Type, _ column: String) throws -> T {
        // Checked: postgres-nio stops the process on an unknown column name.
        guard columns.contains(column) else { throw PostgresStoreError.corrupt("row", "no column \(column)") }
        return try columns[column].decode(T.self)
    }

    subscript<T: PostgresDecodable>(_ column: String) -> T {
        get throws { try decode(T.self, column) }
    }
}

// MARK: Copying rows in (`magical-stories copy-to`)

extension PostgresDatabase {
    /// The kinds of column `copy-to` fills.
    public typealias ColumnKind = SQLColumnKind

    /// The tables `copy-to` fills, parents before children (foreign keys hold at every insert):
    /// the shared schema's (a table of an old-style migration is appended: `+ ["name"]`).
    public static let copyOrder = StoreSchema.tables + ["cast_drawing"]

    /// The columns of `table` and their kinds (identity `seq` columns are left to the database).
    public func columns(of table: String) async throws -> [(name: String, kind: ColumnKind)] {
        try await rows("""
            SELECT column_name, data_type FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name = \(table) AND column_name <> 'seq'
            ORDER BY ordinal_position
            """).map { row in
            let type: String = try row["data_type"]
            let kind: ColumnKind = switch type {
            case "bigint", "integer", "smallint": .integer
            case "boolean": .boolean
            case "bytea": .bytes
            case "timestamp with time zone", "timestamp without time zone", "date": .date
            default: .text
            }
            return (try row["column_name"], kind)
        }
    }

    /// Inserts `rows` (values in `columns`' order) into `table`, skipping rows that are already
    /// there (any unique key), in one transaction; returns how many were new.
    public func copyRows(into table: String, columns: [String], rows values: [[SQLValue]]) async throws -> Int {
        guard !values.isEmpty else { return 0 }
        let quoted = columns.map { "\"\($0)\"" }.joined(separator: ", ")
        return try await transaction { transaction in
            var inserted = 0
            var start = 0
            while start < values.count {
                // At most ~30,000 parameters per statement (the protocol allows 65,535).
                let count = max(1, min(values.count - start, 30_000 / max(1, columns.count)))
                var bindings = PostgresBindings(capacity: count * columns.count)
                var tuples: [String] = []
                for row in values[start..<(start + count)] {
                    var placeholders: [String] = []
                    for value in row {
                        try bindings.append(value)
                        placeholders.append("$\(bindings.count)")
                    }
                    tuples.append("(" + placeholders.joined(separator: ", ") + ")")
                }
                inserted += try await transaction.execute(PostgresQuery(
                    unsafeSQL: "INSERT INTO \(table) (\(quoted)) VALUES \(tuples.joined(separator: ", ")) ON CONFLICT DO NOTHING RETURNING 1",
                    binds: bindings))
                start += count
            }
            return inserted
        }
    }

    /// Moves every identity sequence past the ids copied in, so new rows get new ids.
    public func resetIdentities() async throws {
        for row in try await rows("""
            SELECT table_name, column_name FROM information_schema.columns
            WHERE table_schema = current_schema() AND is_identity = 'YES'
            """) {
            let table: String = try row.decode(String.self, "table_name")
            let column: String = try row.decode(String.self, "column_name")
            _ = try await rows(PostgresQuery(unsafeSQL: """
                SELECT setval(pg_get_serial_sequence('\(table)', '\(column)'), GREATEST((SELECT max(\(column)) FROM \(table)), 1))
                """))
        }
    }

    /// Rows in `table`.
    public func count(_ table: String) async throws -> Int {
        try await rows(PostgresQuery(unsafeSQL: "SELECT COUNT(*) AS n FROM \(table)")).first?.decode(Int.self, "n") ?? 0
    }

    /// Of the pictures `ids`, those stored here whose bytes hash (SHA-256) to their id.
    public func picturesMatchingChecksum(_ ids: [String]) async throws -> Set<String> {
        guard !ids.isEmpty else { return [] }
        return Set(try await rows("""
            SELECT id FROM image WHERE id = ANY(\(ids)) AND id = encode(sha256(data), 'hex') AND byte_count = octet_length(data)
            """).map { try $0.decode(String.self, "id") })
    }
}
