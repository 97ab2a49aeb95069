/// A permission bitset (sent as a decimal string, over 32 bits).
public struct Permissions: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    public static let administrator = Permissions(rawValue: 1 << 3)
    public static let manageGuild = Permissions(rawValue: 1 << 5)
    public static let viewChannel = Permissions(rawValue: 1 << 10)
    public static let sendMessages = Permissions(rawValue: 1 << 11)
    public static let embedLinks = Permissions(rawValue: 1 << 14)
    public static let attachFiles = Permissions(rawValue: 1 << 15)
    /// SEND_POLLS: the bot may post native polls.
    public static let sendPolls = Permissions(rawValue: 1 << 49)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self), let value = UInt64(text) {
            rawValue = value
        } else {
            rawValue = try container.decode(UInt64.self)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(String(rawValue))
    }
}
