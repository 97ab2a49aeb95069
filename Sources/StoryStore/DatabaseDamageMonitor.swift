import GRDB
import Synchronization

/// Notices a damaged database while the service runs: SQLite's `SQLITE_CORRUPT` or
/// `SQLITE_NOTADB`, met by any query anywhere (through SQLite's error log, once
/// ``watchSQLiteErrorLog()`` is called) or handed over as an error by whoever met it.
/// Remembers the first such damage, for readiness, and tells its handler once.
public final class DatabaseDamageMonitor: Sendable {
    private struct State {
        var damage: String?
        var handler: (@Sendable (String) -> Void)?
    }

    private let state = Mutex(State())

    public init() {}

    /// What damage was met first, or nil while none was.
    public var damage: String? { state.withLock { $0.damage } }

    /// Calls `handler` once with the first damage met (at once if it was met already).
    public func onDamage(_ handler: @escaping @Sendable (String) -> Void) {
        let already = state.withLock { state -> String? in
            state.handler = handler
            return state.damage
        }
        if let already { handler(already) }
    }

    /// Records `error` when it says the database is damaged; true when it does.
    @discardableResult
    public func report(_ error: any Error) -> Bool {
        if let error = error as? DatabaseError, Self.isDamage(error.resultCode) {
            record(error.message ?? "\(error.resultCode)")
            return true
        }
        if let error = error as? StoreError, error.kind == .corrupt || error.kind == .notADatabase {
            record(error.detail)
            return true
        }
        return false
    }

    /// Routes SQLite's process-wide error log here, so damage met by any connection is noticed
    /// even where the error itself is turned into a retry or a kind message. SQLite allows this
    /// only before the process opens its first database: call it first thing, once.
    public func watchSQLiteErrorLog() {
        Database.logError = { [weak self] code, message in
            guard Self.isDamage(code) else { return }
            self?.record(message)
        }
    }

    static func isDamage(_ code: ResultCode) -> Bool {
        code.primaryResultCode == .SQLITE_CORRUPT || code.primaryResultCode == .SQLITE_NOTADB
    }

    private func record(_ detail: String) {
        let handler = state.withLock { state -> (@Sendable (String) -> Void)? in
            guard state.damage == nil else { return nil }
            state.damage = detail
            return state.handler
        }
        handler?(detail)
    }
}
