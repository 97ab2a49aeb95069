extension PostgresSchema {
    /// A story remade gentler (🌙 on a story waiting for a grown-up's yes): the writer that runs its
    /// job reads the request back from here. The same column as SQLite's v27.
    static let v27 = [
        "ALTER TABLE story ADD COLUMN gentle boolean",
    ]
}
