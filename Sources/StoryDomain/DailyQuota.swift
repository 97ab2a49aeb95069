import Foundation

/// How many stories one person may start per day. Days are UTC days; a story that fails does
/// not count.
public struct DailyQuota: Sendable, Equatable {
    public var storiesPerDay: Int

    public init(storiesPerDay: Int) { self.storiesPerDay = max(0, storiesPerDay) }

    /// The start of the UTC day containing `date`, and of the next one (when the quota resets).
    public static func day(containing date: Date) -> (start: Date, next: Date) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let start = calendar.startOfDay(for: date)
        return (start, start.addingTimeInterval(86_400))
    }
}

/// A person has used up today's stories.
public struct QuotaExceeded: Error, Sendable, Equatable {
    public var limit: Int
    /// When the next story may start.
    public var resetsAt: Date

    public init(limit: Int, resetsAt: Date) {
        self.limit = limit
        self.resetsAt = resetsAt
    }
}
