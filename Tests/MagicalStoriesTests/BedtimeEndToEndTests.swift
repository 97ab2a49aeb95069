import Foundation
import MagicalStories
import StoryDomain
import StoryStore
import StoryTestSupport
import Testing
import WebChat

/// Tonight's story on time, through the web chat on a real SQLite file and a manual clock: a
/// grown-up sets a bedtime, the story is made 5 minutes ahead, the service restarts between
/// "made" and "posted", and at the minute the room gets "🌙 Story time!" with page 1, once.
@Suite("Bedtime end to end: the web chat, a real SQLite file, a restart between made and posted", .serialized)
struct BedtimeEndToEndTests {
    @Test("set at 08:00 for 08:10 (UTC): made at 08:05, restarted, posted at 08:10 with page 1, once")
    func onTimeAcrossARestart() async throws {
        // 2027-01-15 08:00:00 UTC.
        let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-bedtime-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }

        let first = try await TestApp.start(directory: directory, clock: clock)
        let anna = try await ChatTestClient.join(first, room: "family", name: "Anna")
        _ = try await anna.next("history") { $0.type == "history" }
        let family = FamilyRef(platform: .web, externalID: try #require(anna.member).room)
        try await anna.say("/settings set timezone:UTC")
        _ = try await anna.next("settings saved") { $0.message?.isPrivate == true }
        try await anna.say("/bedtime set time:08:10")
        let confirmed = try await anna.next("bedtime set") { $0.message?.text?.contains("Bedtime is set") == true }
        #expect(confirmed.message?.isPrivate == true, "told to the grown-up only")
        #expect(confirmed.message?.text?.contains("today at 08:10") == true)

        let store = SQLiteBedtimeScheduleStore(database: try #require(first.app.database), clock: clock)
        let schedule = try #require(try await store.schedules(of: family).first)
        #expect(schedule.owner.userID == anna.userID)

        // 5 minutes ahead: made in the background, nothing shown in the room.
        clock.advance(by: 5 * 60)
        var made: StoryID?
        try await eventually("tonight's story is made", timeout: .seconds(60)) {
            made = try await store.evening(schedule.id, evening: "2027-01-15")?.storyID
            return made != nil
        }
        let storyID = try #require(made)
        try await waitUntilReady(first.app.stories, id: storyID.rawValue, family: family)
        #expect(try await store.evening(schedule.id, evening: "2027-01-15")?.postedAt == nil)
        await anna.close()
        await first.stop()

        // A new process on the same file, between made and posted.
        let second = try await TestApp.start(directory: directory, clock: clock)
        let ben = try await ChatTestClient.join(second, room: "family", name: "Ben")
        let history = try await ben.next("history") { $0.type == "history" }
        #expect(history.messages?.contains { $0.text?.contains("Story time") == true } != true, "not posted before bedtime")
        clock.advance(by: 5 * 60)
        let posted = try await ben.next("🌙 Story time at 08:10") { $0.message?.text?.contains("🌙 Story time!") == true }
        #expect(posted.message?.page?.storyId == storyID.rawValue && posted.message?.page?.pageNumber == 1)
        #expect(posted.message?.isPrivate == false)
        let reopened = SQLiteBedtimeScheduleStore(database: try #require(second.app.database), clock: clock)
        #expect(try await reopened.evening(schedule.id, evening: "2027-01-15")?.postedAt == clock.now())
        #expect(try await reopened.markPosted(schedule.id, evening: "2027-01-15", at: clock.now()) == false, "posted once")
        await ben.close()
        await second.stop()
    }
}
