extension Schema {
    /// Pronouns (issue 31): a cast member's and a story's hero's, `he`, `she` or `they` as the
    /// family set them; NULL for members and stories made before, and for "use the name".
    /// Depends on `cast_member` (v14) and `story` (v1) only.
    static let castPronouns = """
    ALTER TABLE cast_member ADD COLUMN pronouns TEXT CHECK (pronouns IN ('he', 'she', 'they'));
    ALTER TABLE story ADD COLUMN hero_pronouns TEXT CHECK (hero_pronouns IN ('he', 'she', 'they'));
    """
}
