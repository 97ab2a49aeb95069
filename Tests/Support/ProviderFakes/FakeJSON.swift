import Foundation

/// A JSON value, shared by the provider fakes: how they read what the bot sent and write their
/// answers. Subscripts and accessors return nil for anything missing or of another kind, so tests
/// can write `json["response_format"]?["type"]?.string`.
public enum FakeJSON: Sendable, Equatable, Codable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByFloatLiteral,
    ExpressibleByNilLiteral {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([FakeJSON])
    case object([String: FakeJSON])

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(nilLiteral: ()) { self = .null }
    public init(arrayLiteral elements: FakeJSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, FakeJSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

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
        } else if let value = try? container.decode([FakeJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: FakeJSON].self))
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
    public static func parse(_ data: Data) -> FakeJSON? {
        try? JSONDecoder().decode(FakeJSON.self, from: data)
    }

    /// The value as compact JSON text.
    public var encoded: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data("null".utf8)
    }

    public subscript(key: String) -> FakeJSON? {
        if case let .object(members) = self { members[key] } else { nil }
    }

    public subscript(index: Int) -> FakeJSON? {
        if case let .array(items) = self, items.indices.contains(index) { items[index] } else { nil }
    }

    public var string: String? { if case let .string(value) = self { value } else { nil } }
    public var number: Double? { if case let .number(value) = self { value } else { nil } }
    public var double: Double? { number }
    public var bool: Bool? { if case let .bool(value) = self { value } else { nil } }
    public var array: [FakeJSON]? { if case let .array(value) = self { value } else { nil } }
    public var object: [String: FakeJSON]? { if case let .object(value) = self { value } else { nil } }

    /// A whole number written as a JSON number.
    public var int: Int? {
        if case let .number(value) = self { Int(exactly: value) } else { nil }
    }

    /// A whole number written as a JSON number or (proto int64 style, or typed by a family) a string.
    public var intAllowingString: Int? {
        if case let .string(value) = self { Int(value) } else { int }
    }
}
