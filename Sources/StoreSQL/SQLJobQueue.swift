import Foundation
import StoryDomain

/// The job queue's statements both engines run alike, as default implementations: a held job
/// finished, marked delivered or retried, its delivery changed, a job read, the queue counted.
/// Each engine's queue keeps only its claim and leases (times from its own clock or the
/// database's, SKIP LOCKED, wake-ups).
public protocol SQLJobQueue: StoryJobQueue {
    /// The engine's executor on the queue's database.
    var executor: any SQLExecutor { get }
    /// The clock that stamps `updated_at`.
    var clock: any WallClock { get }
    /// This process's lease on the jobs it claims.
    var lease: JobLease { get }
    /// The run of `jobID` ended here (finished, retried, or its lease found lost): an engine that
    /// renews only running jobs stops renewing it. Does nothing by default.
    func runEnded(_ jobID: Int64)
}

extension SQLJobQueue {
    public func runEnded(_ jobID: Int64) {}

    public func finish(_ jobID: Int64) async throws {
        runEnded(jobID)
        try await heldWrite(jobID, "UPDATE job SET status = 'done', locked_by = NULL, lease_until = NULL, updated_at = \(clock.now())")
    }

    public func markDelivered(_ jobID: Int64, at date: Date) async throws {
        try await heldWrite(jobID, "UPDATE job SET delivered_at = \(date), updated_at = \(date)")
    }

    /// A job whose lease ran out is another process's to run now, or queued to run now.
    public func retry(_ jobID: Int64, notBefore: Date, error: String) async throws {
        runEnded(jobID)
        try await executor.execute("""
            UPDATE job SET status = 'queued', not_before = \(notBefore), last_error = \(error), locked_by = NULL, lease_until = NULL,
                updated_at = \(clock.now())
            WHERE id = \(jobID) AND status = 'running' AND locked_by = \(lease.owner)
            """)
    }

    public func updateDelivery(_ jobID: Int64, to delivery: DeliveryAddress) async throws {
        try await executor.execute("""
            UPDATE job SET delivery_json = \(try JSONColumn.encode(delivery)), updated_at = \(clock.now())
            WHERE id = \(jobID) AND (locked_by IS NULL OR locked_by = \(lease.owner))
            """)
    }

    public func job(for storyID: StoryID) async throws -> StoryJob? {
        try await executor.row("SELECT * FROM job WHERE story_id = \(storyID.rawValue)").map { try JobTable.job(from: $0) }
    }

    /// Jobs waiting (including delayed retries) and being worked now, for the metrics.
    public func counts() async throws -> (queued: Int, running: Int) {
        try await JobTable.counts(in: executor)
    }

    /// Runs `update` on the job only while this process holds it; throws ``JobLeaseLost`` when
    /// it changed nothing.
    private func heldWrite(_ jobID: Int64, _ update: SQLStatement) async throws {
        let changed = try await executor.execute("\(update) WHERE id = \(jobID) AND status = 'running' AND locked_by = \(lease.owner)")
        guard changed == 0 else { return }
        runEnded(jobID)
        throw JobLeaseLost(jobID: jobID)
    }
}

extension JobTable {
    /// Jobs waiting (including delayed retries) and being worked now.
    public static func counts(in executor: any SQLExecutor) async throws -> (queued: Int, running: Int) {
        var counts = (queued: 0, running: 0)
        for row in try await executor.rows("SELECT status, COUNT(*) AS n FROM job WHERE status <> 'done' GROUP BY status") {
            switch try row["status"] as String {
            case "queued": counts.queued = try row["n"]
            case "running": counts.running = try row["n"]
            default: break
            }
        }
        return counts
    }
}
