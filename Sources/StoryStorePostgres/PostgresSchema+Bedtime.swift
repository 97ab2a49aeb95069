extension PostgresSchema {
    /// Bedtime schedules and one row per schedule per evening (the SQLite store's v22): the
    /// evening's marks are conditional updates, so two processes post an evening once.
    static let v22 = [
        """
        CREATE TABLE bedtime_schedule (
            id text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 32),
            family_id bigint NOT NULL REFERENCES family(id) ON DELETE CASCADE,
            channel_id text NOT NULL CHECK (length(channel_id) BETWEEN 1 AND 128),
            minute_of_day integer NOT NULL CHECK (minute_of_day BETWEEN 0 AND 1439),
            days text NOT NULL CHECK (length(days) BETWEEN 1 AND 20),
            story text NOT NULL CHECK (story IN ('continue', 'new')),
            theme text CHECK (theme IS NULL OR (story = 'new' AND length(theme) BETWEEN 1 AND 200)),
            owner_id text NOT NULL CHECK (length(owner_id) BETWEEN 1 AND 100),
            owner_name text NOT NULL CHECK (length(owner_name) <= 100),
            created_at timestamptz NOT NULL
        )
        """,
        "CREATE INDEX bedtime_schedule_by_family ON bedtime_schedule(family_id, created_at)",
        """
        CREATE TABLE bedtime_evening (
            schedule_id text NOT NULL REFERENCES bedtime_schedule(id) ON DELETE CASCADE,
            evening text NOT NULL CHECK (length(evening) = 10),
            claimed_by text CHECK (claimed_by IS NULL OR length(claimed_by) <= 100),
            claimed_at timestamptz,
            story_id text,
            posted_at timestamptz,
            skipped_at timestamptz,
            skip_reason text CHECK (skip_reason IS NULL OR length(skip_reason) <= 100),
            told_at timestamptz,
            PRIMARY KEY (schedule_id, evening),
            CHECK (posted_at IS NULL OR skipped_at IS NULL)
        )
        """,
    ]
}
