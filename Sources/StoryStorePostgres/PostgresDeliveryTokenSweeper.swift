import Foundation
import PostgresNIO
import StoryDomain

/// Forgets the platform tokens kept with story jobs once they can no longer be used (the
/// SQLite store's `DeliveryTokenSweeper`, on PostgreSQL): a job older than a token lives
/// (Discord: 15 minutes from the interaction), and every finished job.
public struct PostgresDeliveryTokenSweeper: DeliveryTokenSweeping {
    private let database: PostgresDatabase
    private let clock: any WallClock
    private let lifetime: TimeInterval

    public init(database: PostgresDatabase, clock: any WallClock, lifetime: TimeInterval = Self.tokenLifetime) {
        self.database = database
        self.clock = clock
        self.lifetime = lifetime
    }

    @discardableResult
    public func sweep() async throws -> Int {
        let now = clock.now()
        let cutoff = now.addingTimeInterval(-lifetime)
        return try await database.rows("""
            UPDATE job SET delivery_json = (delivery_json::jsonb - 'secret')::text, updated_at = \(now)
            WHERE (delivery_json::jsonb ->> 'secret') IS NOT NULL AND (created_at <= \(cutoff) OR status = 'done')
            RETURNING 1
            """).count
    }
}
