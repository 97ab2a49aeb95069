extension PostgresSchema {
    /// Job leases (the SQLite store's v12): the process working a job (`locked_by`) and until
    /// when it holds it (`lease_until`, from the database's clock, so every machine agrees).
    static let v12 = [
        "ALTER TABLE job ADD COLUMN locked_by text CHECK (locked_by IS NULL OR length(locked_by) BETWEEN 1 AND 128)",
        "ALTER TABLE job ADD COLUMN lease_until timestamptz",
        "CREATE INDEX job_by_lease ON job(status, lease_until)",
    ]

    /// Lease expiries counted apart from attempts (the SQLite store's v23).
    static let v23 = [
        "ALTER TABLE job ADD COLUMN lease_expiries integer NOT NULL DEFAULT 0 CHECK (lease_expiries >= 0)",
    ]

    /// The channel an enqueue notifies (in its transaction, so only once the job is visible) to
    /// wake idle workers on every process.
    static let jobsChannel = JobTable.wakeChannel

    /// The channel a stored or deleted web chat message notifies (`origin` process, room and
    /// message id, one a line), so browsers connected to other processes see it too.
    static let chatChannel = "magical_stories_chat"

    /// The channel a saved picture notifies (`origin` process, story id and page number, one a
    /// line: ids only), so pages shown "still being painted" on other processes are filled in.
    static let picturesChannel = "magical_stories_pictures"
}
