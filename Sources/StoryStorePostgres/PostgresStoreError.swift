import PostgresNIO

/// A PostgreSQL failure, described so that an admin knows what to do. Never includes the
/// password: the URL is printed redacted.
public struct PostgresStoreError: Error, CustomStringConvertible, Sendable {
    public enum Kind: String, Sendable {
        /// The server could not be reached (down, wrong host or port, a firewall, starting up).
        case unreachable
        /// The server refused the user or password.
        case authentication
        /// The database named in the URL does not exist.
        case noDatabase
        /// TLS could not be set up, or the server does not offer it while the URL requires it.
        case tls
        /// A schema migration failed (and was rolled back).
        case migration
        /// The server refused a statement (a constraint, a bad value).
        case refused
        case other
    }

    public let kind: Kind
    /// The database, password redacted.
    public let url: String
    public let detail: String
    /// The server's SQLSTATE, when it answered with an error.
    public let sqlState: String?

    public init(kind: Kind, url: PostgresURL, detail: String, sqlState: String? = nil) {
        self.kind = kind
        self.url = url.description
        self.detail = detail
        self.sqlState = sqlState
    }

    /// A row this build cannot read.
    static func corrupt(_ table: String, _ detail: String) -> PostgresStoreError {
        PostgresStoreError(kind: .other, urlText: "the database", detail: "bad row in \(table): \(detail)")
    }

    private init(kind: Kind, urlText: String, detail: String) {
        self.kind = kind
        url = urlText
        self.detail = detail
        sqlState = nil
    }

    init(_ error: any Error, url: PostgresURL) {
        if let error = error as? PostgresStoreError {
            self = error
            return
        }
        self.url = url.description
        guard let error = error as? PSQLError else {
            kind = .other
            detail = "\(error)"
            sqlState = nil
            return
        }
        let state = error.serverInfo?[.sqlState]
        sqlState = state
        detail = Self.serverMessage(error)
        switch (error.code, state) {
        case (_, "28P01"?), (_, "28000"?), (.authMechanismRequiresPassword, _), (.saslError, _), (.unsupportedAuthMechanism, _):
            kind = .authentication
        case (_, "3D000"?): kind = .noDatabase
        case (_, "57P03"?), (_, "53300"?), (.connectionError, _), (.serverClosedConnection, _), (.uncleanShutdown, _):
            kind = .unreachable
        case (.sslUnsupported, _), (.failedToAddSSLHandler, _), (.receivedUnencryptedDataAfterSSLRequest, _): kind = .tls
        case (.server, _): kind = .refused
        default: kind = .other
        }
    }

    /// Worth trying again at start-up: the server may come up.
    var isWorthRetrying: Bool { kind == .unreachable }

    /// The server's message (and detail), or the underlying network error, never the query's
    /// bound values.
    static func serverMessage(_ error: any Error) -> String {
        guard let error = error as? PSQLError else { return "\(error)" }
        if let info = error.serverInfo {
            return [info[.message], info[.detail]].compactMap { $0 }.joined(separator: " — ")
        }
        if let underlying = error.underlying { return "\(error.code): \(underlying)" }
        return "\(error.code)"
    }

    public var description: String {
        switch kind {
        case .unreachable:
            "PostgreSQL at \(url) cannot be reached (\(detail)): check that it runs and that host and port are right."
        case .authentication:
            "PostgreSQL at \(url) refused the user or password (\(detail)): check DATABASE_URL's credentials."
        case .noDatabase:
            "PostgreSQL at \(url) has no such database (\(detail)): create it (createdb) or fix the name in DATABASE_URL."
        case .tls: "TLS to PostgreSQL at \(url) failed (\(detail)): check sslmode and the server's certificate."
        case .migration: "Migrating PostgreSQL at \(url) failed and was rolled back: \(detail)"
        case .refused: "PostgreSQL at \(url) refused a statement: \(detail)"
        case .other: "PostgreSQL error at \(url): \(detail)"
        }
    }
}
