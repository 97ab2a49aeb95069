import Foundation
import GRDB
import StoryDomain

/// Forgets the platform tokens kept with story jobs (``DeliveryAddress/secret``: a Discord
/// interaction token) once they can no longer be used: a job older than a token lives (Discord:
/// 15 minutes from the interaction). Finished jobs forget theirs at once, in SQL. Delivery
/// without the token moves to the channel (docs/delivery.md).
public struct DeliveryTokenSweeper: DeliveryTokenSweeping {
    private let database: AppDatabase
    private let clock: any WallClock
    private let lifetime: TimeInterval

    public init(database: AppDatabase, clock: any WallClock, lifetime: TimeInterval = Self.tokenLifetime) {
        self.database = database
        self.clock = clock
        self.lifetime = lifetime
    }

    /// Removes the token of every job made more than the lifetime ago, and of every finished
    /// job; returns how many jobs forgot one.
    @discardableResult
    public func sweep() async throws -> Int {
        let now = clock.now()
        let cutoff = now.addingTimeInterval(-lifetime)
        return try await database.writer.write { db in
            try db.execute(sql: """
                UPDATE job SET delivery_json = json_remove(delivery_json, '$.secret'), updated_at = ?
                WHERE json_extract(delivery_json, '$.secret') IS NOT NULL AND (created_at <= ? OR status = 'done')
                """, arguments: [now, cutoff])
            return db.changesCount
        }
    }
}
