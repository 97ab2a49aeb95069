import Foundation
import GRDB
import StoryDomain

/// The durable generation queue in the `job` table. Claimed jobs are leased to this queue's
/// process (``JobLease``), with times from `clock`: one service holds a SQLite file, so its
/// clock is the only one.
public struct SQLiteJobQueue: SQLJobQueue {
    private let database: AppDatabase
    public let clock: any WallClock
    /// The process's lease on the jobs it claims.
    public let lease: JobLease

    public init(database: AppDatabase, clock: any WallClock, lease: JobLease = JobLease()) {
        self.database = database
        self.clock = clock
        self.lease = lease
    }

    public var executor: any SQLExecutor { database.executor }

    /// Families take turns (see ``StoryJobQueue/claimNext(now:)``): the family with the fewest
    /// jobs running, then the one served longest ago (`family.job_turn`, never served first),
    /// then the earliest due; that family's earliest due job is taken.
    public func claimNext(now: Date) async throws -> StoryJob? {
        try await database.writer.write { db in
            guard let familyID = try Int64.fetchOne(db, sql: """
                SELECT story.family_id FROM job JOIN story ON story.id = job.story_id JOIN family ON family.id = story.family_id
                WHERE job.status = 'queued' AND job.not_before <= ?
                GROUP BY story.family_id
                ORDER BY (SELECT COUNT(*) FROM job AS running JOIN story AS mine ON mine.id = running.story_id
                          WHERE running.status = 'running' AND mine.family_id = story.family_id),
                         family.job_turn IS NOT NULL, family.job_turn, MIN(job.not_before), MIN(job.id)
                LIMIT 1
                """, arguments: [now]),
                let claimed = try SQLiteExecutor.rows("""
                    UPDATE job SET status = 'running', attempts = attempts + 1, updated_at = \(now), locked_by = \(lease.owner),
                        lease_until = \(now.addingTimeInterval(lease.duration))
                    WHERE id = (SELECT job.id FROM job JOIN story ON story.id = job.story_id
                                WHERE story.family_id = \(familyID) AND job.status = 'queued' AND job.not_before <= \(now)
                                ORDER BY job.not_before, job.id LIMIT 1)
                    RETURNING *
                    """, in: db).first
            else { return nil }
            try db.execute(sql: "UPDATE family SET job_turn = (SELECT coalesce(MAX(job_turn), 0) + 1 FROM family) WHERE id = ?",
                           arguments: [familyID])
            return try JobTable.job(from: claimed)
        }
    }

    /// Due at once (`not_before` was passed when it was claimed); the expiry counted, the dead
    /// claim not.
    public func requeueInterrupted() async throws -> Int {
        let now = clock.now()
        return try await executor.execute("""
            UPDATE job SET status = 'queued', locked_by = NULL, lease_until = NULL, updated_at = \(now),
                attempts = max(attempts - 1, 0), lease_expiries = lease_expiries + 1
            WHERE status = 'running' AND (lease_until IS NULL OR lease_until < \(now))
            """)
    }

    public func untilNextLeaseExpiry() async throws -> Duration? {
        let now = clock.now()
        let earliest = try await database.writer.read { db in
            try Date.fetchOne(db, sql: "SELECT MIN(coalesce(lease_until, ?)) FROM job WHERE status = 'running'", arguments: [now])
        }
        return earliest.map { .milliseconds(Int64(($0.timeIntervalSince(now) * 1000).rounded(.up))) }
    }

    @discardableResult
    public func renewLeases() async throws -> Int {
        try await executor.execute("""
            UPDATE job SET lease_until = \(clock.now().addingTimeInterval(lease.duration)) WHERE status = 'running' AND locked_by = \(lease.owner)
            """)
    }

    public func holdLease(_ jobID: Int64) async throws {
        let changed = try await executor.execute("""
            UPDATE job SET lease_until = \(clock.now().addingTimeInterval(lease.duration))
            WHERE id = \(jobID) AND status = 'running' AND locked_by = \(lease.owner)
            """)
        if changed == 0 { throw JobLeaseLost(jobID: jobID) }
    }

    public func release(_ jobID: Int64) async throws {
        try await executor.execute("""
            UPDATE job SET status = 'queued', locked_by = NULL, lease_until = NULL, updated_at = \(clock.now()), attempts = max(attempts - 1, 0)
            WHERE id = \(jobID) AND status = 'running' AND locked_by = \(lease.owner)
            """)
    }
}
