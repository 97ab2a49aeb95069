import Foundation
import StoryDomain

/// Forgets the platform tokens kept with story jobs (``DeliveryAddress/secret``: a Discord
/// interaction token) once they can no longer be used: a job older than a token lives (Discord:
/// 15 minutes from the interaction). Finished jobs forget theirs at once, in SQL. Delivery
/// without the token moves to the channel (docs/delivery.md).
public struct SQLDeliveryTokenSweeper: DeliveryTokenSweeping {
    private let executor: any SQLExecutor
    private let clock: any WallClock
    private let lifetime: TimeInterval

    public init(database: some SQLDatabase, clock: any WallClock, lifetime: TimeInterval = Self.tokenLifetime) {
        executor = database.executor
        self.clock = clock
        self.lifetime = lifetime
    }

    /// Removes the token of every job made more than the lifetime ago, and of every finished
    /// job; returns how many jobs forgot one.
    @discardableResult
    public func sweep() async throws -> Int {
        let now = clock.now()
        let (forgotten, secret): (SQLStatement, SQLStatement) = switch executor.dialect {
        case .sqlite: ("json_remove(delivery_json, '$.secret')", "json_extract(delivery_json, '$.secret')")
        case .postgres: ("(delivery_json::jsonb - 'secret')::text", "(delivery_json::jsonb ->> 'secret')")
        }
        return try await executor.execute("""
            UPDATE job SET delivery_json = \(forgotten), updated_at = \(now)
            WHERE \(secret) IS NOT NULL AND (created_at <= \(now.addingTimeInterval(-lifetime)) OR status = 'done')
            """)
    }
}
