import Foundation
import StoryDomain

/// Generation jobs (`job`) as the story repository writes them and both engines' queues read
/// them (each queue keeps its own claim and leases).
public enum JobTable {
    /// `platform:requestID` of the request that made a job (one job per request).
    public static func requestKey(_ requestID: String, platform: Platform) -> String { "\(platform.rawValue):\(requestID)" }

    /// Decodes a row of `job` (its own column names).
    public static func job(from row: some SQLRow) throws -> StoryJob {
        let rawID: String = try row["story_id"]
        guard let storyID = StoryID(rawValue: rawID) else { throw StoreSQLError.corrupt("job", "bad job row") }
        let status: String = try row["status"]
        return StoryJob(id: try row["id"], storyID: storyID, status: JobStatus(rawValue: status) ?? .queued,
                        attempts: try row["attempts"],
                        delivery: try JSONColumn.decode(DeliveryAddress.self, from: try row["delivery_json"]),
                        notBefore: try row["not_before"], lastError: try row["last_error"], deliveredAt: try row["delivered_at"],
                        lockedBy: try row["locked_by"], leaseUntil: try row["lease_until"],
                        leaseExpiries: try row["lease_expiries"])
    }
}

extension JobTable {
    /// The PostgreSQL channel an enqueue notifies (in its transaction, so only once the job is
    /// visible) to wake idle workers on every process; SQLite's one process wakes its own.
    public static let wakeChannel = "magical_stories_jobs"

    /// Wakes idle workers on every process once the caller's transaction commits (PostgreSQL; nothing on SQLite).
    static func wakeWorkers(_ reason: String, in executor: any SQLExecutor) async throws {
        guard executor.dialect == .postgres else { return }
        try await executor.execute("SELECT pg_notify(\(wakeChannel), \(reason))")
    }
}
