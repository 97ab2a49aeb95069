import Foundation

/// A PostgreSQL connection URL, `postgres://user:password@host:port/database?sslmode=…`, parsed
/// by hand (postgres-nio has no parser): user, password and database are percent-decoded, and a
/// bad URL gets an error that says what is wrong without repeating the password.
///
/// A database on the same machine can be reached through its Unix socket, as libpq writes it:
/// `postgres://user@/database?host=/var/run/postgresql` (or the folder percent-encoded as the
/// host, `postgres://user@%2Fvar%2Frun%2Fpostgresql/database`). The socket is the folder's
/// `.s.PGSQL.<port>`; TLS does not apply to it (`sslmode` is ignored, as libpq does).
public struct PostgresURL: Sendable, Equatable, CustomStringConvertible {
    /// How the connection is encrypted, as libpq's `sslmode` names it.
    public enum TLSMode: String, Sendable, CaseIterable {
        /// Plain TCP (fine on loopback or a private network).
        case disable
        /// TLS when the server offers it, plain otherwise (libpq's default).
        case prefer
        /// TLS required, and the server's certificate checked against the system's trust roots
        /// and the host name (libpq's `verify-full`; `require` is accepted as a stricter spelling).
        case require
    }

    /// A host name or address, or the absolute path of the folder holding the server's Unix
    /// socket (``socketPath``).
    public var host: String
    public var port: Int
    public var user: String
    /// Secret: never part of ``description``.
    public var password: String?
    public var database: String
    public var tls: TLSMode

    public init(host: String, port: Int = 5432, user: String, password: String? = nil, database: String, tls: TLSMode = .prefer) {
        self.host = host
        self.port = port
        self.user = user
        self.password = password
        self.database = database
        self.tls = tls
    }

    /// The server's Unix socket when ``host`` is a folder, nil for a TCP host.
    public var socketPath: String? {
        host.hasPrefix("/") ? "\(host)/.s.PGSQL.\(port)" : nil
    }

    /// Parses `text`.
    /// - Throws: ``PostgresURLError`` naming the part that is wrong.
    public init(parsing text: String) throws(PostgresURLError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let schemeEnd = trimmed.range(of: "://") else { throw .notAURL }
        let scheme = trimmed[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "postgres" || scheme == "postgresql" else { throw .unsupportedScheme(String(scheme)) }
        var rest = trimmed[schemeEnd.upperBound...]

        var query: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }

        var path: Substring = ""
        if let slash = rest.firstIndex(of: "/") {
            path = rest[rest.index(after: slash)...]
            rest = rest[..<slash]
        }

        // The credentials end at the last `@`: an unencoded `@` in a password is common.
        var credentials: Substring?
        if let at = rest.lastIndex(of: "@") {
            credentials = rest[..<at]
            rest = rest[rest.index(after: at)...]
        }
        guard let credentials, !credentials.isEmpty else { throw .missingUser }
        if let colon = credentials.firstIndex(of: ":") {
            user = try Self.decode(credentials[..<colon], part: "user name")
            password = try Self.decode(credentials[credentials.index(after: colon)...], part: "password")
        } else {
            user = try Self.decode(credentials, part: "user name")
            password = nil
        }
        guard !user.isEmpty else { throw .missingUser }

        database = try Self.decode(path, part: "database name")
        guard !database.isEmpty else { throw .missingDatabase }
        guard !database.contains("/") else { throw .invalidPart("database name") }

        tls = .prefer
        var hostOption: String?
        var portOption: Substring?
        for pair in query.split(separator: "&") where !pair.isEmpty {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = try Self.decode(parts[0], part: "option name")
            let value = parts.count > 1 ? try Self.decode(parts[1], part: "option \(key)") : ""
            switch key {
            case "host":
                hostOption = value
            case "port":
                portOption = Substring(value)
            case "sslmode":
                switch value {
                case "disable": tls = .disable
                case "allow", "prefer": tls = .prefer
                case "require", "verify-ca", "verify-full": tls = .require
                default: throw .invalidOption(name: key, value: value, expected: "disable, prefer or require")
                }
            default:
                throw .unknownOption(key)
            }
        }
        // libpq's order: the query's host and port win over the authority's.
        (host, port) = try Self.hostAndPort(rest, hostOption: hostOption, portOption: portOption)
    }

    /// Parses `text`; a URL without a password takes `passwordFallback` (e.g. `PGPASSWORD`).
    public init(parsing text: String, passwordFallback: String?) throws(PostgresURLError) {
        try self.init(parsing: text)
        if password == nil { password = passwordFallback }
    }

    /// The URL with the password replaced by `***`, for logs and messages.
    public var description: String {
        let credentials = Self.encode(user) + (password == nil ? "" : ":***")
        if socketPath != nil {
            let folder = host.split(separator: "/", omittingEmptySubsequences: false).map { Self.encode(String($0)) }.joined(separator: "/")
            return "postgres://\(credentials)@/\(Self.encode(database))?host=\(folder)&port=\(port)"
        }
        let hostText = host.contains(":") ? "[\(host)]" : host
        return "postgres://\(credentials)@\(hostText):\(port)/\(Self.encode(database))?sslmode=\(tls.rawValue)"
    }

    /// True when `text` looks like a PostgreSQL URL (chooses the store; ``init(parsing:)`` then
    /// says what is wrong with it).
    public static func isPostgres(_ text: String) -> Bool {
        let lowered = text.trimmingCharacters(in: .whitespaces).lowercased()
        return lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://")
    }

    private static func hostAndPort(_ authority: Substring, hostOption: String?, portOption: Substring?)
        throws(PostgresURLError) -> (String, Int)
    {
        var hostPart = authority
        var portPart: Substring?
        if authority.hasPrefix("[") {
            // An IPv6 literal: [::1]:5432
            guard let close = authority.firstIndex(of: "]") else { throw .invalidPart("host") }
            hostPart = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw .invalidPart("host") }
                portPart = after.dropFirst()
            }
        } else if let colon = authority.lastIndex(of: ":") {
            hostPart = authority[..<colon]
            portPart = authority[authority.index(after: colon)...]
        }
        let host = if let hostOption { hostOption } else { try decode(hostPart, part: "host") }
        guard !host.isEmpty else { throw .missingHost }
        if host.hasPrefix("/") {
            // A socket folder: any path, but no control characters (a NUL would cut it short).
            guard !host.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw .invalidPart("socket folder")
            }
        } else {
            guard host.allSatisfy({ $0.isLetter || $0.isNumber || "-._:".contains($0) }) else { throw .invalidPart("host") }
        }
        guard let portText = portOption ?? portPart else { return (host, 5432) }
        guard let port = Int(portText), (1...65_535).contains(port) else { throw .invalidPort(String(portText)) }
        return (host, port)
    }

    /// Percent-decodes `text` (UTF-8); a `%` not followed by two hex digits is an error.
    static func decode(_ text: Substring, part: String) throws(PostgresURLError) -> String {
        guard let decoded = String(text).removingPercentEncoding else { throw .badPercentEncoding(part) }
        return decoded
    }

    /// URL's unreserved characters (RFC 3986), the only ones ``encode(_:)`` leaves as they are.
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// Percent-encodes everything but unreserved characters.
    static func encode(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text }
}

/// What is wrong with a PostgreSQL URL. Never includes the password.
public enum PostgresURLError: Error, Sendable, Equatable, CustomStringConvertible {
    case notAURL
    case unsupportedScheme(String)
    case missingUser
    case missingHost
    case missingDatabase
    case invalidPort(String)
    case invalidPart(String)
    case badPercentEncoding(String)
    case invalidOption(name: String, value: String, expected: String)
    case unknownOption(String)

    public var description: String {
        let shape = "postgres://user:password@host:5432/database?sslmode=require"
        return switch self {
        case .notAURL: "DATABASE_URL is not a URL; expected \(shape)."
        case let .unsupportedScheme(scheme): "DATABASE_URL starts with “\(scheme)://”; only postgres:// (or postgresql://) is supported."
        case .missingUser: "DATABASE_URL names no user; expected \(shape)."
        case .missingHost:
            "DATABASE_URL names no host; expected \(shape) (or, for a Unix socket, postgres://user@/database?host=/var/run/postgresql)."
        case .missingDatabase: "DATABASE_URL names no database after the host (…:5432/database)."
        case let .invalidPort(port): "DATABASE_URL's port “\(port)” is not a number from 1 to 65535."
        case let .invalidPart(part): "DATABASE_URL's \(part) is not valid."
        case let .badPercentEncoding(part):
            "DATABASE_URL's \(part) has a “%” that is not followed by two hex digits: write a literal % as %25."
        case let .invalidOption(name, value, expected): "DATABASE_URL's \(name)=\(value) is not understood; use \(expected)."
        case let .unknownOption(name): "DATABASE_URL has an option “\(name)” this service does not know (it knows sslmode, host and port)."
        }
    }
}
