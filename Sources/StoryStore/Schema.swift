/// SQLite migrations still written in the old style (one `Schema+X.swift` beside PostgreSQL's
/// `PostgresSchema+X.swift`), appended to ``StoreSchema/migrations`` in ``AppDatabase/migrations``.
/// Kept verbatim once shipped.
enum Schema {}
