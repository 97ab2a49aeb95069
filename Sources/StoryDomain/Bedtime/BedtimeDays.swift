import Foundation

/// The evenings a bedtime schedule runs: every day, weekdays (Monday–Friday), weekends, or named days.
public enum BedtimeDays: Sendable, Hashable, Codable {
    case everyDay
    case weekdays
    case weekends
    /// Calendar weekday numbers: 1 Sunday … 7 Saturday.
    case named(Set<Int>)

    /// English day names, Sunday first, as Calendar numbers them (index + 1).
    static let dayNames = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

    /// Reads `every day`, `daily`, `weekdays`, `school nights`, `weekends`, or day names and
    /// abbreviations (`mon, wed, fri`, `Saturday and Sunday`); nil for anything else.
    public init?(parsing typed: String) {
        let text = typed.lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
        let squashed = text.filter { $0.isLetter }
        switch squashed {
        case "", "everyday", "daily", "everynight", "all", "alldays", "always": self = .everyDay; return
        case "weekdays", "weekday", "schooldays", "schoolnights", "mondaytofriday", "montofri": self = .weekdays; return
        case "weekends", "weekend", "weekendsonly": self = .weekends; return
        default: break
        }
        let words = text.split { !$0.isLetter }.map(String.init).filter { $0 != "and" && $0 != "on" }
        guard !words.isEmpty, words.count <= 7 else { return nil }
        var days = Set<Int>()
        for word in words {
            let singular = word.hasSuffix("s") && word.count > 3 && Self.dayNames.contains(String(word.dropLast())) ? String(word.dropLast()) : word
            guard singular.count >= 2,
                  let index = Self.dayNames.firstIndex(where: { $0 == singular || ($0.hasPrefix(singular) && singular.count >= 3)
                      || (singular.count == 2 && $0.hasPrefix(singular) && ["mo", "tu", "we", "th", "fr", "sa", "su"].contains(singular)) })
            else { return nil }
            days.insert(index + 1)
        }
        self = Self.normalized(days)
    }

    /// The same days, named by the simplest form (`mon…fri` is weekdays).
    static func normalized(_ days: Set<Int>) -> BedtimeDays {
        switch days {
        case Set(1...7): .everyDay
        case Set(2...6): .weekdays
        case [1, 7]: .weekends
        default: .named(days)
        }
    }

    /// Whether the schedule runs on a Calendar weekday (1 Sunday … 7 Saturday).
    public func includes(weekday: Int) -> Bool {
        switch self {
        case .everyDay: true
        case .weekdays: (2...6).contains(weekday)
        case .weekends: weekday == 1 || weekday == 7
        case let .named(days): days.contains(weekday)
        }
    }

    /// `every day`, `weekdays`, `weekends`, `Mon, Wed, Fri` (Monday first).
    public var displayName: String {
        switch self {
        case .everyDay: "every day"
        case .weekdays: "weekdays"
        case .weekends: "weekends"
        case let .named(days):
            [2, 3, 4, 5, 6, 7, 1].filter(days.contains).map { Self.dayNames[$0 - 1].prefix(3).capitalized }.joined(separator: ", ")
        }
    }

    /// How it is stored: `every`, `weekdays`, `weekends`, or day numbers `2,4,6`.
    public var storedValue: String {
        switch self {
        case .everyDay: "every"
        case .weekdays: "weekdays"
        case .weekends: "weekends"
        case let .named(days): days.sorted().map(String.init).joined(separator: ",")
        }
    }

    /// Reads ``storedValue``; nil for a value no version wrote.
    public init?(stored: String) {
        switch stored {
        case "every": self = .everyDay
        case "weekdays": self = .weekdays
        case "weekends": self = .weekends
        default:
            let days = stored.split(separator: ",").compactMap { Int($0) }
            guard !days.isEmpty, days.allSatisfy((1...7).contains) else { return nil }
            self = .named(Set(days))
        }
    }
}
