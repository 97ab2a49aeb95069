import Foundation
import MagicalStories
import PostgresTestSupport
import StoryDomain
import StoryStorePostgres
import StoryTestSupport
import Testing
import WebChat

/// Bedtime with a grown-up's yes, end to end: two service instances on one PostgreSQL (both
/// running the bedtime runner and the approval desk on one manual clock), the web chat over real
/// WebSockets. Tonight's story is made 30 minutes ahead, shown to the grown-up only, approved,
/// and posted at the minute exactly once.
@Suite("Bedtime with approval end to end: two instances on one PostgreSQL, a manual clock", .serialized)
struct BedtimeApprovalEndToEndTests {
    @Test("set for 08:40 at 08:00 (UTC): made at 08:10, shown to the grown-up only, ✅ at 08:20, posted at 08:40 once")
    func approvedBeforeBedtime() async throws {
        let databaseURL = try await PostgresTestCluster.shared.makeDatabase()
        func sql(_ query: String) async throws -> [[String]] { try await PostgresTestCluster.shared.query(query, in: databaseURL) }
        let url = try PostgresURL(parsing: databaseURL)
        // 2027-01-15 08:00:00 UTC.
        let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))
        let first = try await TestApp.start(clock: clock) { $0.databaseURL = url }
        let second = try await TestApp.start(clock: clock) { $0.databaseURL = url }
        let anna = try await ChatTestClient.join(first, room: "family", name: "Anna")
        let leo = try await ChatTestClient.join(first, room: "family", name: "Leo", role: .child)
        _ = try await anna.next("history") { $0.type == "history" }
        try await anna.say("/settings set timezone:UTC")
        _ = try await anna.next("time zone saved") { $0.message?.isPrivate == true }
        try await anna.say("/settings set approval:on")
        _ = try await anna.next("approval on") { $0.message?.text?.contains("A grown-up says yes first: on") == true }
        try await anna.say("/bedtime set time:08:40")
        _ = try await anna.next("bedtime set") { $0.message?.text?.contains("Bedtime is set") == true }

        // 08:10, 30 minutes ahead: made once, held, and shown to the grown-up alone.
        clock.advance(by: 10 * 60)
        let bubble = try await anna.next("tonight's story, privately", timeout: .seconds(120)) {
            $0.message?.text?.contains("Tonight's bedtime story") == true && $0.message?.buttons.last?.first?.label == "✅ Share"
        }
        let message = try #require(bubble.message)
        #expect(try await sql("SELECT count(*) FROM story") == [["1"]], "made once")
        #expect(try await sql("SELECT kind, state FROM story_approval") == [["bedtime", "waiting"]])

        clock.advance(by: 10 * 60)
        try await anna.press(try #require(message.buttons.last?.first).id, on: message.id)
        _ = try await anna.next("kept for bedtime") { $0.message?.text?.contains("it will be posted at bedtime") == true }
        let seenByLeo = await leo.all()
        #expect(!seenByLeo.contains { $0.message?.page != nil || $0.message?.text?.contains("Tonight's bedtime story") == true },
                "the child saw nothing before bedtime")

        // 08:40: one of the two instances posts it.
        clock.advance(by: 20 * 60)
        let posted = try await leo.next("🌙 Story time at 08:40", timeout: .seconds(60)) { $0.message?.text?.contains("🌙 Story time!") == true }
        #expect(posted.message?.page?.storyId == message.page?.storyId && posted.message?.page?.pageNumber == 1)
        #expect(posted.message?.isPrivate == false)
        // The runners look at the held evening again within a minute and mark it posted.
        try await eventually("the evening marked posted", timeout: .seconds(90)) {
            clock.advance(by: 1)
            return try await sql("SELECT posted_at IS NOT NULL, skipped_at IS NULL FROM bedtime_evening") == [["t", "t"]]
        }
        #expect(try await sql("SELECT state FROM story_approval") == [["shared"]])
        let later = try await ChatTestClient.join(first, room: "family", name: "Mia", role: .child)
        let history = try await later.next("history") { $0.type == "history" }
        #expect(history.messages?.filter { $0.text?.contains("🌙 Story time!") == true }.count == 1, "posted once")

        for client in [anna, leo, later] { await client.close() }
        await first.stop()
        await second.stop()
        first.removeFiles()
        second.removeFiles()
    }
}
