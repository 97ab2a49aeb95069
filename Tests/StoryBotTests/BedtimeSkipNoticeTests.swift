import Foundation
import Logging
import StoryBot
import StoryDomain
import StoryTestSupport
import Testing

/// A bedtime the service was down through (more than 30 minutes late), or whose story could not
/// be made, is told to the grown-ups once, as short private lines with their next command's
/// private answer; children and public answers never carry it. Time runs on the injected clock.
@Suite("Bedtime: a skipped evening told to the grown-ups next time, privately")
struct BedtimeSkipNoticeTests {
    static let family = FamilyRef(platform: "web", externalID: "family")
    let services = FamilyServices()
    let schedules = InMemoryBedtimeScheduleStore()
    let transport = RecordingTransport()
    let scheduling: BedtimeScheduling
    let router: CommandRouter

    init() {
        scheduling = BedtimeScheduling(store: schedules, clock: services.clock)
        let routed = CommandRouter.Services(stories: services.stories, collections: services.collections, policy: services.policy,
                                            admins: [], familyData: services.store, platforms: RouterHarness.platforms, bedtime: scheduling)
        router = CommandRouter(services: routed, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    var runner: BedtimeRunner {
        BedtimeRunner(scheduling: scheduling, maker: BedtimeStoryMaker(stories: services.stories, policy: services.policy, cast: nil),
                      stories: services.stories, policy: services.policy, transports: [transport], clock: services.clock, claimant: "p1",
                      logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    /// A grown-up's (or a child's) command typed in the web chat: its replies.
    func say(_ text: String, child: Bool = false) async throws -> [ChatReply] {
        let responder = RecordingResponder(deliveryAddress: DeliveryAddress(platform: "web", channelID: "family", messageID: "m"))
        let context = ChatContext(family: Self.family, channelID: "family", user: RouterHarness.parent, isManager: !child, isChild: child)
        await router.handle(.command(try CommandParser().parse(text)), context: context, responder: responder)
        return responder.replies
    }

    /// Sets a bedtime 10 minutes from now (UTC) and lets the clock run `late` past it with the service down.
    func missBedtime(by late: TimeInterval) async throws -> BedtimeOccurrence {
        let soon = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: services.clock.now().addingTimeInterval(600))
        let time = try #require(BedtimeTime(hour: soon.hour!, minute: soon.minute!))
        let set = try await say("/bedtime set time:\(time)")
        #expect(set.only?.text?.contains("Bedtime is set") == true)
        let schedule = try #require(try await schedules.schedules(of: Self.family).only)
        let evening = try #require(BedtimeCalendar(zone: TimeZone(identifier: "UTC")!).next(schedule, after: services.clock.now()))
        services.clock.advance(by: evening.instant.timeIntervalSince(services.clock.now()) + late)
        _ = await runner.round()
        return evening
    }

    @Test("down more than 30 minutes past bedtime: a child's command says nothing of it; the grown-up's next private answer does, once")
    func missedWhileDown() async throws {
        let evening = try await missBedtime(by: 31 * 60)
        #expect(transport.delivered.all.isEmpty, "nothing posted in the room")

        let child = try await say("/help", child: true)
        #expect(!child.contains { $0.text?.contains("For the grown-ups") == true }, "never to the children")

        let grownUp = try #require(try await say("/settings show").only)
        #expect(grownUp.isPrivate)
        let text = try #require(grownUp.text)
        #expect(text.hasPrefix("✅") || text.contains("Parental controls"), "the answer itself comes first")
        #expect(text.hasSuffix("⚠️ The bedtime story of \(evening.evening) at \(try #require(try await schedules.allSchedules().only).time) was not posted: I was not running at bedtime "
            + "(more than 30 minutes late, so it was left for tomorrow)."))
        #expect(text.contains("🌙 For the grown-ups:"))

        let again = try #require(try await say("/settings show").only)
        #expect(again.text?.contains("For the grown-ups") == false, "told once")
        #expect(try await say("/bedtime show").only?.text?.contains("was not posted") == false)
    }

    @Test("at most 30 minutes late is no skip: posted, and nothing to tell")
    func lateButPosted() async throws {
        _ = try await missBedtime(by: 30 * 60)
        #expect(try await schedules.untoldSkips(of: Self.family).isEmpty)
        #expect(try #require(try await say("/settings show").only).text?.contains("For the grown-ups") == false)
    }

    @Test("a story that could not be made: the room sees nothing, the grown-up's next private answer says so")
    func failureToGrownUps() async throws {
        for index in 1...3 {
            _ = try await services.store.createStory(StoryFixtures.story("used\(index)", family: Self.family, requester: RouterHarness.parent,
                                                                        createdAt: services.clock.now()),
                                                     delivery: StoryFixtures.delivery(), quota: DailyQuota(storiesPerDay: 3))
        }
        _ = try await missBedtime(by: -4 * 60) // 4 minutes before: due to be made, and the owner's quota is used up
        services.clock.advance(by: 5 * 60)
        _ = await runner.round()
        #expect(transport.delivered.all.isEmpty)
        let told = try #require(try await say("/settings show").only?.text)
        #expect(told.contains("was not posted: the story could not be made."))
    }
}
