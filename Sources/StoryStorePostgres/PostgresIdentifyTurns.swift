import Foundation
import PostgresNIO

/// Discord's identify turns, shared by every process of the bot through the database: at most
/// one IDENTIFY per bucket (`shard_id % max_concurrency`) per `spacing`, timed by the database's
/// clock (`now()`), never a machine's. One atomic upsert grants a turn only when the bucket's
/// `next_at` has come, so two processes asking at once never both get it.
public struct PostgresIdentifyTurns: Sendable {
    /// The answer to one ask: granted, or wait this long.
    public typealias Answer = PostgresTurn

    let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    /// Takes `bucket`'s turn if it is free: the next one is then `spacing` from the database's now.
    /// - Throws: ``PostgresStoreError`` when the database cannot be reached or refuses.
    public func take(bucket: Int, spacing: Duration) async throws(PostgresStoreError) -> Answer {
        let seconds = Double(spacing.components.seconds) + Double(spacing.components.attoseconds) / 1e18
        // The outer SELECT reads the statement's snapshot: the turn as it was when not granted.
        // A row inserted meanwhile by another process is not in that snapshot: no wait is known
        // then, and a short one is answered.
        let row = try await database.rows("""
            WITH taken AS (
                INSERT INTO identify_turn (bucket, next_at) VALUES (\(bucket), now() + make_interval(secs => \(seconds)))
                ON CONFLICT (bucket) DO UPDATE SET next_at = EXCLUDED.next_at WHERE identify_turn.next_at <= now()
                RETURNING 1
            )
            SELECT (SELECT count(*) FROM taken) AS granted,
                   (SELECT EXTRACT(EPOCH FROM next_at - now())::float8 FROM identify_turn WHERE bucket = \(bucket)) AS wait
            """).first
        guard let row else { throw PostgresStoreError.corrupt("identify_turn", "no answer") }
        do {
            if try row.decode(Int64.self, "granted") > 0 { return .granted }
            let wait = try row.decode(Double?.self, "wait") ?? 0.1
            return .wait(.milliseconds(Int64(max(0.01, min(wait, seconds)) * 1_000)))
        } catch let error as PostgresStoreError {
            throw error
        } catch {
            throw PostgresStoreError.corrupt("identify_turn", "\(error)")
        }
    }
}
