import Operations
import DiscordGateway
import DiscordREST
import Foundation
import NIOCore
import StoryStore
import StoryStorePostgres
import WebChat

/// Why the service could not start, in one plain sentence that names what failed (the address,
/// file or value) and the setting to change: what `magical-stories serve` prints, alone, before
/// it exits non-zero. Never holds a password (PostgreSQL URLs are shown redacted).
public struct StartupFailure: Error, CustomStringConvertible, Equatable, Sendable {
    public let description: String

    public init(_ sentence: String) { description = sentence }

    /// A listener could not take its address: `host:port` in use, not allowed, or not an
    /// address of this machine. `settings` are the host and port variables (`HTTP_HOST`, `HTTP_PORT`).
    static func listening(_ error: any Error, host: String, port: Int, what: String, settings: (host: String, port: String))
        -> StartupFailure? {
        let address = "\(host.contains(":") ? "[\(host)]" : host):\(port)"
        if let io = error as? IOError {
            switch io.errnoCode {
            case EADDRINUSE:
                return StartupFailure("The \(what) cannot listen on \(address): another program already uses port \(port); "
                                      + "stop it or set \(settings.port) to a free port.")
            case EACCES, EPERM:
                return StartupFailure("The \(what) may not listen on \(address): ports below 1024 need extra rights; "
                                      + "set \(settings.port) to 1024 or above.")
            case EADDRNOTAVAIL:
                return StartupFailure("The \(what) cannot listen on \(address): \(host) is not an address of this machine; "
                                      + "set \(settings.host) to one of its addresses, 127.0.0.1 or 0.0.0.0.")
            default: return nil
            }
        }
        if error is SocketAddressError || error is SocketAddressError.UnknownHost {
            return StartupFailure("The \(what) cannot listen on \(address): \(host) is not a known host name or address; "
                                  + "set \(settings.host) to 127.0.0.1, 0.0.0.0 or one of this machine's addresses.")
        }
        return nil
    }

    /// One sentence for whatever stopped the service from starting.
    public static func explaining(_ error: any Error, config: AppConfig) -> StartupFailure {
        switch error {
        case let failure as StartupFailure: return failure
        case let error as AppConfigError: return StartupFailure(configuration(error))
        case let error as ServiceLockError: return StartupFailure(lock(error, config: config))
        case let error as StoreError: return StartupFailure(sqlite(error))
        case let error as PostgresStoreError: return StartupFailure(postgres(error))
        case let error as WebChatTLSError: return StartupFailure(tls(error, config: config))
        case let DiscordRESTError.http(_, status, _, _) where status == 401:
            return StartupFailure("Discord refused the bot token (HTTP 401 Unauthorized): set DISCORD_TOKEN to the bot's token "
                                  + "from the Developer Portal (Bot, Reset Token).")
        case let error as GatewayFatalError:
            return StartupFailure("Discord refused the bot: \(error.message); check DISCORD_TOKEN (and the bot's settings in the Developer Portal).")
        default:
            return StartupFailure("The service could not start: \(plain("\(error)")).")
        }
    }

    private static func configuration(_ error: AppConfigError) -> String {
        switch error {
        case let .unreadableFile(path, reason):
            "The config file \(path) cannot be read (\(plain(reason))): fix it, or name another with --config or MAGICAL_STORIES_CONFIG."
        case .invalid, .invalidSecret: error.description
        }
    }

    private static func lock(_ error: ServiceLockError, config: AppConfig) -> String {
        let database = config.databasePath
        switch error {
        case let .held(_, pid):
            return "Another Magical Stories service\(pid.map { " (process \($0))" } ?? "") already serves the database \(database): "
                + "stop it, or set DATABASE_PATH to another file."
        case let .cannotOpen(_, reason):
            let folder = URL(fileURLWithPath: database).deletingLastPathComponent().path
            return "The database \(database) cannot be created or opened: this user cannot write in the folder \(folder) "
                + "(\(reason.lowercased())); give it write access, or set DATABASE_PATH to a writable place."
        }
    }

    private static func sqlite(_ error: StoreError) -> String {
        let path = error.path
        switch error.kind {
        case .notADatabase:
            return "The file \(path) is not a SQLite database: move it aside, or set DATABASE_PATH to the service's database file."
        case .readOnly:
            return "The database \(path) is read-only for this user: give it write access to the file and its folder, or set DATABASE_PATH."
        case .cannotOpen:
            let readable = FileManager.default.isReadableFile(atPath: path) || !FileManager.default.fileExists(atPath: path)
            let problem = readable ? "cannot be opened (\(plain(error.detail)))" : "cannot be read by this user"
            return "The database \(path) \(problem): give this user read and write access to it and its folder, or set DATABASE_PATH."
        case .diskFull:
            return "The disk holding the database \(path) is full: free some space, or set DATABASE_PATH to another disk."
        case .corrupt:
            return "The database \(path) is damaged: restore a backup (magical-stories restore), or set DATABASE_PATH to another file."
        case .other:
            return "The database \(path) cannot be used (\(plain(error.detail))): check the file, or set DATABASE_PATH."
        }
    }

    private static func postgres(_ error: PostgresStoreError) -> String {
        let url = error.url
        switch error.kind {
        case .unreachable:
            return "PostgreSQL at \(url) cannot be reached (\(network(error.detail))): start it, or fix the host and port in DATABASE_URL."
        case .authentication:
            return "PostgreSQL at \(url) refused the user or password: fix them in DATABASE_URL."
        case .noDatabase:
            return "PostgreSQL at \(url) has no such database: create it (createdb), or fix its name in DATABASE_URL."
        case .tls:
            return "TLS to PostgreSQL at \(url) failed (\(plain(error.detail))): fix sslmode in DATABASE_URL or the server's certificate."
        case .migration, .refused, .other:
            return "PostgreSQL at \(url) cannot be used (\(plain(error.detail))): check the server, or DATABASE_URL."
        }
    }

    private static func tls(_ error: WebChatTLSError, config: AppConfig) -> String {
        let isKey = error.file == config.webAccess.tlsKeyFile && error.file != config.webAccess.tlsCertificateFile
        let (what, setting) = isKey ? ("TLS key file", "TLS_KEY_FILE") : ("TLS certificate file", "TLS_CERT_FILE")
        let manager = FileManager.default
        let problem = if !manager.fileExists(atPath: error.file) { "does not exist" }
            else if !manager.isReadableFile(atPath: error.file) { "cannot be read by this user" }
            else if error.problem.hasPrefix("does not match") { "does not match the certificate" }
            else { isKey ? "is not an unencrypted PEM private key" : "is not a PEM certificate chain" }
        return "The \(what) \(error.file) \(problem): fix the file, or set \(setting) (with \(isKey ? "TLS_CERT_FILE" : "TLS_KEY_FILE"))."
    }

    /// Why a connection failed, in a few words, from a network library's message.
    static func network(_ detail: String) -> String {
        let lower = detail.lowercased()
        let reasons = [("connection refused", "nothing listens there: connection refused"), ("timed out", "it did not answer in time"),
                       ("timeout", "it did not answer in time"), ("name or service not known", "the host name is unknown"),
                       ("nodename nor servname", "the host name is unknown"), ("resolve", "the host name is unknown"),
                       ("unreachable", "no route to it"), ("no route", "no route to it")]
        return reasons.first { lower.contains($0.0) }?.1 ?? plain(detail)
    }

    /// A library's message in plain words: a system error's name without "errno" or the call
    /// that failed (`bind(descriptor:ptr:bytes:)`).
    static func plain(_ text: String) -> String {
        var text = text
        for (pattern, replacement) in [(#"\s*\(errno: ?\d+\)"#, ""), (#"[A-Za-z_]+\([a-zA-Z_:]*\):\s*"#, ""), (#"\s+"#, " ")] {
            text = text.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: ".")))
    }
}
