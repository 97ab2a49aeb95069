import Foundation

/// The bookkeeping of a story's first read, written once for every store: the read's UTC day is
/// recorded as a reading day, the collection it finishes is marked complete, and the achievements
/// ``AchievementRules`` names are earned (the store keeps each once per family and reports those
/// it kept just now). The store reads and writes inside one transaction; this decides.
public struct FirstRead: Sendable, Equatable {
    /// When the story was read to the end.
    public var date: Date

    public init(at date: Date) {
        self.date = date
    }

    /// The start of the read's UTC day: the reading day the store records.
    public var day: Date { DailyQuota.day(containing: date).start }

    /// The earliest reading day the store needs to read back (a streak looks at the last three days).
    public var earliestDayNeeded: Date { day.addingTimeInterval(-3 * 86_400) }

    /// What the read changes.
    public struct Decision: Sendable, Equatable {
        /// The story's collection after the read (completed now when this read finished it).
        public var collection: CollectionProgress?
        /// The collection this read finished: the store sets its completion time to ``FirstRead/date``.
        public var completed: CollectionID?
        /// The achievements this read earns, before the store keeps each once per family.
        public var achievements: [Achievement]
    }

    /// - Parameters:
    ///   - storiesRead: the family's stories read to the end, this one included.
    ///   - readingDays: the family's reading days since ``earliestDayNeeded``, this one's included.
    ///   - collection: the story's collection with this read counted, if it belongs to one.
    public func decide(storiesRead: Int, readingDays: Set<Date>, collection: CollectionProgress?) -> Decision {
        var progress = collection
        var finished: GrowthCollection?
        if var current = progress, current.isComplete, current.collection.completedAt == nil {
            current.collection.completedAt = date
            progress = current
            finished = current.collection
        }
        let achievements = AchievementRules.earned(storiesRead: storiesRead, readingDays: readingDays, today: day,
                                                   finishedCollection: finished)
        return Decision(collection: progress, completed: finished?.id, achievements: achievements)
    }
}
