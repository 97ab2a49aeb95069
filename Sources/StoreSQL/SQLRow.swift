import Foundation

/// A row read by column name, whichever driver read it. A driver's row answers the raw typed
/// reads; ``subscript(_:)`` gives any ``SQLColumnValue`` (optional or not) on top of them.
public protocol SQLRow: Sendable {
    /// The column's value, `nil` for NULL; throws ``StoreSQLError`` when the column is missing
    /// or holds another type.
    func string(_ column: String) throws -> String?
    func int64(_ column: String) throws -> Int64?
    func double(_ column: String) throws -> Double?
    func bool(_ column: String) throws -> Bool?
    func date(_ column: String) throws -> Date?
    func data(_ column: String) throws -> Data?
}

extension SQLRow {
    /// The column's value as `T`; a NULL where `T` is not optional throws.
    public subscript<T: SQLColumnValue>(_ column: String) -> T {
        get throws { try T.read(column, from: self) }
    }
}

/// A type read from a column.
public protocol SQLColumnValue {
    static func read(_ column: String, from row: some SQLRow) throws -> Self
}

/// A non-optional column type, read through one of the row's typed reads.
public protocol SQLScalarColumn: SQLColumnValue {
    static func readOptional(_ column: String, from row: some SQLRow) throws -> Self?
}

extension SQLScalarColumn {
    public static func read(_ column: String, from row: some SQLRow) throws -> Self {
        guard let value = try readOptional(column, from: row) else { throw StoreSQLError.corrupt(column, "NULL") }
        return value
    }
}

extension Optional: SQLColumnValue where Wrapped: SQLScalarColumn {
    public static func read(_ column: String, from row: some SQLRow) throws -> Self { try Wrapped.readOptional(column, from: row) }
}

extension String: SQLScalarColumn {
    public static func readOptional(_ column: String, from row: some SQLRow) throws -> String? { try row.string(column) }
}
extension Int64: SQLScalarColumn {
    public static func readOptional(_ column: String, from row: some SQLRow) throws -> Int64? { try row.int64(column) }
}
extension Int: SQLScalarColumn {
    public static func readOptional(_ column: String, from row: some SQLRow) throws -> Int? { try row.int64(column).map(Int.init) }
}
extension Double: SQLScalarColumn {
    public static func readOptional(_ column: String, from row: some SQLRow) throws -> Double? { try row.double(column) }
}
extension Bool: SQLScalarColumn {
    public static func readOptional(_ column: String, from row: some SQLRow) throws -> Bool? { try row.bool(column) }
}
extension Date: SQLScalarColumn {
    public static func readOptional(_ column: String, from row: some SQLRow) throws -> Date? { try row.date(column) }
}
extension Data: SQLScalarColumn {
    public static func readOptional(_ column: String, from row: some SQLRow) throws -> Data? { try row.data(column) }
}
