extension Schema {
    /// Bedtime schedules (issue 34): a family's schedules (deleted with the family) and one row
    /// per schedule per evening (`evening` is the family's date, `yyyy-MM-dd`) whose marks make
    /// each evening happen once: claimed to be made, the story made, posted or skipped, and
    /// whether the grown-ups were told of a skip. `story_id` names no foreign key: a story deleted
    /// after it was posted leaves the evening as it was. Depends on `family` (v1) only.
    static let bedtime = """
    CREATE TABLE bedtime_schedule (
        id TEXT PRIMARY KEY NOT NULL CHECK (length(id) BETWEEN 1 AND 32),
        family_id INTEGER NOT NULL REFERENCES family(id) ON DELETE CASCADE,
        channel_id TEXT NOT NULL CHECK (length(channel_id) BETWEEN 1 AND 128),
        minute_of_day INTEGER NOT NULL CHECK (minute_of_day BETWEEN 0 AND 1439),
        days TEXT NOT NULL CHECK (length(days) BETWEEN 1 AND 20),
        story TEXT NOT NULL CHECK (story IN ('continue', 'new')),
        theme TEXT CHECK (theme IS NULL OR (story = 'new' AND length(theme) BETWEEN 1 AND 200)),
        owner_id TEXT NOT NULL CHECK (length(owner_id) BETWEEN 1 AND 100),
        owner_name TEXT NOT NULL CHECK (length(owner_name) <= 100),
        created_at DATETIME NOT NULL
    );
    CREATE INDEX bedtime_schedule_by_family ON bedtime_schedule(family_id, created_at);

    CREATE TABLE bedtime_evening (
        schedule_id TEXT NOT NULL REFERENCES bedtime_schedule(id) ON DELETE CASCADE,
        evening TEXT NOT NULL CHECK (length(evening) = 10),
        claimed_by TEXT CHECK (claimed_by IS NULL OR length(claimed_by) <= 100),
        claimed_at DATETIME,
        story_id TEXT,
        posted_at DATETIME,
        skipped_at DATETIME,
        skip_reason TEXT CHECK (skip_reason IS NULL OR length(skip_reason) <= 100),
        told_at DATETIME,
        PRIMARY KEY (schedule_id, evening),
        CHECK (posted_at IS NULL OR skipped_at IS NULL)
    );
    """
}
