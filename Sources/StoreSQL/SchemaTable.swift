/// A table of the shared schema (``StoreSchema``): its columns in order, its table constraints
/// (`PRIMARY KEY (…)`, `UNIQUE (…)`, `CHECK (…)`, the same text on both engines, then any
/// PostgreSQL adds) and its indexes (`CREATE [UNIQUE] INDEX …`, the same text on both engines).
public struct SchemaTable: Sendable {
    public let name: String
    public let columns: [SchemaColumn]
    public let constraints: [String]
    public let postgresConstraints: [String]
    public let indexes: [String]

    public init(_ name: String, _ columns: [SchemaColumn], constraints: [String] = [],
                postgresConstraints: [String] = [], indexes: [String] = []) {
        self.name = name
        self.columns = columns
        self.constraints = constraints
        self.postgresConstraints = postgresConstraints
        self.indexes = indexes
    }

    /// `CREATE TABLE` and then the indexes, on `dialect`.
    public func statements(_ dialect: SQLDialect) -> [String] {
        let tail = dialect == .postgres ? constraints + postgresConstraints : constraints
        let lines = columns.compactMap { $0.definition(dialect) } + tail
        return ["CREATE TABLE \(name) (\n    " + lines.joined(separator: ",\n    ") + "\n)"] + indexes
    }
}
