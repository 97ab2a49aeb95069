import Foundation
import StoryDomain
import Testing

/// What a grown-up types into `/bedtime set`: times, days, the story and its theme, the family's
/// limit, and which schedule `/bedtime off` means.
@Suite("Bedtime schedules: typed values and kind refusals")
struct BedtimeScheduleRulesTests {
    let family = FamilyRef(platform: "web", externalID: "family")
    let owner = Requester(userID: "u-mum", displayName: "Mum")
    let rules = BedtimeScheduleRules()

    func schedule(_ typed: BedtimeScheduleRules.Typed, id: String = "s1", channel: String = "family") throws -> BedtimeSchedule {
        try rules.schedule(typed, id: id, family: family, channelID: channel, owner: owner, at: Date(timeIntervalSince1970: 0))
    }

    @Test("times: 19:30, 7:30pm, 7 pm, 19.30, 19h30, 00:05; refused: 25:00, 7, 19:3, 13pm, words")
    func times() {
        #expect(BedtimeTime(parsing: "19:30") == BedtimeTime(hour: 19, minute: 30))
        #expect(BedtimeTime(parsing: "7:30pm") == BedtimeTime(hour: 19, minute: 30))
        #expect(BedtimeTime(parsing: "7 pm") == BedtimeTime(hour: 19, minute: 0))
        #expect(BedtimeTime(parsing: "12am") == BedtimeTime(hour: 0, minute: 0))
        #expect(BedtimeTime(parsing: "19.30") == BedtimeTime(hour: 19, minute: 30))
        #expect(BedtimeTime(parsing: "19h30") == BedtimeTime(hour: 19, minute: 30))
        #expect(BedtimeTime(parsing: "00:05")?.description == "00:05")
        for bad in ["25:00", "7", "19:3", "13pm", "half past seven", "", "19:60", "١٩:٣٠"] {
            #expect(BedtimeTime(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test("days: every day, weekdays, weekends, school nights, named days (abbreviated, plural); Mon–Fri is weekdays")
    func days() {
        #expect(BedtimeDays(parsing: "every day") == .everyDay)
        #expect(BedtimeDays(parsing: "weekdays") == .weekdays)
        #expect(BedtimeDays(parsing: "school nights") == .weekdays)
        #expect(BedtimeDays(parsing: "weekends") == .weekends)
        #expect(BedtimeDays(parsing: "mon, wed, fri") == .named([2, 4, 6]))
        #expect(BedtimeDays(parsing: "Saturday and Sunday") == .weekends)
        #expect(BedtimeDays(parsing: "fridays") == .named([6]))
        #expect(BedtimeDays(parsing: "mon tue wed thu fri") == .weekdays)
        #expect(BedtimeDays(parsing: "funday") == nil)
        #expect(BedtimeDays.named([2, 4, 6]).displayName == "Mon, Wed, Fri")
        for days in [BedtimeDays.everyDay, .weekdays, .weekends, .named([1, 3])] {
            #expect(BedtimeDays(stored: days.storedValue) == days)
        }
        #expect(!BedtimeDays.weekdays.includes(weekday: 1) && BedtimeDays.weekdays.includes(weekday: 6))
    }

    @Test("a schedule: the next chapter by default; a theme makes it a new story; bad values are named kindly")
    func typed() throws {
        let plain = try schedule(.init(time: "19:30"))
        #expect(plain.story == .continueChain && plain.days == .everyDay && plain.time.description == "19:30")
        #expect(try schedule(.init(time: "19:30", story: "new")).story == .new(theme: nil))
        #expect(try schedule(.init(time: "19:30", story: "new", theme: "  a sleepy   owl ")).story == .new(theme: "a sleepy owl"))
        #expect(try schedule(.init(time: "19:30", theme: "moon boats")).story == .new(theme: "moon boats"))
        #expect(throws: BedtimeScheduleError.badTime("half seven")) { try schedule(.init(time: "half seven")) }
        #expect(throws: BedtimeScheduleError.badDays("someday")) { try schedule(.init(time: "19:30", days: "someday")) }
        #expect(throws: BedtimeScheduleError.badStory) { try schedule(.init(time: "19:30", story: "poem")) }
    }

    @Test("strange text in a theme is refused: links, mentions, markup, hidden characters, no letters, too long")
    func strangeText() {
        for theme in ["see https://example.com", "<@123> story", "@everyone", "`code`", "dragons\u{202E}", "1234 !!!",
                      String(repeating: "owl ", count: 30)] {
            #expect(throws: BedtimeScheduleError.strangeText, "\(theme)") { try schedule(.init(time: "19:30", story: "new", theme: theme)) }
        }
    }

    @Test("at most 3 schedules a family (configurable); the same time, days and place twice is refused")
    func limit() throws {
        let existing = try (1...3).map { try schedule(.init(time: "19:0\($0)"), id: "s\($0)") }
        #expect(throws: BedtimeScheduleError.tooMany(limit: 3)) { try rules.checkRoom(for: try schedule(.init(time: "20:00")), among: existing) }
        #expect(throws: Never.self) { try BedtimeScheduleRules(maxSchedules: 4).checkRoom(for: try schedule(.init(time: "20:00")), among: existing) }
        #expect(throws: BedtimeScheduleError.duplicate(BedtimeTime(hour: 19, minute: 1)!)) {
            try rules.checkRoom(for: try schedule(.init(time: "7:01pm"), id: "again"), among: existing)
        }
        #expect(throws: Never.self, "another place") {
            try BedtimeScheduleRules(maxSchedules: 4).checkRoom(for: try schedule(.init(time: "19:01"), channel: "other"), among: existing)
        }
    }

    @Test("which schedule `/bedtime off` means: the only one, a number, a time, an id; otherwise asked kindly")
    func which() throws {
        let one = try schedule(.init(time: "19:30"), id: "aaa")
        let two = try schedule(.init(time: "20:15"), id: "bbb")
        #expect(try rules.chosen("", among: [one]) == one)
        #expect(throws: BedtimeScheduleError.whichOne(count: 2)) { try rules.chosen("", among: [one, two]) }
        #expect(try rules.chosen("2", among: [one, two]) == two)
        #expect(try rules.chosen("#1", among: [one, two]) == one)
        #expect(try rules.chosen("8:15pm", among: [one, two]) == two)
        #expect(try rules.chosen("bbb", among: [one, two]) == two)
        #expect(throws: BedtimeScheduleError.noSuchSchedule("7")) { try rules.chosen("7", among: [one, two]) }
        #expect(throws: BedtimeScheduleError.noSchedules) { try rules.chosen("", among: []) }
    }
}
