extension Schema {
    /// Job leases (issue 19): a running job names the process working it (`locked_by`, a
    /// ``JobLease/owner``) and until when it holds it (`lease_until`, renewed by the process's
    /// heartbeat). Only jobs whose lease expired go back to the queue, so a process never takes
    /// the jobs another is working. Jobs left running before this migration have no lease: they
    /// count as expired and are resumed at the next start, as before.
    static let jobLeases = """
    ALTER TABLE job ADD COLUMN locked_by TEXT CHECK (locked_by IS NULL OR length(locked_by) BETWEEN 1 AND 128);
    ALTER TABLE job ADD COLUMN lease_until DATETIME;
    CREATE INDEX job_by_lease ON job(status, lease_until);
    """
}

extension Schema {
    /// Lease expiries counted apart (issue 32): how often the process working a job died or froze
    /// until its lease ran out. Such a claim is no attempt (the job is taken again at once, without
    /// backoff), but a story that takes down every process it touches is given up after a few.
    static let leaseExpiries = """
    ALTER TABLE job ADD COLUMN lease_expiries INTEGER NOT NULL DEFAULT 0 CHECK (lease_expiries >= 0);
    """
}
