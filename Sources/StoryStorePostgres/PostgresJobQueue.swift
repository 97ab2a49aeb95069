import Foundation
import PostgresNIO
import StoryDomain

/// The durable generation queue in the `job` table. A job is claimed with
/// `FOR UPDATE SKIP LOCKED`, so workers on several processes never claim the same one.
public struct PostgresJobQueue: StoryJobQueue {
    private let database: PostgresDatabase
    private let clock: any WallClock

    public init(database: PostgresDatabase, clock: any WallClock) {
        self.database = database
        self.clock = clock
    }

    public func claimNext(now: Date) async throws -> StoryJob? {
        try await database.rows("""
            UPDATE job SET status = 'running', attempts = attempts + 1, updated_at = \(now)
            WHERE id = (SELECT id FROM job WHERE status = 'queued' AND not_before <= \(now)
                        ORDER BY not_before, id LIMIT 1 FOR UPDATE SKIP LOCKED)
            RETURNING *
            """).first.map(StoryRows.job)
    }

    public func requeueInterrupted() async throws -> Int {
        try await database.rows("UPDATE job SET status = 'queued', updated_at = \(clock.now()) WHERE status = 'running' RETURNING 1").count
    }

    public func finish(_ jobID: Int64) async throws {
        _ = try await database.rows("UPDATE job SET status = 'done', updated_at = \(clock.now()) WHERE id = \(jobID)")
    }

    public func markDelivered(_ jobID: Int64, at date: Date) async throws {
        _ = try await database.rows("UPDATE job SET delivered_at = \(date), updated_at = \(date) WHERE id = \(jobID)")
    }

    public func retry(_ jobID: Int64, notBefore: Date, error: String) async throws {
        _ = try await database.rows("""
            UPDATE job SET status = 'queued', not_before = \(notBefore), last_error = \(error), updated_at = \(clock.now())
            WHERE id = \(jobID)
            """)
    }

    public func updateDelivery(_ jobID: Int64, to delivery: DeliveryAddress) async throws {
        let json = try JSONText.encode(delivery)
        _ = try await database.rows("UPDATE job SET delivery_json = \(json), updated_at = \(clock.now()) WHERE id = \(jobID)")
    }

    public func job(for storyID: StoryID) async throws -> StoryJob? {
        try await database.rows("SELECT * FROM job WHERE story_id = \(storyID.rawValue)").first.map(StoryRows.job)
    }

    /// Jobs waiting (including delayed retries) and being worked now, for the metrics.
    public func counts() async throws -> (queued: Int, running: Int) {
        var counts = (queued: 0, running: 0)
        for row in try await database.rows("SELECT status, COUNT(*) AS n FROM job WHERE status <> 'done' GROUP BY status") {
            switch try row.decode(String.self, "status") {
            case "queued": counts.queued = try row["n"]
            case "running": counts.running = try row["n"]
            default: break
            }
        }
        return counts
    }
}
