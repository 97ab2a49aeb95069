extension Schema {
    /// Read aloud (issue 20):
    /// - `audio`: narration bytes (Ogg/Opus) stored once, addressed by their SHA-256 like `image`,
    ///   with the length and waveform a voice message shows;
    /// - `narration`: which audio reads a story's page (`p1`, `p2`…) or the whole story
    ///   (`whole`), and in which voice. Deleted with the story (foreign key); audio no narration
    ///   uses any more is deleted with it (``StoryTable/delete(stories:in:)``).
    static let narration = """
    CREATE TABLE audio (
        id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 64),
        content_type TEXT NOT NULL CHECK (content_type LIKE 'audio/%'),
        byte_count INTEGER NOT NULL CHECK (byte_count > 0),
        duration_ms INTEGER NOT NULL CHECK (duration_ms >= 0),
        waveform BLOB NOT NULL CHECK (length(waveform) BETWEEN 1 AND 256),
        data BLOB NOT NULL,
        created_at DATETIME NOT NULL
    );

    CREATE TABLE narration (
        story_id TEXT NOT NULL REFERENCES story(id) ON DELETE CASCADE,
        part TEXT NOT NULL CHECK (part = 'whole' OR (part GLOB 'p[1-9]*' AND length(part) <= 4)),
        voice TEXT NOT NULL CHECK (length(voice) BETWEEN 1 AND 100),
        audio_id TEXT NOT NULL REFERENCES audio(id),
        created_at DATETIME NOT NULL,
        PRIMARY KEY (story_id, part)
    );
    CREATE INDEX narration_by_audio ON narration(audio_id);
    """
}

extension Schema {
    /// v24 (issue 34, the last page winds down): a page or the whole story read winding down is
    /// kept beside the plain reading, under its own part (`p5-wd5`, `whole-wd10`), so turning
    /// wind-down on or off never serves the other. SQLite cannot change a CHECK, so the table is
    /// rebuilt with the same rows (foreign keys are checked when the migration ends).
    static let windDownNarration = """
    CREATE TABLE narration_new (
        story_id TEXT NOT NULL REFERENCES story(id) ON DELETE CASCADE,
        part TEXT NOT NULL CHECK (length(part) <= 10 AND (part = 'whole' OR part GLOB 'whole-wd[1-9]*' OR part GLOB 'p[1-9]*')),
        voice TEXT NOT NULL CHECK (length(voice) BETWEEN 1 AND 100),
        audio_id TEXT NOT NULL REFERENCES audio(id),
        created_at DATETIME NOT NULL,
        PRIMARY KEY (story_id, part)
    );
    INSERT INTO narration_new (story_id, part, voice, audio_id, created_at)
        SELECT story_id, part, voice, audio_id, created_at FROM narration;
    DROP TABLE narration;
    ALTER TABLE narration_new RENAME TO narration;
    CREATE INDEX narration_by_audio ON narration(audio_id);
    """
}
