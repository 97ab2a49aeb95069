extension PostgresSchema {
    /// Built-in stories counted apart (the SQLite store's v18): each quota use names its pool,
    /// `models` (every earlier use) or `builtin`. Depends on `quota_use` only (v5).
    static let v18 = [
        "ALTER TABLE quota_use ADD COLUMN pool text NOT NULL DEFAULT 'models' CHECK (pool IN ('models', 'builtin'))",
    ]
}
