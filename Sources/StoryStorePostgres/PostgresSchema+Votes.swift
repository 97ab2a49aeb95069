extension PostgresSchema {
    /// Votes on what happens next and their ballots (the SQLite store's v26): one open vote per
    /// chain (a partial unique index), one ballot per member per vote.
    static let v26 = [
        """
        CREATE TABLE chapter_vote (
            id text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 32),
            family_id bigint NOT NULL REFERENCES family(id) ON DELETE CASCADE,
            series_id text NOT NULL CHECK (length(series_id) BETWEEN 1 AND 32),
            story_id text NOT NULL CHECK (length(story_id) BETWEEN 1 AND 32),
            channel_id text NOT NULL CHECK (length(channel_id) BETWEEN 1 AND 128),
            choices text NOT NULL CHECK (length(choices) <= 4000),
            opened_at timestamptz NOT NULL,
            ends_at timestamptz NOT NULL,
            closed_at timestamptz,
            winner integer CHECK (winner IS NULL OR winner BETWEEN 0 AND 9),
            message_id text CHECK (message_id IS NULL OR length(message_id) BETWEEN 1 AND 128),
            poll boolean NOT NULL DEFAULT false
        )
        """,
        "CREATE UNIQUE INDEX chapter_vote_open_per_chain ON chapter_vote(family_id, series_id) WHERE closed_at IS NULL",
        "CREATE INDEX chapter_vote_by_chain ON chapter_vote(family_id, series_id, opened_at)",
        "CREATE INDEX chapter_vote_by_message ON chapter_vote(message_id)",
        """
        CREATE TABLE chapter_ballot (
            vote_id text NOT NULL REFERENCES chapter_vote(id) ON DELETE CASCADE,
            member_id text NOT NULL CHECK (length(member_id) BETWEEN 1 AND 100),
            choice integer NOT NULL CHECK (choice BETWEEN 0 AND 9),
            cast_at timestamptz NOT NULL,
            PRIMARY KEY (vote_id, member_id)
        )
        """,
    ]
}
