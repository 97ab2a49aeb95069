import Foundation

/// How many stories one person may start per day. Days are UTC days; a story that fails by the
/// service's fault does not count (``StoryFailureReason/refundsQuota``).
public struct DailyQuota: Sendable, Equatable {
    public var storiesPerDay: Int
    /// What premium would allow, when the person is on the free plan (for the refusal).
    public var premiumStoriesPerDay: Int?

    public init(storiesPerDay: Int, premiumStoriesPerDay: Int? = nil) {
        self.storiesPerDay = max(0, storiesPerDay)
        self.premiumStoriesPerDay = premiumStoriesPerDay
    }

    /// The refusal when the day's stories are used up at `now`.
    public func exceeded(at now: Date) -> QuotaExceeded {
        let day = Self.day(containing: now)
        return QuotaExceeded(limit: storiesPerDay, resetsAt: day.next, now: now, premiumLimit: premiumStoriesPerDay)
    }

    /// The start of the UTC day containing `date`, and of the next one (when the quota resets).
    /// Plain arithmetic: Unix time has exactly 86,400 seconds in every UTC day, and this runs on
    /// every story request, where a `Calendar` would load ICU's time-zone data.
    public static func day(containing date: Date) -> (start: Date, next: Date) {
        let seconds = date.timeIntervalSince1970
        let start = Date(timeIntervalSince1970: (seconds / 86_400).rounded(.down) * 86_400)
        return (start, start.addingTimeInterval(86_400))
    }
}

/// A person has used up today's stories.
public struct QuotaExceeded: Error, Sendable, Equatable {
    public var limit: Int
    /// When the next story may start.
    public var resetsAt: Date
    /// How long until then, from when the request was refused.
    public var waitSeconds: Int
    /// Stories per day on premium, when the person is on the free plan.
    public var premiumLimit: Int?

    public init(limit: Int, resetsAt: Date, now: Date? = nil, premiumLimit: Int? = nil) {
        self.limit = limit
        self.resetsAt = resetsAt
        waitSeconds = max(0, Int(resetsAt.timeIntervalSince(now ?? resetsAt)))
        self.premiumLimit = premiumLimit
    }
}
