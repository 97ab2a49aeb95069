import DiscordModels
import Foundation
import StoryDomain

/// Stories that were ready after their interaction's token ran out in a channel where the bot
/// may not post on its own (a group DM, through a user install): kept per channel, and offered
/// through the next interaction there (a button press or `/story read`). Kept in the key-value
/// store, so an offer survives a restart; one story per channel (the newest).
public struct GroupDMLateStories: Sendable {
    /// A story waiting to be offered.
    public struct LateStory: Sendable, Equatable {
        public var storyID: StoryID
        public var title: String
    }

    /// How long an interaction's token is trusted for writes: Discord's 15 minutes, less a
    /// minute so that a slow write does not race the expiry.
    public static let tokenLife: TimeInterval = 14 * 60

    private let store: any KeyValueStore

    public init(store: any KeyValueStore) { self.store = store }

    static func key(_ channelID: String) -> String { "discord.late-story.\(channelID)" }

    /// Keeps `storyID` to offer in `channelID` (replacing an older offer there).
    public func keep(_ storyID: StoryID, title: String, channelID: String) async throws {
        let line = TextSanitizer().cleanLine(title)
        try await store.setValue(storyID.rawValue + "\n" + String(line.prefix(200)), for: Self.key(channelID))
    }

    /// The story waiting in `channelID`, removed so that it is offered once.
    public func take(channelID: String) async throws -> LateStory? {
        guard let value = try await store.value(for: Self.key(channelID)) else { return nil }
        try await store.setValue(nil, for: Self.key(channelID))
        let parts = value.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        guard let id = parts.first.flatMap({ StoryID(rawValue: String($0)) }) else { return nil }
        return LateStory(storyID: id, title: parts.count > 1 ? String(parts[1]) : "")
    }
}
