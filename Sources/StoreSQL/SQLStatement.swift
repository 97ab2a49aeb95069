import Foundation

/// One SQL statement written once for both engines, built by string interpolation: each
/// interpolated value is a typed bind (never spliced into the text), a list expands to
/// `(?, ?, …)`, a ``SQLDialect/Word`` is the engine's own word, and a statement interpolated in
/// another is spliced with its binds.
///
///     let rows = try await executor.rows("SELECT value FROM bot_state WHERE key = \(key)")
public struct SQLStatement: Sendable, ExpressibleByStringInterpolation {
    enum Part: Sendable {
        case text(String)
        case value(SQLValue)
        case word(SQLDialect.Word)
    }

    private(set) var parts: [Part]

    public init(stringLiteral value: String) { parts = [.text(value)] }

    public init(stringInterpolation: Interpolation) { parts = stringInterpolation.parts }

    /// A statement of trusted text (a constant column list), no binds.
    public init(verbatim text: String) { parts = [.text(text)] }

    /// The statement's text in `dialect` and its values in placeholder order.
    public func rendered(in dialect: SQLDialect) -> (sql: String, values: [SQLValue]) {
        var sql = ""
        var values: [SQLValue] = []
        for part in parts {
            switch part {
            case let .text(text): sql += text
            case let .value(value):
                values.append(value)
                sql += dialect.placeholder(values.count)
            case let .word(word): sql += dialect.text(word)
            }
        }
        return (sql, values)
    }

    public struct Interpolation: StringInterpolationProtocol {
        var parts: [Part] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            parts.reserveCapacity(interpolationCount * 2 + 1)
        }

        public mutating func appendLiteral(_ literal: String) { parts.append(.text(literal)) }

        /// A value, bound.
        public mutating func appendInterpolation(_ value: some SQLBindable) { parts.append(.value(value.sqlValue)) }

        /// A value that may be absent, bound (`NULL` when it is). Spelled out so the compiler
        /// knows an optional here is meant, not a debug description.
        public mutating func appendInterpolation<Value: SQLBindable>(_ value: Value?) { parts.append(.value(value.sqlValue)) }

        /// Values, bound, as a parenthesised list for `IN`: `(?, ?, ?)`. Never empty: callers skip empty lists.
        public mutating func appendInterpolation(list values: [some SQLBindable]) {
            parts.append(.text("("))
            for (index, value) in values.enumerated() {
                if index > 0 { parts.append(.text(", ")) }
                parts.append(.value(value.sqlValue))
            }
            parts.append(.text(")"))
        }

        /// The engine's own word.
        public mutating func appendInterpolation(_ word: SQLDialect.Word) { parts.append(.word(word)) }

        /// Another statement (a shared fragment), spliced with its binds.
        public mutating func appendInterpolation(_ statement: SQLStatement) { parts.append(contentsOf: statement.parts) }
    }
}
