/// A `/bedtime` command that cannot be done, answered kindly.
public enum BedtimeScheduleError: Error, Sendable, Equatable {
    /// `time:` is not a time of day (the typed text, shortened).
    case badTime(String)
    /// `days:` names no days.
    case badDays(String)
    /// `story:` neither `continue` nor `new`.
    case badStory
    /// `where:` is not this chat or a channel here.
    case badPlace
    /// `theme:` has text that cannot go near a story (links, mentions, hidden characters, too long).
    case strangeText
    /// The family already has this many schedules.
    case tooMany(limit: Int)
    /// Another schedule already posts at this time, on these days, here.
    case duplicate(BedtimeTime)
    /// `/bedtime off which:` names no schedule.
    case noSuchSchedule(String)
    /// `/bedtime off` with several schedules and no `which`.
    case whichOne(count: Int)
    /// Nothing to show or turn off.
    case noSchedules
    /// The service runs no bedtime scheduler.
    case notSetUp
}
