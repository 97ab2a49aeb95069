import Foundation

/// Turns what a grown-up typed into a ``BedtimeSchedule``, or a kind refusal: the time, the days,
/// the story and its theme, and the family's limit of schedules.
public struct BedtimeScheduleRules: Sendable {
    /// The most schedules a family keeps (`BEDTIME_MAX_SCHEDULES`, default 3).
    public var maxSchedules: Int
    /// The longest theme a schedule keeps.
    public static let maxThemeLength = 100

    public init(maxSchedules: Int = 3) {
        self.maxSchedules = max(1, maxSchedules)
    }

    /// What `/bedtime set` was given, as typed (nil: not given).
    public struct Typed: Sendable, Equatable {
        public var time: String
        public var days: String?
        public var story: String?
        public var theme: String?

        public init(time: String, days: String? = nil, story: String? = nil, theme: String? = nil) {
            self.time = time
            self.days = days
            self.story = story
            self.theme = theme
        }
    }

    /// A schedule from typed values.
    /// - Throws: ``BedtimeScheduleError`` naming the first value that cannot be used.
    public func schedule(_ typed: Typed, id: String, family: FamilyRef, channelID: String, owner: Requester,
                         at date: Date) throws(BedtimeScheduleError) -> BedtimeSchedule {
        guard let time = BedtimeTime(parsing: typed.time) else { throw .badTime(Self.shown(typed.time)) }
        var days = BedtimeDays.everyDay
        if let raw = typed.days, !raw.trimmingCharacters(in: .whitespaces).isEmpty {
            guard let parsed = BedtimeDays(parsing: raw) else { throw .badDays(Self.shown(raw)) }
            days = parsed
        }
        let theme = try Self.theme(typed.theme)
        let story: BedtimeStoryChoice
        switch typed.story.map({ $0.lowercased().filter(\.isLetter) }) ?? "" {
        case "" where theme != nil, "new", "newstory", "anew": story = .new(theme: theme)
        case "", "continue", "nextchapter", "next", "chapter": story = theme == nil ? .continueChain : .new(theme: theme)
        default: throw .badStory
        }
        return BedtimeSchedule(id: id, family: family, channelID: channelID, time: time, days: days, story: story, owner: owner,
                               createdAt: date)
    }

    /// Refuses a schedule the family has no room for, or one that repeats another.
    public func checkRoom(for schedule: BedtimeSchedule, among existing: [BedtimeSchedule]) throws(BedtimeScheduleError) {
        if existing.contains(where: { $0.time == schedule.time && $0.days == schedule.days && $0.channelID == schedule.channelID }) {
            throw .duplicate(schedule.time)
        }
        guard existing.count < maxSchedules else { throw .tooMany(limit: maxSchedules) }
    }

    /// Which schedule `/bedtime off which:` means: its number in `/bedtime show` (1-based), its
    /// time (`19:30`), or its id; the only one when `which` is empty.
    public func chosen(_ which: String, among schedules: [BedtimeSchedule]) throws(BedtimeScheduleError) -> BedtimeSchedule {
        guard !schedules.isEmpty else { throw .noSchedules }
        let text = which.trimmingCharacters(in: .whitespaces).trimmingPrefix("#")
        if text.isEmpty {
            guard schedules.count == 1 else { throw .whichOne(count: schedules.count) }
            return schedules[0]
        }
        if let number = Int(text), (1...schedules.count).contains(number) { return schedules[number - 1] }
        if let time = BedtimeTime(parsing: String(text)) {
            let atTime = schedules.filter { $0.time == time }
            if atTime.count == 1 { return atTime[0] }
            if atTime.count > 1 { throw .whichOne(count: atTime.count) }
        }
        if let byID = schedules.first(where: { $0.id == text }) { return byID }
        throw .noSuchSchedule(Self.shown(String(text)))
    }

    /// A cleaned theme, nil when none was given; strange text is refused.
    static func theme(_ typed: String?) throws(BedtimeScheduleError) -> String? {
        guard let typed else { return nil }
        let sanitizer = TextSanitizer()
        if sanitizer.hasHiddenCharacters(typed) { throw .strangeText }
        let cleaned = sanitizer.cleanLine(typed).trimmingCharacters(in: .whitespaces)
        if cleaned.isEmpty { return nil }
        let lowered = cleaned.lowercased()
        let looksLikeMarkup = ["http", "://", "www.", "<@", "<#", "@everyone", "@here", "`", "<", ">", "{", "}"].contains { lowered.contains($0) }
        guard cleaned.count <= maxThemeLength, !looksLikeMarkup, cleaned.contains(where: \.isLetter) else { throw .strangeText }
        return cleaned
    }

    /// Typed text as it may be shown back: one line, at most 30 characters.
    static func shown(_ text: String) -> String {
        String(TextSanitizer().cleanLine(text).prefix(30))
    }
}
