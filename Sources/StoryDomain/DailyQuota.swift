import Foundation

/// How many stories one person may start per day, counted in one ``Pool`` over the local days of
/// the family they ask in (its ``timeZone``). A story that fails by the service's fault does not
/// count (``StoryFailureReason/refundsQuota``). The rule is written here once; the stores only
/// count the uses of a pool and record new ones (``StoryRepository/createStory(_:delivery:quota:)``).
public struct DailyQuota: Sendable, Equatable {
    /// Which count a story uses: stories that call a model (`STORIES_PER_DAY`, by plan), or
    /// stories the built-in providers make alone (`BUILTIN_STORIES_PER_DAY`, an anti-flood cap).
    public enum Pool: String, Sendable, Equatable, CaseIterable {
        case models
        case builtIn = "builtin"
    }

    public var storiesPerDay: Int
    /// What premium would allow, when the person is on the free plan (for the refusal).
    public var premiumStoriesPerDay: Int?
    public var pool: Pool
    /// The family's time zone: its days start at its local midnight.
    public var timeZone: TimeZone

    public init(storiesPerDay: Int, premiumStoriesPerDay: Int? = nil, pool: Pool = .models, timeZone: TimeZone = Self.utc) {
        self.storiesPerDay = max(0, storiesPerDay)
        self.premiumStoriesPerDay = premiumStoriesPerDay
        self.pool = pool
        self.timeZone = timeZone
    }

    /// Coordinated Universal Time, the service-wide days' zone (Foundation may call it `GMT`).
    public static let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0)!

    /// The names of zones that are UTC all year.
    public static let utcNames: Set<String> = ["UTC", "GMT", "Etc/UTC", "Etc/GMT", "Etc/UCT", "UCT", "Universal", "Zulu",
                                               "Etc/Universal", "Etc/Zulu", "GMT0", "Etc/GMT0", "Etc/GMT+0", "Etc/GMT-0"]

    /// The rule: throws ``QuotaExceeded`` when `used` stories of this pool today leave none for
    /// another at `now`.
    public func admit(used: Int, at now: Date) throws(QuotaExceeded) {
        if used >= storiesPerDay { throw exceeded(at: now) }
    }

    /// The refusal when the day's stories are used up at `now`.
    public func exceeded(at now: Date) -> QuotaExceeded {
        QuotaExceeded(limit: storiesPerDay, resetsAt: day(containing: now).next, now: now, premiumLimit: premiumStoriesPerDay,
                      pool: pool, timeZone: timeZone)
    }

    /// The family's local day containing `date`: its first moment and the next day's (when the
    /// quota resets). Across a daylight-saving change a day is 23 or 25 hours long.
    public func day(containing date: Date) -> (start: Date, next: Date) {
        Self.day(containing: date, in: timeZone)
    }

    /// The day containing `date` in `zone` (UTC by plain arithmetic: Unix time has exactly
    /// 86,400 seconds in every UTC day, and the service-wide counts run on every model call).
    public static func day(containing date: Date, in zone: TimeZone = utc) -> (start: Date, next: Date) {
        if utcNames.contains(zone.identifier) {
            let seconds = date.timeIntervalSince1970
            let start = Date(timeIntervalSince1970: (seconds / 86_400).rounded(.down) * 86_400)
            return (start, start.addingTimeInterval(86_400))
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let start = calendar.startOfDay(for: date)
        // 36 hours after the day's start is inside tomorrow whatever the clocks did (23- or 25-hour days).
        let tomorrow = calendar.date(byAdding: .hour, value: 36, to: start).map(calendar.startOfDay(for:))
        return (start, tomorrow ?? start.addingTimeInterval(86_400))
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
    /// The count that is full: premium does not change the built-in stories' cap.
    public var pool: DailyQuota.Pool
    /// The family's time zone, for saying when stories start again.
    public var timeZone: TimeZone

    public init(limit: Int, resetsAt: Date, now: Date? = nil, premiumLimit: Int? = nil, pool: DailyQuota.Pool = .models,
                timeZone: TimeZone = DailyQuota.utc) {
        self.limit = limit
        self.resetsAt = resetsAt
        waitSeconds = max(0, Int(resetsAt.timeIntervalSince(now ?? resetsAt)))
        self.premiumLimit = premiumLimit
        self.pool = pool
        self.timeZone = timeZone
    }
}
