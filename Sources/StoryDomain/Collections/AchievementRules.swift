import Foundation

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
