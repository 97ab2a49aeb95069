import Foundation
import Logging
import StoryBot
import StoryDomain
import StoryTestSupport
import Testing

/// The bedtime runner over in-memory fakes and a manual clock: made ahead on the owner's quota,
/// posted at the minute once (also with two runners on one store), a missed bedtime skipped and
/// told to the grown-ups, a failure never shown in the room.
@Suite("Bedtime runner: made ahead, posted once at the minute, failures to the grown-ups")
struct BedtimeRunnerTests {
    static let family = FamilyRef(platform: "web", externalID: "family")
    static let owner = Requester(userID: "u-mum", displayName: "Mum")
    let services = FamilyServices()
    let schedules = InMemoryBedtimeScheduleStore()
    let transport = RecordingTransport()

    /// A runner as process `name`.
    func runner(_ name: String = "p1") -> BedtimeRunner {
        let scheduling = BedtimeScheduling(store: schedules, clock: services.clock)
        return BedtimeRunner(scheduling: scheduling, maker: BedtimeStoryMaker(stories: services.stories, policy: services.policy, cast: nil),
                             stories: services.stories, policy: services.policy, transports: [transport], clock: services.clock,
                             claimant: name, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    /// A bedtime 10 minutes from now (UTC), set now.
    func schedule(story: BedtimeStoryChoice = .continueChain) async throws -> BedtimeSchedule {
        let now = services.clock.now()
        let minutes = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: now.addingTimeInterval(600))
        let schedule = BedtimeSchedule(id: "s1", family: Self.family, channelID: "family",
                                       time: BedtimeTime(hour: minutes.hour!, minute: minutes.minute!)!, days: .everyDay, story: story,
                                       owner: Self.owner, createdAt: now)
        #expect(try await schedules.add(schedule, limit: 3))
        return schedule
    }

    /// Finishes a stored story as the pipeline would (text and pictures).
    func finish(_ id: StoryID) async throws {
        let story = try #require(try await services.store.story(id))
        try await services.store.saveText(StoryFixtures.written(for: story.request), for: id)
        for page in 1...story.pageCount {
            _ = try await services.store.saveIllustration(Illustration(data: Data("\(page)".utf8), contentType: "image/png", width: 8, height: 8),
                                                          for: id, page: page)
        }
        try await services.store.setStatus(.ready, for: id, reason: nil)
    }

    @Test("5 minutes ahead a new story is made on the owner's quota; at the minute 🌙 Story time with page 1 is posted once, by one of two runners")
    func onTime() async throws {
        let schedule = try await schedule()
        var first = runner("p1")
        first.longestNap = 3600
        let second = runner("p2")
        let evening = try #require(BedtimeCalendar(zone: TimeZone(identifier: "UTC")!).next(schedule, after: services.clock.now()))
        #expect(await first.round() == evening.instant.addingTimeInterval(-300), "asleep until 5 minutes before")
        #expect(services.jobsAdded.all.isEmpty)

        services.clock.advance(by: 300)
        _ = await first.round()
        _ = await second.round()
        let record = try #require(try await schedules.evening("s1", evening: evening.evening))
        let storyID = try #require(record.storyID)
        #expect(services.jobsAdded.all == ["story"], "one story, made by one runner")
        let story = try #require(try await services.store.story(storyID))
        #expect(story.requester == Self.owner && story.family == Self.family)
        #expect(try await services.store.storiesStarted(by: Self.owner, on: "web", since: .distantPast) == 1, "the owner's quota")
        try await finish(storyID)
        #expect(transport.delivered.all.isEmpty, "nothing before bedtime")

        services.clock.advance(by: 300)
        _ = await first.round()
        _ = await second.round()
        _ = await first.round()
        let posted = try #require(transport.delivered.all.only)
        #expect(posted.reply.text?.hasPrefix("🌙 Story time!") == true && posted.reply.page?.pageNumber == 1 && !posted.reply.isPrivate)
        #expect(posted.reply.page?.storyID == storyID && posted.address.channelID == "family")
        #expect(try await schedules.evening("s1", evening: evening.evening)?.state == .posted)
    }

    @Test("down at bedtime: 29 minutes late is made and posted; 31 minutes late is skipped and told in /bedtime show, not in the room")
    func late() async throws {
        let schedule = try await schedule()
        let evening = try #require(BedtimeCalendar(zone: TimeZone(identifier: "UTC")!).next(schedule, after: services.clock.now()))
        services.clock.advance(by: evening.instant.timeIntervalSince(services.clock.now()) + 31 * 60)
        _ = await runner().round()
        #expect(try await schedules.evening("s1", evening: evening.evening)?.skipReason == BedtimeEveningRecord.lateReason)
        #expect(services.jobsAdded.all.isEmpty && transport.delivered.all.isEmpty)
        let told = try await BedtimeScheduling(store: schedules, clock: services.clock).takeUntoldSkips(of: Self.family)
        #expect(told.map(\.evening) == [evening.evening])

        // The next evening, 29 minutes late: made and posted at once.
        services.clock.advance(by: 24 * 3600 - 2 * 60)
        let runner = runner()
        _ = await runner.round()
        let next = try #require(try await schedules.evening("s1", evening: BedtimeCalendar(zone: TimeZone(identifier: "UTC")!)
            .latest(schedule, atOrBefore: services.clock.now())!.evening))
        try await finish(try #require(next.storyID))
        _ = await runner.round()
        #expect(transport.delivered.all.count == 1)
    }

    @Test("a story that cannot be made (the owner's quota is used up) is skipped and told to the grown-ups, never in the room")
    func failure() async throws {
        let schedule = try await schedule(story: .new(theme: "moon boats"))
        for index in 1...3 {
            _ = try await services.store.createStory(StoryFixtures.story("used\(index)", family: Self.family, requester: Self.owner,
                                                                        createdAt: services.clock.now()),
                                                     delivery: StoryFixtures.delivery(), quota: DailyQuota(storiesPerDay: 3))
        }
        let evening = try #require(BedtimeCalendar(zone: TimeZone(identifier: "UTC")!).next(schedule, after: services.clock.now()))
        services.clock.advance(by: 300)
        _ = await runner().round()
        let record = try #require(try await schedules.evening("s1", evening: evening.evening))
        #expect(record.skippedAt != nil && record.skipReason != BedtimeEveningRecord.lateReason)
        services.clock.advance(by: 300)
        _ = await runner().round()
        #expect(transport.delivered.all.isEmpty, "the children see nothing")
        #expect(try await schedules.untoldSkips(of: Self.family).count == 1)
    }
}

/// A chat transport that records what it was asked to deliver.
final class RecordingTransport: ChatTransport {
    struct Delivery: Sendable {
        let reply: ChatReply
        let address: DeliveryAddress
    }

    let platform: Platform = .web
    let delivered = Recorder<Delivery>()

    func deliver(_ reply: ChatReply, to address: DeliveryAddress, isFinal: Bool) async throws -> DeliveryOutcome {
        delivered.append(Delivery(reply: reply, address: address))
        return .shown(movedTo: nil)
    }
}
