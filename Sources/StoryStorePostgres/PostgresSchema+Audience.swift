extension PostgresSchema {
    /// Who a story is for (issue 29, provider terms): `children` when a child asked for it or the
    /// chat is children's, `family` otherwise; NULL on stories made before (the family's). The
    /// same column as SQLite's v19.
    static let v19 = [
        "ALTER TABLE story ADD COLUMN audience text CHECK (audience IN ('family', 'children'))",
    ]
}
