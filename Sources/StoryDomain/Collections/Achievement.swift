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

/// Which achievements a read earns, from the family's reading so far (pure; the store keeps
/// each achievement once).
public enum AchievementRules {
    /// - Parameters:
    ///   - storiesRead: stories the family has read to the end, this one included.
    ///   - readingDays: the distinct UTC days (start of day) the family finished a story on.
    ///   - today: the start of the UTC day of this read.
    ///   - finishedCollection: the collection this read completed, if any.
    public static func earned(storiesRead: Int, readingDays: Set<Date>, today: Date,
                              finishedCollection: GrowthCollection?) -> [Achievement] {
        var earned: [Achievement] = []
        if storiesRead >= 1 { earned.append(Achievement(kind: .firstStory)) }
        let streak = (0..<3).allSatisfy { readingDays.contains(today.addingTimeInterval(-86_400 * Double($0))) }
        if streak { earned.append(Achievement(kind: .threeNightStreak)) }
        if storiesRead >= 5 { earned.append(Achievement(kind: .fiveStories)) }
        if let finishedCollection {
            earned.append(Achievement(kind: .collectionComplete, detail: finishedCollection.id.rawValue, label: finishedCollection.title))
        }
        return earned
    }
}
