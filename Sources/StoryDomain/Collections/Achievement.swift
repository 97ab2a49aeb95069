import Foundation

/// A milestone a family reaches by reading together, announced in the channel.
public struct Achievement: Sendable, Equatable, Hashable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case firstStory = "first-story"
        case threeNightStreak = "three-night-streak"
        case fiveStories = "five-stories"
        case collectionComplete = "collection-complete"
    }

    public var kind: Kind
    /// For a finished collection: its id.
    public var detail: String
    /// For a finished collection: its title.
    public var label: String?

    public init(kind: Kind, detail: String = "", label: String? = nil) {
        self.kind = kind
        self.detail = detail
        self.label = label
    }

    /// The family-facing announcement.
    public var announcement: String {
        switch kind {
        case .firstStory: "🏅 **First story read together!** The first of many cosy bedtimes."
        case .threeNightStreak: "🔥 **Three nights in a row!** A bedtime story every night for three nights — lovely habit."
        case .fiveStories: "📚 **Five stories read!** Your family's library is growing."
        case .collectionComplete: "🏆 **Collection complete: \(label ?? "a Growth Collection")!** Every story read — well done, everyone."
        }
    }
}
