import Foundation

/// A JSON value: what the fake received (for checks and test assertions) and what it answers.
public enum GeminiFakeJSON: Sendable, Equatable, Codable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([GeminiFakeJSON])
    case object([String: GeminiFakeJSON])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([GeminiFakeJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: GeminiFakeJSON].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case let .bool(value): try container.encode(value)
        case let .number(value):
            if value.rounded() == value, abs(value) < 1e15 { try container.encode(Int64(value)) } else { try container.encode(value) }
        case let .string(value): try container.encode(value)
        case let .array(value): try container.encode(value)
        case let .object(value): try container.encode(value)
        }
    }

    /// Parses JSON bytes; nil when they are not JSON.
    public static func parse(_ data: Data) -> GeminiFakeJSON? {
        try? JSONDecoder().decode(GeminiFakeJSON.self, from: data)
    }

    /// The value as compact JSON text.
    public var encoded: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data("null".utf8)
    }

    public subscript(key: String) -> GeminiFakeJSON? {
        if case let .object(members) = self { members[key] } else { nil }
    }

    public subscript(index: Int) -> GeminiFakeJSON? {
        if case let .array(items) = self, items.indices.contains(index) { items[index] } else { nil }
    }

    public var string: String? { if case let .string(value) = self { value } else { nil } }
    public var number: Double? { if case let .number(value) = self { value } else { nil } }
    public var bool: Bool? { if case let .bool(value) = self { value } else { nil } }
    public var array: [GeminiFakeJSON]? { if case let .array(value) = self { value } else { nil } }
    public var object: [String: GeminiFakeJSON]? { if case let .object(value) = self { value } else { nil } }

    /// A whole number, written as a JSON number or (proto int64 style) a string.
    public var int: Int? {
        switch self {
        case let .number(value): Int(exactly: value)
        case let .string(value): Int(value)
        default: nil
        }
    }
}

extension GeminiFakeJSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByFloatLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: GeminiFakeJSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, GeminiFakeJSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
