import Foundation
import GRDB
import StoryDomain

/// The durable generation queue in the `job` table. Claimed jobs are leased to this queue's
/// process (``JobLease``), with times from `clock`: one service holds a SQLite file, so its
/// clock is the only one.
public struct SQLiteJobQueue: StoryJobQueue {
    private let database: AppDatabase
    private let clock: any WallClock
    /// The process's lease on the jobs it claims.
    public let lease: JobLease

    public init(database: AppDatabase, clock: any WallClock, lease: JobLease = JobLease()) {
        self.database = database
        self.clock = clock
        self.lease = lease
    }

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
                var record = try JobRecord.fetchOne(db, sql: """
                    SELECT job.* FROM job JOIN story ON story.id = job.story_id
                    WHERE story.family_id = ? AND job.status = 'queued' AND job.not_before <= ?
                    ORDER BY job.not_before, job.id LIMIT 1
                    """, arguments: [familyID, now])
            else { return nil }
            record.status = JobStatus.running.rawValue
            record.attempts += 1
            record.updatedAt = now
            record.lockedBy = lease.owner
            record.leaseUntil = now.addingTimeInterval(lease.duration)
            try record.update(db)
            try db.execute(sql: "UPDATE family SET job_turn = (SELECT coalesce(MAX(job_turn), 0) + 1 FROM family) WHERE id = ?",
                           arguments: [familyID])
            return try record.job()
        }
    }

    /// Due at once (`not_before` was passed when it was claimed); the expiry counted, the dead
    /// claim not.
    public func requeueInterrupted() async throws -> Int {
        let now = clock.now()
        return try await database.writer.write { db in
            try db.execute(sql: """
                UPDATE job SET status = 'queued', locked_by = NULL, lease_until = NULL, updated_at = ?,
                    attempts = max(attempts - 1, 0), lease_expiries = lease_expiries + 1
                WHERE status = 'running' AND (lease_until IS NULL OR lease_until < ?)
                """, arguments: [now, now])
            return db.changesCount
        }
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
        let now = clock.now()
        return try await database.writer.write { db in
            try db.execute(sql: "UPDATE job SET lease_until = ? WHERE status = 'running' AND locked_by = ?",
                           arguments: [now.addingTimeInterval(lease.duration), lease.owner])
            return db.changesCount
        }
    }

    public func holdLease(_ jobID: Int64) async throws {
        let now = clock.now()
        try await heldWrite(jobID, """
            UPDATE job SET lease_until = ? WHERE id = ? AND status = 'running' AND locked_by = ?
            """, arguments: [now.addingTimeInterval(lease.duration), jobID, lease.owner])
    }

    public func release(_ jobID: Int64) async throws {
        let now = clock.now()
        try await database.writer.write { db in
            try db.execute(sql: """
                UPDATE job SET status = 'queued', locked_by = NULL, lease_until = NULL, updated_at = ?, attempts = max(attempts - 1, 0)
                WHERE id = ? AND status = 'running' AND locked_by = ?
                """, arguments: [now, jobID, lease.owner])
        }
    }

    public func finish(_ jobID: Int64) async throws {
        let now = clock.now()
        try await heldWrite(jobID, """
            UPDATE job SET status = 'done', locked_by = NULL, lease_until = NULL, updated_at = ?
            WHERE id = ? AND status = 'running' AND locked_by = ?
            """, arguments: [now, jobID, lease.owner])
    }

    public func markDelivered(_ jobID: Int64, at date: Date) async throws {
        try await heldWrite(jobID, "UPDATE job SET delivered_at = ?, updated_at = ? WHERE id = ? AND status = 'running' AND locked_by = ?",
                            arguments: [date, date, jobID, lease.owner])
    }

    /// Runs `sql`, which changes the job only while this process holds it; throws
    /// ``JobLeaseLost`` when it changed nothing.
    private func heldWrite(_ jobID: Int64, _ sql: String, arguments: StatementArguments) async throws {
        let changed = try await database.writer.write { db in
            try db.execute(sql: sql, arguments: arguments)
            return db.changesCount
        }
        if changed == 0 { throw JobLeaseLost(jobID: jobID) }
    }

    public func retry(_ jobID: Int64, notBefore: Date, error: String) async throws {
        let now = clock.now()
        try await database.writer.write { db in
            // A job whose lease ran out is another process's to run now, or queued to run now.
            try db.execute(sql: """
                UPDATE job SET status = 'queued', not_before = ?, last_error = ?, locked_by = NULL, lease_until = NULL, updated_at = ?
                WHERE id = ? AND status = 'running' AND locked_by = ?
                """, arguments: [notBefore, error, now, jobID, lease.owner])
        }
    }

    public func updateDelivery(_ jobID: Int64, to delivery: DeliveryAddress) async throws {
        let now = clock.now()
        let json = try JSONColumn.encode(delivery)
        try await database.writer.write { db in
            try db.execute(sql: "UPDATE job SET delivery_json = ?, updated_at = ? WHERE id = ? AND (locked_by IS NULL OR locked_by = ?)",
                           arguments: [json, now, jobID, lease.owner])
        }
    }

    public func job(for storyID: StoryID) async throws -> StoryJob? {
        try await database.writer.read { db in
            try JobRecord.fetchOne(db, sql: "SELECT * FROM job WHERE story_id = ?", arguments: [storyID.rawValue])?.job()
        }
    }
}
