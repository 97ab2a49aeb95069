extension OpenAIFake {
    /// A JSON value: how the fake reads what the bot sent and writes its answers. Subscripts
    /// return nil for anything missing, so tests can write `json["response_format"]?["type"]?.string`.
    public enum JSON: Codable, Sendable, Equatable, ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral,
        ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral,
        ExpressibleByNilLiteral {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSON])
        case object([String: JSON])

        public init(dictionaryLiteral elements: (String, JSON)...) {
            self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
        }

        public init(arrayLiteral elements: JSON...) { self = .array(elements) }
        public init(stringLiteral value: String) { self = .string(value) }
        public init(integerLiteral value: Int) { self = .number(Double(value)) }
        public init(floatLiteral value: Double) { self = .number(value) }
        public init(booleanLiteral value: Bool) { self = .bool(value) }
        public init(nilLiteral: ()) { self = .null }

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
            } else if let value = try? container.decode([JSON].self) {
                self = .array(value)
            } else {
                self = .object(try container.decode([String: JSON].self))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .null: try container.encodeNil()
            case let .bool(value): try container.encode(value)
            case let .number(value):
                if value.rounded() == value, abs(value) < 1e15 { try container.encode(Int(value)) } else { try container.encode(value) }
            case let .string(value): try container.encode(value)
            case let .array(value): try container.encode(value)
            case let .object(value): try container.encode(value)
            }
        }

        public subscript(key: String) -> JSON? {
            if case let .object(members) = self { return members[key] }
            return nil
        }

        public subscript(index: Int) -> JSON? {
            if case let .array(items) = self, items.indices.contains(index) { return items[index] }
            return nil
        }

        public var string: String? {
            if case let .string(value) = self { return value }
            return nil
        }

        public var int: Int? {
            if case let .number(value) = self, value.rounded() == value { return Int(value) }
            return nil
        }

        public var double: Double? {
            if case let .number(value) = self { return value }
            return nil
        }

        public var bool: Bool? {
            if case let .bool(value) = self { return value }
            return nil
        }

        public var array: [JSON]? {
            if case let .array(items) = self { return items }
            return nil
        }

        public var object: [String: JSON]? {
            if case let .object(members) = self { return members }
            return nil
        }
    }
}
