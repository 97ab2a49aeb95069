extension Schema {
    /// v28: a cast member's drawing (issue 35), one per member, deleted with the member and so
    /// with the family (foreign keys). Images only, at most 2 MiB (``CastDrawing``).
    static let castDrawings = """
    CREATE TABLE cast_drawing (
        family_id INTEGER NOT NULL,
        name_key TEXT NOT NULL,
        content_type TEXT NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
        data BLOB NOT NULL CHECK (length(data) BETWEEN 1 AND 2097152),
        created_at DATETIME NOT NULL,
        PRIMARY KEY (family_id, name_key),
        FOREIGN KEY (family_id, name_key) REFERENCES cast_member(family_id, name_key) ON DELETE CASCADE
    );
    """
}
