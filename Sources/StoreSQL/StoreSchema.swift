/// The schema of both engines, written once: each migration a ``SchemaMigration`` whose tables
/// and columns are described once (``SchemaTable``, ``SchemaColumn``) and rendered to SQLite's
/// and PostgreSQL's DDL; what truly differs (backfills, triggers, a rebuilt table) is raw SQL per
/// engine inside the same step list. Append-only: never edit or rename a migration that has
/// shipped (databases know them by name); add a new one at the end of ``migrations``.
///
/// Differences of representation, made by the renderer: `timestamptz`/`DATETIME` for dates,
/// `boolean`/`BOOLEAN` (0/1) for flags, `bytea`/`BLOB`, identity columns for ids, and a `seq`
/// identity on PostgreSQL for the tables whose order SQLite takes from `rowid`.
public enum StoreSchema {
    typealias Table = SchemaTable
    typealias Column = SchemaColumn

    /// Every migration, oldest first (v10 was never shipped). Migrations still written in the old
    /// style, one per engine (`Schema+X.swift`, `PostgresSchema+X.swift`), follow these in each
    /// engine's own list.
    public static let migrations: [SchemaMigration] = [
        v1, v2, v3, v4, v5, v6, v7, v8, v9, v11, v12, v13, v14, v15, v16, v17, v18, v19, v20, v21, v22, v23, v24, v25, v26,
    ]

    /// The tables the migrations create, in order (parents before children): what `copy-to`
    /// copies. PostgreSQL's transient tables (v16, raw SQL) are not among them.
    public static let tables: [String] = migrations.flatMap(\.steps).compactMap { step in
        if case let .table(table) = step { table.name } else { nil }
    }
}
