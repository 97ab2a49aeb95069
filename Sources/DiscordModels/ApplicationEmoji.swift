/// An emoji the application owns (uploaded with `POST /applications/{id}/emojis`), usable by
/// the bot in every server and DM: the fields the bot reads.
public struct ApplicationEmoji: Codable, Sendable, Equatable {
    public var id: Snowflake
    public var name: String
    public var animated: Bool?

    public init(id: Snowflake, name: String, animated: Bool? = nil) {
        self.id = id
        self.name = name
        self.animated = animated
    }

    /// At most this many emojis per application.
    public static let maxPerApplication = 2_000
    /// An emoji image is at most 256 KiB.
    public static let maxImageBytes = 256 * 1024

    /// Discord's name rule: 2–32 characters, ASCII letters, digits and underscores.
    public static func isValidName(_ name: String) -> Bool {
        (2...32).contains(name.count) && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }
}

/// `GET /applications/{id}/emojis`'s answer: `{"items": [...]}`.
public struct ApplicationEmojiList: Codable, Sendable, Equatable {
    public var items: [ApplicationEmoji]

    public init(items: [ApplicationEmoji]) { self.items = items }
}

/// `POST /applications/{id}/emojis`'s body: a name and the image as a data URI
/// (`data:image/png;base64,…`).
public struct ApplicationEmojiCreate: Codable, Sendable, Equatable {
    public var name: String
    public var image: String

    public init(name: String, image: String) {
        self.name = name
        self.image = image
    }
}
