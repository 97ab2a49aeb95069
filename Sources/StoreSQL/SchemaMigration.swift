/// One named migration of the shared schema, run by both engines (SQLite's GRDB migrator and
/// PostgreSQL's `schema_migration` table know it by `name`: never rename or edit one that has
/// shipped). Its steps are the schema description where the engines agree and raw SQL per
/// engine where they do not (backfills, triggers, rebuilt tables).
public struct SchemaMigration: Sendable {
    /// A step of a migration.
    public enum Step: Sendable {
        /// `CREATE TABLE` and its indexes.
        case table(SchemaTable)
        /// `ALTER TABLE table ADD COLUMN …`.
        case add(table: String, SchemaColumn)
        /// The same statement on both engines.
        case sql(String)
        /// Statements that differ: SQLite's and PostgreSQL's (either may be empty).
        case engines(sqlite: [String], postgres: [String])
    }

    public let name: String
    public let steps: [Step]

    public init(_ name: String, _ steps: [Step]) {
        self.name = name
        self.steps = steps
    }

    /// The statements to run on `dialect`, in order, in one transaction.
    public func statements(_ dialect: SQLDialect) -> [String] {
        steps.flatMap { step -> [String] in
            switch step {
            case let .table(table): table.statements(dialect)
            case let .add(table, column): column.definition(dialect).map { ["ALTER TABLE \(table) ADD COLUMN \($0)"] } ?? []
            case let .sql(text): [text]
            case let .engines(sqlite, postgres): dialect == .sqlite ? sqlite : postgres
            }
        }
    }

    /// SQLite's statements as one script (GRDB runs it whole), or nil when there are none.
    public var sqliteScript: String? {
        let statements = statements(.sqlite)
        return statements.isEmpty ? nil : statements.map { $0 + ";" }.joined(separator: "\n")
    }
}
