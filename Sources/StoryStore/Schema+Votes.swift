extension Schema {
    /// Votes on what happens next (issue 34): one row per vote asked at the end of a chapter
    /// (its choices as JSON; deleted with the family) and one ballot per member per vote. The
    /// partial unique index keeps one open vote per chain. `series_id` and `story_id` name no
    /// foreign key: a deleted chapter leaves its chain's vote as it was. Depends on `family` (v1) only.
    static let votes = """
    CREATE TABLE chapter_vote (
        id TEXT PRIMARY KEY NOT NULL CHECK (length(id) BETWEEN 1 AND 32),
        family_id INTEGER NOT NULL REFERENCES family(id) ON DELETE CASCADE,
        series_id TEXT NOT NULL CHECK (length(series_id) BETWEEN 1 AND 32),
        story_id TEXT NOT NULL CHECK (length(story_id) BETWEEN 1 AND 32),
        channel_id TEXT NOT NULL CHECK (length(channel_id) BETWEEN 1 AND 128),
        choices TEXT NOT NULL CHECK (length(choices) <= 4000),
        opened_at DATETIME NOT NULL,
        ends_at DATETIME NOT NULL,
        closed_at DATETIME,
        winner INTEGER CHECK (winner IS NULL OR winner BETWEEN 0 AND 9),
        message_id TEXT CHECK (message_id IS NULL OR length(message_id) BETWEEN 1 AND 128),
        poll BOOLEAN NOT NULL DEFAULT 0 CHECK (poll IN (0, 1))
    );
    CREATE UNIQUE INDEX chapter_vote_open_per_chain ON chapter_vote(family_id, series_id) WHERE closed_at IS NULL;
    CREATE INDEX chapter_vote_by_chain ON chapter_vote(family_id, series_id, opened_at);
    CREATE INDEX chapter_vote_by_message ON chapter_vote(message_id);

    CREATE TABLE chapter_ballot (
        vote_id TEXT NOT NULL REFERENCES chapter_vote(id) ON DELETE CASCADE,
        member_id TEXT NOT NULL CHECK (length(member_id) BETWEEN 1 AND 100),
        choice INTEGER NOT NULL CHECK (choice BETWEEN 0 AND 9),
        cast_at DATETIME NOT NULL,
        PRIMARY KEY (vote_id, member_id)
    );
    """
}
