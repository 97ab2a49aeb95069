import Foundation
import PostgresNIO
import StoryDomain

/// The durable generation queue in the `job` table, shared by every process on the database.
/// A job is claimed with `FOR UPDATE SKIP LOCKED`, so workers on several processes never claim
/// the same one, and leased to the claiming process (``JobLease``) with times from the
/// database's clock (`now()`), which every machine shares: a process's own clock never decides
/// whether another's lease has expired.
public struct PostgresJobQueue: SQLJobQueue {
    private let database: PostgresDatabase
    public let clock: any WallClock
    /// This process's lease on the jobs it claims.
    public let lease: JobLease
    /// The jobs this queue handed to a worker whose run has not ended: the ones renewed.
    private let claims = Claims()

    public init(database: PostgresDatabase, clock: any WallClock, lease: JobLease = JobLease()) {
        self.database = database
        self.clock = clock
        self.lease = lease
    }

    public var executor: any SQLExecutor { database.executor }

    /// Families take turns (see ``StoryJobQueue/claimNext(now:)``): the family with the fewest
    /// jobs running, then the one served longest ago (`family.job_turn`, never served first),
    /// then the earliest due; that family's earliest due job is taken. The job is locked with
    /// `SKIP LOCKED`, so a worker on another process claiming at the same moment takes the next
    /// one instead of waiting or taking the same.
    public func claimNext(now: Date) async throws -> StoryJob? {
        let job: StoryJob? = try await database.transaction { transaction in
            guard let row = try await transaction.rows("""
                WITH due AS (
                    SELECT job.id, story.family_id, job.not_before,
                        MIN(job.not_before) OVER family_jobs AS family_due, MIN(job.id) OVER family_jobs AS family_first
                    FROM job JOIN story ON story.id = job.story_id
                    WHERE job.status = 'queued' AND job.not_before <= \(now)
                    WINDOW family_jobs AS (PARTITION BY story.family_id)
                ), running AS (
                    SELECT story.family_id, COUNT(*) AS n FROM job JOIN story ON story.id = job.story_id
                    WHERE job.status = 'running' GROUP BY story.family_id
                )
                SELECT job.id, due.family_id FROM job JOIN due ON due.id = job.id JOIN family ON family.id = due.family_id
                    LEFT JOIN running ON running.family_id = due.family_id
                WHERE job.status = 'queued' AND job.not_before <= \(now)
                ORDER BY coalesce(running.n, 0), family.job_turn NULLS FIRST, due.family_due, due.family_first, due.not_before, due.id
                LIMIT 1 FOR UPDATE OF job SKIP LOCKED
                """).first else { return nil }
            let id: Int64 = try row["id"]
            let familyID: Int64 = try row["family_id"]
            guard let claimed = try await transaction.rows("""
                UPDATE job SET status = 'running', attempts = attempts + 1, updated_at = \(now), locked_by = \(lease.owner),
                    lease_until = now() + \(lease.duration) * interval '1 second'
                WHERE id = \(id) RETURNING *
                """).first else { return nil }
            try await transaction.execute("""
                UPDATE family SET job_turn = (SELECT coalesce(MAX(job_turn), 0) + 1 FROM family) WHERE id = \(familyID)
                """)
            return try JobTable.job(from: claimed)
        }
        if let job { claims.claimed(job.id) }
        return job
    }

    /// Jobs whose lease ended by the database's clock go back to the queue, due at once (the
    /// expiry counted, the dead claim not), and idle workers on every process are woken for them.
    public func requeueInterrupted() async throws -> Int {
        try await database.transaction { transaction in
            let count = try await transaction.execute("""
                UPDATE job SET status = 'queued', locked_by = NULL, lease_until = NULL, updated_at = \(clock.now()),
                    attempts = GREATEST(attempts - 1, 0), lease_expiries = lease_expiries + 1
                WHERE status = 'running' AND (lease_until IS NULL OR lease_until < now())
                RETURNING 1
                """)
            if count > 0 { try await transaction.execute("SELECT pg_notify(\(PostgresSchema.jobsChannel), 'rescued')") }
            return count
        }
    }

    /// By the database's clock, as the leases are timed.
    public func untilNextLeaseExpiry() async throws -> Duration? {
        let rows = try await database.rows("""
            SELECT (EXTRACT(EPOCH FROM MIN(coalesce(lease_until, now())) - now()) * 1000)::float8 AS ms
            FROM job WHERE status = 'running'
            """)
        guard let milliseconds = try rows.first?.decode(Double?.self, "ms") else { return nil }
        return .milliseconds(Int64(milliseconds.rounded(.up)))
    }

    /// Renews only the jobs this queue handed to a worker whose run has not ended (see
    /// ``Claims``: a claim whose COMMIT answer was lost is left to expire), and stops renewing
    /// each one found no longer this process's.
    @discardableResult
    public func renewLeases() async throws -> Int {
        let renewing = claims.snapshot()
        guard !renewing.isEmpty else { return 0 }
        let held = Set(try await database.rows("""
            UPDATE job SET lease_until = now() + \(lease.duration) * interval '1 second'
            WHERE id = ANY(\(Array(renewing.keys))) AND status = 'running' AND locked_by = \(lease.owner)
            RETURNING id
            """).map { try $0.decode(Int64.self, "id") })
        claims.keep(only: held, of: renewing)
        return held.count
    }

    /// By the database's clock, as the leases are timed.
    public func holdLease(_ jobID: Int64) async throws {
        try await heldWrite(jobID, """
            UPDATE job SET lease_until = now() + \(lease.duration) * interval '1 second'
            WHERE id = \(jobID) AND status = 'running' AND locked_by = \(lease.owner)
            RETURNING 1
            """)
    }

    /// A finished or retried job is renewed no more.
    public func runEnded(_ jobID: Int64) {
        claims.ended(jobID)
    }

    public func release(_ jobID: Int64) async throws {
        claims.ended(jobID)
        try await database.transaction { transaction in
            let released = try await transaction.execute("""
                UPDATE job SET status = 'queued', locked_by = NULL, lease_until = NULL, updated_at = \(clock.now()),
                    attempts = GREATEST(attempts - 1, 0)
                WHERE id = \(jobID) AND status = 'running' AND locked_by = \(lease.owner)
                RETURNING 1
                """)
            if released > 0 { try await transaction.execute("SELECT pg_notify(\(PostgresSchema.jobsChannel), 'released')") }
        }
    }

    /// Runs `query`, which changes the job only while this process holds it (and returns a row
    /// for each change); throws ``JobLeaseLost`` when it changed nothing (the job is then renewed
    /// no more).
    private func heldWrite(_ jobID: Int64, _ query: PostgresQuery) async throws {
        guard try await database.rows(query).isEmpty else { return }
        claims.ended(jobID)
        throw JobLeaseLost(jobID: jobID)
    }
}
