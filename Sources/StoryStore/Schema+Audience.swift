extension Schema {
    /// Who a story is for (issue 29, provider terms): `children` when a child asked for it or the
    /// chat is children's, `family` otherwise; NULL on stories made before (the family's).
    /// Depends on `story` only (v1).
    static let storyAudience = """
    ALTER TABLE story ADD COLUMN audience TEXT CHECK (audience IN ('family', 'children'));
    """
}
