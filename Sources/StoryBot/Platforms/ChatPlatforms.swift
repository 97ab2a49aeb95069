import StoryDomain

/// The chat platforms this service speaks, by ``Platform``; a platform nobody described reads as
/// an ``UnknownChatPlatform``.
public struct ChatPlatforms: Sendable {
    private let byPlatform: [Platform: any ChatPlatform]

    public init(_ platforms: [any ChatPlatform] = []) {
        byPlatform = Dictionary(platforms.map { ($0.platform, $0) }, uniquingKeysWith: { _, last in last })
    }

    public subscript(platform: Platform) -> any ChatPlatform {
        byPlatform[platform] ?? UnknownChatPlatform(platform)
    }
}
