import Foundation
import PostgresNIO

/// Requests of every process of the bot counted in the database (Discord's global REST limit):
/// at most `limit` in any `window` (sliding), by the database's clock (`clock_timestamp()`), one
/// process at a time under a transaction-scoped advisory lock.
public struct PostgresRateWindow: Sendable {
    /// The answer to one ask: granted, or wait this long.
    public typealias Answer = PostgresTurn

    let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    /// Counts one request if fewer than `limit` were counted in the last `window`.
    /// - Throws: ``PostgresStoreError`` when the database cannot be reached or refuses.
    public func take(limit: Int, window: Duration) async throws -> Answer {
        let seconds = Double(window.components.seconds) + Double(window.components.attoseconds) / 1e18
        return try await database.transaction { transaction in
            try await transaction.execute("SELECT pg_advisory_xact_lock(hashtextextended('discord-rest-global', 0))")
            // After the lock: clock_timestamp(), not now() (the transaction's start, before the wait).
            try await transaction.execute("DELETE FROM rest_request WHERE sent_at <= clock_timestamp() - make_interval(secs => \(seconds))")
            let row = try await transaction.rows("""
                SELECT count(*) AS sent,
                       EXTRACT(EPOCH FROM (min(sent_at) + make_interval(secs => \(seconds))) - clock_timestamp())::float8 AS wait
                FROM rest_request
                """).first
            let sent = try row?.decode(Int64.self, "sent") ?? 0
            if sent < Int64(limit) {
                try await transaction.execute("INSERT INTO rest_request (sent_at) VALUES (clock_timestamp())")
                return .granted
            }
            let wait = try row?.decode(Double?.self, "wait") ?? 0.01
            return .wait(.milliseconds(Int64(max(0.005, min(wait, seconds)) * 1_000)))
        }
    }
}
