extension Schema {
    /// v25 (issue 34, a grown-up says yes first): stories held for a grown-up's yes, one row each
    /// (deleted with the family); `story_id` names no foreign key (a 🌙 Gentler or 🔄 Another
    /// replaces it, and a deleted story leaves the row to expire). And a cast member's
    /// sensitivities (`avoid:"thunder, big dogs"`), a comma-separated list kept out of every story
    /// the member is in.
    static let approval = """
    CREATE TABLE story_approval (
        id TEXT PRIMARY KEY NOT NULL CHECK (length(id) BETWEEN 1 AND 32),
        family_id INTEGER NOT NULL REFERENCES family(id) ON DELETE CASCADE,
        channel_id TEXT NOT NULL CHECK (length(channel_id) BETWEEN 1 AND 128),
        requester_id TEXT NOT NULL CHECK (length(requester_id) BETWEEN 1 AND 100),
        requester_name TEXT NOT NULL CHECK (length(requester_name) <= 100),
        kind TEXT NOT NULL CHECK (kind IN ('request', 'bedtime')),
        story_id TEXT NOT NULL CHECK (length(story_id) BETWEEN 1 AND 64),
        state TEXT NOT NULL CHECK (state IN ('waiting', 'approved', 'shared', 'declined', 'expired')),
        created_at DATETIME NOT NULL,
        deadline DATETIME NOT NULL,
        share_at DATETIME,
        sent_at DATETIME,
        decided_at DATETIME,
        decided_by TEXT CHECK (decided_by IS NULL OR length(decided_by) <= 100),
        told_at DATETIME
    );
    CREATE INDEX story_approval_by_family ON story_approval(family_id, state);
    CREATE INDEX story_approval_in_play ON story_approval(state, told_at);
    ALTER TABLE cast_member ADD COLUMN avoid TEXT CHECK (avoid IS NULL OR length(avoid) <= 400);
    """
}
