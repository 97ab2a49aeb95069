/// The kind of value a column holds, as `copy-to` reads it from SQLite and writes it to PostgreSQL.
public enum SQLColumnKind: String, Sendable, Equatable, CustomStringConvertible {
    case integer, boolean, text, date, bytes

    public var description: String { rawValue }
}
