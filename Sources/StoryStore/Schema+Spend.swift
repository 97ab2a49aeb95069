extension Schema {
    /// Bounded model spend (issue 17):
    /// - a failed story gives its quota use back only when the pipeline says the failure was the
    ///   service's fault (`SQLiteStoryRepository.markFailed`), so the v5/v6 trigger that refunded
    ///   every other failure is dropped;
    /// - `model_call`: one row per request sent to a model provider, written before it is sent
    ///   (the day's budgets are counted from it) and finished with its outcome;
    /// - `refused_request`: requests refused before any model call, counted per person and day;
    /// - `collection_remake`: each time a collection entry's failed story was made again;
    /// - `family.job_turn`: a sequence number, the larger the more recently the queue took one
    ///   of the family's jobs (NULL: never), so families take turns.
    static let modelSpend = """
    DROP TRIGGER quota_use_refund_failed;

    CREATE TABLE model_call (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        family_key TEXT,
        story_id TEXT,
        provider TEXT NOT NULL CHECK (length(provider) BETWEEN 1 AND 64),
        model TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('text', 'picture', 'narration')),
        outcome TEXT NOT NULL DEFAULT 'pending'
            CHECK (outcome IN ('pending', 'answered', 'failed', 'timedOut', 'broken')),
        status INTEGER,
        started_at DATETIME NOT NULL,
        ended_at DATETIME
    );
    CREATE INDEX model_call_by_time ON model_call(started_at);
    CREATE INDEX model_call_by_family ON model_call(family_key, started_at);

    CREATE TABLE refused_request (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        platform TEXT NOT NULL CHECK (length(platform) BETWEEN 1 AND 32),
        requester_id TEXT NOT NULL CHECK (length(requester_id) >= 1),
        refused_at DATETIME NOT NULL
    );
    CREATE INDEX refused_request_by_requester ON refused_request(platform, requester_id, refused_at);

    CREATE TABLE collection_remake (
        collection_id TEXT NOT NULL REFERENCES growth_collection(id) ON DELETE CASCADE,
        position INTEGER NOT NULL CHECK (position >= 1),
        made_at DATETIME NOT NULL
    );
    CREATE INDEX collection_remake_by_entry ON collection_remake(collection_id, position, made_at);

    ALTER TABLE family ADD COLUMN job_turn INTEGER;
    CREATE INDEX family_by_job_turn ON family(job_turn);
    """
}
