extension PostgresSchema {
    /// Tonight's chapter (the SQLite store's v15): a story that continues another keeps its
    /// chain (`series_id`, the first chapter's id), the chapter it follows, its number and the
    /// previous chapter's title and summary. Deleted with its story; the chain's ids are plain
    /// text, so deleting one chapter leaves the others together. Depends on `story` only.
    static let v15 = [
        """
        CREATE TABLE story_chapter (
            story_id text PRIMARY KEY REFERENCES story(id) ON DELETE CASCADE,
            series_id text NOT NULL CHECK (length(series_id) BETWEEN 1 AND 32),
            previous_story_id text NOT NULL CHECK (length(previous_story_id) BETWEEN 1 AND 32),
            chapter_number integer NOT NULL CHECK (chapter_number BETWEEN 2 AND 10000),
            previous_title text NOT NULL CHECK (length(previous_title) <= 120),
            previous_summary text NOT NULL CHECK (length(previous_summary) <= 400)
        )
        """,
        "CREATE INDEX story_chapter_by_series ON story_chapter(series_id, chapter_number)",
    ]
}
