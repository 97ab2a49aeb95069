extension PostgresSchema {
    /// Pronouns (issue 31): a cast member's and a story's hero's, `he`, `she` or `they` as the
    /// family set them; NULL for members and stories made before, and for "use the name". The
    /// same columns as SQLite's v20.
    static let v20 = [
        "ALTER TABLE cast_member ADD COLUMN pronouns text CHECK (pronouns IN ('he', 'she', 'they'))",
        "ALTER TABLE story ADD COLUMN hero_pronouns text CHECK (hero_pronouns IN ('he', 'she', 'they'))",
    ]
}
