import Foundation

/// How long an invite lasts and how many times it may be used, read from what people type
/// (`7d`, `12h`, `30m`, `2w`; a number of uses).
public struct InviteTerms: Sendable, Equatable {
    public static let lifetimes: ClosedRange<TimeInterval> = 600...(90 * 86_400)
    public static let uses: ClosedRange<Int> = 1...100
    /// Seven days, one use: a link for one person this week.
    public static let standard = InviteTerms(lifetime: 7 * 86_400, uses: 1)

    public var lifetime: TimeInterval
    public var uses: Int

    public init(lifetime: TimeInterval, uses: Int) {
        self.lifetime = lifetime
        self.uses = uses
    }

    /// Terms from typed text; nil leaves the standard value. Throws a kind error for anything else.
    public init(expires: String?, uses: String?) throws(RoomAccessError) {
        self = .standard
        if let expires = expires?.trimmingCharacters(in: .whitespaces), !expires.isEmpty {
            guard let seconds = Self.seconds(in: expires), Self.lifetimes.contains(seconds) else { throw .badLifetime }
            lifetime = seconds
        }
        if let uses = uses?.trimmingCharacters(in: .whitespaces), !uses.isEmpty {
            guard let count = Int(uses.prefix(6)), Self.uses.contains(count) else { throw .badUses }
            self.uses = count
        }
    }

    /// `90s`, `30m`, `12h`, `7d`, `2w` (a bare number is days).
    static func seconds(in text: String) -> TimeInterval? {
        let lower = text.lowercased()
        let units: [(String, TimeInterval)] = [("w", 604_800), ("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)]
        for (suffix, scale) in units where lower.hasSuffix(suffix) {
            return Double(lower.dropLast()).map { $0 * scale }.flatMap { $0.isFinite ? $0 : nil }
        }
        return Double(lower).map { $0 * 86_400 }.flatMap { $0.isFinite ? $0 : nil }
    }

    /// `7 days`, `12 hours`, `30 minutes`.
    public static func describe(_ seconds: TimeInterval) -> String {
        func plural(_ value: Int, _ unit: String) -> String { "\(value) \(unit)\(value == 1 ? "" : "s")" }
        if seconds >= 86_400, seconds.truncatingRemainder(dividingBy: 86_400) == 0 { return plural(Int(seconds / 86_400), "day") }
        if seconds >= 3_600, seconds.truncatingRemainder(dividingBy: 3_600) == 0 { return plural(Int(seconds / 3_600), "hour") }
        return plural(Int((seconds / 60).rounded()), "minute")
    }
}
