import Foundation

/// A Discord id: 64-bit, sent as a JSON string (sometimes echoed as a number; both decode).
public struct Snowflake: Hashable, Sendable, Codable, Comparable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    public let rawValue: UInt64

    public init(_ rawValue: UInt64) { self.rawValue = rawValue }
    public init(integerLiteral value: UInt64) { rawValue = value }

    public init?(_ text: String) {
        guard let value = UInt64(text) else { return nil }
        rawValue = value
    }

    /// The creation time encoded in the id.
    public var date: Date {
        Date(timeIntervalSince1970: Double((rawValue >> 22) + 1_420_070_400_000) / 1000)
    }

    public var description: String { String(rawValue) }
    public static func < (lhs: Snowflake, rhs: Snowflake) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self), let value = UInt64(text) {
            rawValue = value
        } else if let value = try? container.decode(UInt64.self) {
            rawValue = value
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a snowflake")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(String(rawValue))
    }
}
