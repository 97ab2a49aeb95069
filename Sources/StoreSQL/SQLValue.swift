import Foundation
import StoryDomain

/// A value bound to a statement, neutral between the engines: each executor turns it into its
/// driver's own binding the way that engine stores it (``SQLDialect`` says how).
public enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
    case bool(Bool)
    case date(Date)
}

/// A Swift value that can be bound to a statement.
public protocol SQLBindable {
    var sqlValue: SQLValue { get }
}

extension String: SQLBindable { public var sqlValue: SQLValue { .text(self) } }
extension Substring: SQLBindable { public var sqlValue: SQLValue { .text(String(self)) } }
extension Int: SQLBindable { public var sqlValue: SQLValue { .integer(Int64(self)) } }
extension Int64: SQLBindable { public var sqlValue: SQLValue { .integer(self) } }
extension Double: SQLBindable { public var sqlValue: SQLValue { .real(self) } }
extension Bool: SQLBindable { public var sqlValue: SQLValue { .bool(self) } }
extension Date: SQLBindable { public var sqlValue: SQLValue { .date(self) } }
extension Data: SQLBindable { public var sqlValue: SQLValue { .blob(self) } }
/// A platform is stored as its raw value (`discord`, `web`).
extension Platform: SQLBindable { public var sqlValue: SQLValue { .text(rawValue) } }

extension Optional: SQLBindable where Wrapped: SQLBindable {
    public var sqlValue: SQLValue { self?.sqlValue ?? .null }
}
