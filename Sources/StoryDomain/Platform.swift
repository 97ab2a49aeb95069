/// The chat platform a family, a person or a delivery belongs to. A value, compared as one, never
/// as loose strings; its raw value (`discord`, `web`) is what storage keeps.
///
/// The domain only names the platforms; what each can do and how it words things belongs to that
/// platform's adapter (`ChatPlatform` in StoryBot), so a third platform needs no change here.
public struct Platform: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible,
                        ExpressibleByStringLiteral {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    /// Discord: families are servers (guilds).
    public static let discord: Platform = "discord"
    /// The built-in web chat: families are rooms.
    public static let web: Platform = "web"
    /// Work nobody waits for in a chat (collection entries made ahead, jobs started by the shell).
    public static let background: Platform = "background"
}
