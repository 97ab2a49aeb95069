import Foundation

/// A moment as a family reads it on its own clock (its time zone setting): "today at 21:30",
/// "tomorrow at 00:00", "on Monday at 07:00". Never "midnight UTC".
enum LocalTimeText {
    /// When `date` comes, seen from `now`, in `zone`.
    static func when(_ date: Date, now: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        calendar.locale = Locale(identifier: "en_US_POSIX") // the replies' words are English
        let parts = calendar.dateComponents([.hour, .minute, .weekday], from: date)
        let time = String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
        let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: now), to: calendar.startOfDay(for: date)).day ?? 0
        switch days {
        case ...0: return "today at \(time)"
        case 1: return "tomorrow at \(time)"
        default:
            let weekday = calendar.weekdaySymbols[((parts.weekday ?? 1) - 1 + 7) % 7]
            return "on \(weekday) at \(time)"
        }
    }

    /// "tomorrow at 00:00 (in 3 h)": when, and how long until then.
    static func whenWithWait(_ date: Date, waitSeconds: Int, in zone: TimeZone) -> String {
        "\(when(date, now: date.addingTimeInterval(-TimeInterval(waitSeconds)), in: zone)) (\(FriendlyErrors.waitText(waitSeconds)))"
    }
}
