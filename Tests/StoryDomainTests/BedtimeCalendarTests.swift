import Foundation
import StoryDomain
import Testing

/// When bedtimes fall on the family's clock, across daylight-saving changes in both hemispheres.
@Suite("Bedtime calendar: the next bedtime in the family's zone, daylight-saving days")
struct BedtimeCalendarTests {
    static func utc(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: text)!
    }

    func schedule(_ time: String, days: BedtimeDays = .everyDay) -> BedtimeSchedule {
        BedtimeSchedule(id: "s1", family: FamilyRef(platform: "web", externalID: "f"), channelID: "f", time: BedtimeTime(parsing: time)!,
                        days: days, story: .continueChain, owner: Requester(userID: "u", displayName: "U"), createdAt: .distantPast)
    }

    func calendar(_ zone: String) -> BedtimeCalendar { BedtimeCalendar(zone: TimeZone(identifier: zone)!) }

    @Test("Europe/Berlin, spring forward: 19:30 stays 19:30 on the family's clock (18:30 UTC, then 17:30 UTC)")
    func berlinSpring() throws {
        let berlin = calendar("Europe/Berlin")
        let first = try #require(berlin.next(schedule("19:30"), after: Self.utc("2026-03-28T12:00:00Z")))
        #expect(first.instant == Self.utc("2026-03-28T18:30:00Z") && first.evening == "2026-03-28")
        let second = try #require(berlin.next(schedule("19:30"), after: first.instant))
        #expect(second.instant == Self.utc("2026-03-29T17:30:00Z") && second.evening == "2026-03-29")
    }

    @Test("Europe/Berlin, 02:30 the clocks skip: moved later by the jump, to 03:30 that night")
    func berlinSkipped() throws {
        let night = try #require(calendar("Europe/Berlin").next(schedule("02:30"), after: Self.utc("2026-03-28T12:00:00Z")))
        #expect(night.instant == Self.utc("2026-03-29T01:30:00Z") && night.evening == "2026-03-29")
        // Autumn: 02:30 happens twice; the first one counts.
        let autumn = try #require(calendar("Europe/Berlin").next(schedule("02:30"), after: Self.utc("2026-10-24T12:00:00Z")))
        #expect(autumn.instant == Self.utc("2026-10-25T00:30:00Z") && autumn.evening == "2026-10-25")
    }

    @Test("America/New_York, fall back: 01:30 happens twice, the first is the evening's, never a second post")
    func newYorkTwice() throws {
        let newYork = calendar("America/New_York")
        let first = try #require(newYork.next(schedule("01:30"), after: Self.utc("2026-10-31T12:00:00Z")))
        #expect(first.instant == Self.utc("2026-11-01T05:30:00Z") && first.evening == "2026-11-01")
        let after = try #require(newYork.next(schedule("01:30"), after: first.instant))
        #expect(after.evening == "2026-11-02" && after.instant == Self.utc("2026-11-02T06:30:00Z"), "not the second 01:30 of Nov 1")
        // Spring: 19:30 EST then EDT.
        let march = try #require(newYork.next(schedule("19:30"), after: Self.utc("2026-03-08T12:00:00Z")))
        #expect(march.instant == Self.utc("2026-03-08T23:30:00Z"))
        #expect(newYork.latest(schedule("19:30"), atOrBefore: Self.utc("2026-03-08T23:45:00Z"))?.instant == march.instant)
    }

    @Test("Australia/Sydney, the southern hemisphere: 02:30 skipped in October is 03:30; April's 19:30 moves from UTC+11 to +10")
    func sydney() throws {
        let sydney = calendar("Australia/Sydney")
        let spring = try #require(sydney.next(schedule("02:30"), after: Self.utc("2026-10-03T00:00:00Z")))
        #expect(spring.instant == Self.utc("2026-10-03T16:30:00Z") && spring.evening == "2026-10-04")
        let before = try #require(sydney.next(schedule("19:30"), after: Self.utc("2026-04-04T00:00:00Z")))
        #expect(before.instant == Self.utc("2026-04-04T08:30:00Z"))
        let after = try #require(sydney.next(schedule("19:30"), after: before.instant))
        #expect(after.instant == Self.utc("2026-04-05T09:30:00Z") && after.evening == "2026-04-05")
    }

    @Test("days: weekdays skip the weekend; named days; UTC")
    func days() throws {
        let utc = calendar("UTC")
        // 2026-11-27 is a Friday.
        let monday = try #require(utc.next(schedule("19:30", days: .weekdays), after: Self.utc("2026-11-27T20:00:00Z")))
        #expect(monday.evening == "2026-11-30")
        let saturday = try #require(utc.next(schedule("08:00", days: .named([7])), after: Self.utc("2026-11-27T20:00:00Z")))
        #expect(saturday.instant == Self.utc("2026-11-28T08:00:00Z"))
        #expect(utc.next(schedule("19:30", days: .named([])), after: Self.utc("2026-11-27T20:00:00Z")) == nil)
    }
}
