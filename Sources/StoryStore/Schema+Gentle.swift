extension Schema {
    /// A story remade gentler (🌙 on a story waiting for a grown-up's yes): the writer that runs its
    /// job reads the request back from here, so the mode must be stored with it. NULL on stories
    /// made before and on ordinary ones. Depends on `story` only (v1).
    static let storyGentle = """
    ALTER TABLE story ADD COLUMN gentle BOOLEAN CHECK (gentle IN (0, 1));
    """
}
