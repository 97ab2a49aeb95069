/// An emoji as a component names it: an application (custom) emoji by `id` and `name`, or a
/// Unicode emoji by `name` alone.
public struct PartialEmoji: Codable, Sendable, Equatable, Hashable {
    public var id: Snowflake?
    public var name: String?
    public var animated: Bool?

    public init(id: Snowflake? = nil, name: String?, animated: Bool? = nil) {
        self.id = id
        self.name = name
        self.animated = animated
    }

    /// A Unicode emoji.
    public static func unicode(_ character: String) -> PartialEmoji { PartialEmoji(name: character) }
}
