import Foundation

/// One evening of one schedule: the bedtime instant and the family's date it belongs to.
public struct BedtimeOccurrence: Sendable, Hashable {
    public var scheduleID: String
    /// The family's date of the evening, `2026-03-29`: the key that makes it happen once.
    public var evening: String
    /// When page 1 is due.
    public var instant: Date

    public init(scheduleID: String, evening: String, instant: Date) {
        self.scheduleID = scheduleID
        self.evening = evening
        self.instant = instant
    }
}

/// When a schedule's bedtimes fall, on the family's clock. Pure: the time zone and "now" are given.
///
/// Daylight-saving days, decided:
/// - a time the clocks skip (02:30 on a spring-forward night in Europe/Berlin) is moved later by
///   the jump: 03:30 that evening, never skipped and never the evening before;
/// - a time that happens twice (01:30 on a fall-back night in America/New_York) is the first of
///   the two; the evening key (the family's date) makes the second one the same evening, so the
///   story is posted once.
public struct BedtimeCalendar: Sendable {
    public let zone: TimeZone

    public init(zone: TimeZone) {
        self.zone = zone
    }

    /// The first bedtime of `schedule` strictly after `date`; nil only for a schedule with no days.
    public func next(_ schedule: BedtimeSchedule, after date: Date) -> BedtimeOccurrence? {
        first(of: schedule, from: date) { $0 > date }
    }

    /// The latest bedtime of `schedule` at or before `date`, looking back at most a week.
    public func latest(_ schedule: BedtimeSchedule, atOrBefore date: Date) -> BedtimeOccurrence? {
        let today = localDay(of: date)
        for back in 0...8 {
            let day = today - back
            guard schedule.days.includes(weekday: Self.weekday(ofDay: day)) else { continue }
            let instant = instant(day: day, time: schedule.time)
            if instant <= date { return BedtimeOccurrence(scheduleID: schedule.id, evening: Self.key(ofDay: day), instant: instant) }
        }
        return nil
    }

    private func first(of schedule: BedtimeSchedule, from date: Date, where accept: (Date) -> Bool) -> BedtimeOccurrence? {
        let today = localDay(of: date)
        for ahead in -1...8 {
            let day = today + ahead
            guard schedule.days.includes(weekday: Self.weekday(ofDay: day)) else { continue }
            let instant = instant(day: day, time: schedule.time)
            if accept(instant) { return BedtimeOccurrence(scheduleID: schedule.id, evening: Self.key(ofDay: day), instant: instant) }
        }
        return nil
    }

    /// The instant of `time` on the local day `day` (days since 1970-01-01 on the family's calendar).
    func instant(day: Int, time: BedtimeTime) -> Date {
        let local = TimeInterval(day * 86_400 + time.minutes * 60)
        // The offsets around that wall time: one on an ordinary day, two on a change.
        let before = zone.secondsFromGMT(for: Date(timeIntervalSince1970: local - 86_400))
        let after = zone.secondsFromGMT(for: Date(timeIntervalSince1970: local + 86_400))
        let candidates = Set([before, after]).map { Date(timeIntervalSince1970: local - TimeInterval($0)) }
            .filter { zone.secondsFromGMT(for: $0) == Int(local - $0.timeIntervalSince1970) }
        if let earliest = candidates.min() { return earliest }
        // Skipped by the clocks: read on the earlier offset, which lands after the jump (02:30 → 03:30).
        return Date(timeIntervalSince1970: local - TimeInterval(before))
    }

    /// The family's day number (days since 1970-01-01 on its calendar) containing `date`.
    func localDay(of date: Date) -> Int {
        let local = date.timeIntervalSince1970 + TimeInterval(zone.secondsFromGMT(for: date))
        return Int((local / 86_400).rounded(.down))
    }

    /// 1 Sunday … 7 Saturday (1970-01-01 was a Thursday).
    static func weekday(ofDay day: Int) -> Int {
        ((day + 4) % 7 + 7) % 7 + 1
    }

    /// `yyyy-MM-dd` of a day number.
    static func key(ofDay day: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: TimeInterval(day) * 86_400))
        return String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }
}
