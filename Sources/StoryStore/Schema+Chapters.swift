extension Schema {
    /// Tonight's chapter (issue 20): a story that continues another keeps its place in the chain
    /// (`series_id`, the first chapter's id), the chapter it follows, its number, and the
    /// previous chapter's title and short summary for the writer. Deleted with its story; the
    /// chain's ids are plain text, not foreign keys, so deleting one chapter (the first too)
    /// leaves the others readable and together. Depends on `story` only (v1).
    static let chapters = """
    CREATE TABLE story_chapter (
        story_id TEXT PRIMARY KEY NOT NULL REFERENCES story(id) ON DELETE CASCADE,
        series_id TEXT NOT NULL CHECK (length(series_id) BETWEEN 1 AND 32),
        previous_story_id TEXT NOT NULL CHECK (length(previous_story_id) BETWEEN 1 AND 32),
        chapter_number INTEGER NOT NULL CHECK (chapter_number BETWEEN 2 AND 10000),
        previous_title TEXT NOT NULL CHECK (length(previous_title) <= 120),
        previous_summary TEXT NOT NULL CHECK (length(previous_summary) <= 400)
    );
    CREATE INDEX story_chapter_by_series ON story_chapter(series_id, chapter_number);
    """
}
