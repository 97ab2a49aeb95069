extension PostgresSchema {
    /// The SQLite store's v25: stories held for a grown-up's yes, and a cast member's sensitivities.
    static let v25 = [
        """
        CREATE TABLE story_approval (
            id text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 32),
            family_id bigint NOT NULL REFERENCES family(id) ON DELETE CASCADE,
            channel_id text NOT NULL CHECK (length(channel_id) BETWEEN 1 AND 128),
            requester_id text NOT NULL CHECK (length(requester_id) BETWEEN 1 AND 100),
            requester_name text NOT NULL CHECK (length(requester_name) <= 100),
            kind text NOT NULL CHECK (kind IN ('request', 'bedtime')),
            story_id text NOT NULL CHECK (length(story_id) BETWEEN 1 AND 64),
            state text NOT NULL CHECK (state IN ('waiting', 'approved', 'shared', 'declined', 'expired')),
            created_at timestamptz NOT NULL,
            deadline timestamptz NOT NULL,
            share_at timestamptz,
            sent_at timestamptz,
            decided_at timestamptz,
            decided_by text CHECK (decided_by IS NULL OR length(decided_by) <= 100),
            told_at timestamptz
        )
        """,
        "CREATE INDEX story_approval_by_family ON story_approval(family_id, state)",
        "CREATE INDEX story_approval_in_play ON story_approval(state, told_at)",
        "ALTER TABLE cast_member ADD COLUMN avoid text CHECK (avoid IS NULL OR length(avoid) <= 400)",
    ]
}
