import StoryDomain

extension FriendlyErrors {
    static func text(for error: BedtimeScheduleError, on platform: any ChatPlatform) -> String {
        switch error {
        case let .badTime(typed):
            "🕰️ “\(typed)” isn't a time I can read. Try `time:19:30` or `time:7:30pm` (your family's clock)."
        case let .badDays(typed):
            "📅 I couldn't read the days “\(typed)”. Use `every day`, `weekdays`, `weekends`, or days such as `mon,wed,fri`."
        case .badStory: "📖 `story:` can be `continue` (the next chapter of your newest story) or `new`."
        case .badPlace:
            platform.hasRooms ? "🏠 Bedtime stories here are posted in this room — leave out `where:`."
                : "📍 `where:` should be a channel, e.g. `where:#bedtime`, or leave it out for this one."
        case .strangeText: "🙈 That theme has something I can't use in a story (a link, a mention or odd characters). Try a few plain words."
        case let .tooMany(limit):
            "🌙 Your family has \(limit) bedtimes already, the most it can have. `/bedtime off` stops one first."
        case let .duplicate(time): "🌙 There's already a bedtime at **\(time)** on those days here."
        case let .noSuchSchedule(typed): "🔎 I couldn't find the bedtime “\(typed)”. `/bedtime show` lists them with their numbers."
        case let .whichOne(count): "🌙 You have \(count) bedtimes: which one? e.g. `/bedtime off 2`, or `/bedtime off all`."
        case .noSchedules: "🌙 There are no bedtimes to stop. `/bedtime set time:19:30` makes one."
        case .notSetUp: "🌙 Bedtime stories aren't switched on for this service yet. Ask \(platform.installRunner)."
        }
    }
}
