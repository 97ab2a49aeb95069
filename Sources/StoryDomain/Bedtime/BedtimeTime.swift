import Foundation

/// A time of day on the family's clock (`19:30`, `7:30pm`, `7pm`), minutes past midnight.
public struct BedtimeTime: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public let hour: Int
    public let minute: Int

    /// - Returns: nil outside 00:00–23:59.
    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// Reads `19:30`, `19.30`, `7:30 pm`, `7pm`, `19h30`; nil for anything else.
    public init?(parsing typed: String) {
        var text = typed.lowercased().filter { !$0.isWhitespace }
        var meridiem: String?
        for suffix in ["am", "pm", "a.m.", "p.m."] where text.hasSuffix(suffix) {
            meridiem = String(suffix.prefix(1))
            text.removeLast(suffix.count)
            break
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).flatMap { $0.split(separator: ".") }
            .flatMap { $0.split(separator: "h", omittingEmptySubsequences: false) }
        guard (1...2).contains(parts.count), parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isASCII) }),
              var hour = Int(parts[0]), let minute = parts.count == 2 ? Int(parts[1]) : 0
        else { return nil }
        if parts.count == 2, parts[1].count != 2 { return nil }
        if let meridiem {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (meridiem == "p" ? 12 : 0)
        } else if parts.count == 1 {
            return nil // "7" alone: morning or evening? Asked again kindly.
        }
        self.init(hour: hour, minute: minute)
    }

    /// Minutes since midnight.
    public var minutes: Int { hour * 60 + minute }

    /// `19:30`.
    public var description: String { String(format: "%02d:%02d", hour, minute) }

    public static func < (lhs: BedtimeTime, rhs: BedtimeTime) -> Bool { lhs.minutes < rhs.minutes }
}
