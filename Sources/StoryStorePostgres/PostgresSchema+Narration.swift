extension PostgresSchema {
    /// Read aloud (the SQLite store's v13): narration bytes stored once, addressed by their
    /// SHA-256 (`audio`), and which audio reads a story's page or the whole story (`narration`),
    /// deleted with the story; audio no narration uses is deleted with it
    /// (``StoryTable/delete(stories:in:)``).
    static let v13 = [
        """
        CREATE TABLE audio (
            id text PRIMARY KEY CHECK (length(id) = 64),
            content_type text NOT NULL CHECK (content_type LIKE 'audio/%'),
            byte_count integer NOT NULL CHECK (byte_count > 0),
            duration_ms integer NOT NULL CHECK (duration_ms >= 0),
            waveform bytea NOT NULL CHECK (length(waveform) BETWEEN 1 AND 256),
            data bytea NOT NULL,
            created_at timestamptz NOT NULL
        )
        """,
        """
        CREATE TABLE narration (
            story_id text NOT NULL REFERENCES story(id) ON DELETE CASCADE,
            part text NOT NULL CHECK (part = 'whole' OR (part ~ '^p[1-9][0-9]{0,2}$')),
            voice text NOT NULL CHECK (length(voice) BETWEEN 1 AND 100),
            audio_id text NOT NULL REFERENCES audio(id),
            created_at timestamptz NOT NULL,
            PRIMARY KEY (story_id, part)
        )
        """,
        "CREATE INDEX narration_by_audio ON narration(audio_id)",
    ]
}

extension PostgresSchema {
    /// The SQLite store's v24: a page or the whole story read winding down is kept beside the
    /// plain reading under its own part (`p5-wd5`, `whole-wd10`).
    static let v24 = [
        "ALTER TABLE narration DROP CONSTRAINT narration_part_check",
        "ALTER TABLE narration ADD CONSTRAINT narration_part_check CHECK (part ~ '^(whole|p[1-9][0-9]{0,2})(-wd(2|5|10))?$')",
    ]
}
