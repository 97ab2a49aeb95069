import Foundation
import Logging
import StoryBot
import StoryDomain
import StoryTestSupport
import Testing

/// Bedtime when a grown-up says yes first, over in-memory fakes and a manual clock: tonight's
/// story is made 30 minutes ahead and shown privately to the grown-ups; approved by bedtime it is
/// posted at the minute, approved within 20 minutes after it is posted on approval, else not at
/// all and the grown-ups are told under their next private answer. Once per evening, across
/// restarts and two runners on one store.
@Suite("Bedtime with approval: made 30 minutes ahead, a grown-up's yes, posted by the rules once")
struct BedtimeApprovalTests {
    static let family = FamilyRef(platform: "web", externalID: "family")
    static let mum = Requester(userID: "u-mum", displayName: "Mum")
    static let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
    let services = FamilyServices()
    let schedules = InMemoryBedtimeScheduleStore()
    let approvals = InMemoryApprovalStore()
    let transport = RecordingTransport()
    let courier = RecordingCourier()
    let scheduling: BedtimeScheduling
    let desk: ApprovalDesk
    let router: CommandRouter

    init() {
        scheduling = BedtimeScheduling(store: schedules, clock: services.clock)
        desk = ApprovalDesk(store: approvals, stories: services.stories, policy: services.policy, transports: [transport],
                            couriers: [courier], clock: services.clock, logger: Self.logger)
        router = CommandRouter(services: .init(stories: services.stories, collections: services.collections, policy: services.policy,
                                               admins: [], familyData: services.store, platforms: RouterHarness.platforms,
                                               bedtime: scheduling, approvals: desk),
                               logger: Self.logger)
    }

    /// A runner as process `name` (a new one is a restart).
    func runner(_ name: String = "p1") -> BedtimeRunner {
        var runner = BedtimeRunner(scheduling: scheduling, maker: BedtimeStoryMaker(stories: services.stories, policy: services.policy, cast: nil),
                                   stories: services.stories, policy: services.policy, transports: [transport], approvals: desk,
                                   clock: services.clock, claimant: name, logger: Self.logger)
        runner.longestNap = 3_600
        return runner
    }

    /// Another process's (or a restarted) desk on the same store.
    func otherDesk() -> ApprovalDesk {
        ApprovalDesk(store: approvals, stories: services.stories, policy: services.policy, transports: [transport], couriers: [courier],
                     clock: services.clock, logger: Self.logger)
    }

    func approval(_ on: Bool) async throws {
        var settings = try await services.store.settings(for: Self.family)
        settings.approval = on
        settings.addApprover(Self.mum.userID)
        try await services.store.save(settings, for: Self.family, by: Self.mum.userID)
    }

    /// A bedtime about 40 minutes from now (UTC), set now by Mum: tonight's occurrence.
    func schedule() async throws -> BedtimeOccurrence {
        let now = services.clock.now()
        let minutes = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: now.addingTimeInterval(40 * 60))
        let schedule = BedtimeSchedule(id: "s1", family: Self.family, channelID: "family",
                                       time: BedtimeTime(hour: minutes.hour!, minute: minutes.minute!)!, days: .everyDay, story: .new(theme: nil),
                                       owner: Self.mum, createdAt: now)
        #expect(try await schedules.add(schedule, limit: 3))
        return try #require(BedtimeCalendar(zone: TimeZone(identifier: "UTC")!).next(schedule, after: now))
    }

    func advance(to instant: Date) {
        services.clock.advance(by: instant.timeIntervalSince(services.clock.now()))
    }

    /// The two services' rounds, as each process runs them.
    func rounds(_ runners: [BedtimeRunner], desks: [ApprovalDesk]) async {
        for runner in runners { _ = await runner.round() }
        for desk in desks { await desk.round() }
        for runner in runners { _ = await runner.round() }
    }

    func press(_ action: ApprovalButton.Action, _ approval: PendingApproval) async -> RecordingResponder {
        let responder = RecordingResponder()
        let context = ChatContext(family: Self.family, channelID: "family", user: Self.mum, isManager: true, isChild: false)
        await router.handle(.button(id: ApprovalButton(action, approvalID: approval.id, familyID: Self.family.externalID).encoded),
                            context: context, responder: responder)
        return responder
    }

    /// Made 30 minutes ahead (by one of two runners), held, and shown to the grown-ups once made: tonight's approval.
    func madeAndShown(_ evening: BedtimeOccurrence, runners: [BedtimeRunner]) async throws -> PendingApproval {
        #expect(await runners[0].round() == evening.instant.addingTimeInterval(-30 * 60), "asleep until 30 minutes before")
        advance(to: evening.instant.addingTimeInterval(-30 * 60))
        await rounds(runners, desks: [desk])
        #expect(services.jobsAdded.all == ["story"], "one story, made by one runner")
        let held = try #require(try await approvals.open(of: Self.family).only)
        #expect(held.kind == .bedtime && held.shareAt == evening.instant && held.deadline == evening.instant.addingTimeInterval(20 * 60))
        #expect(try await schedules.evening("s1", evening: evening.evening)?.state == .made(held.storyID))
        try await services.finish(held.storyID)
        await desk.story(held.storyID, didPaintPage: 1)
        await rounds(runners, desks: [desk, otherDesk()])
        let shown = try #require(courier.shown.all.only)
        #expect(shown.reply.isPrivate && shown.reply.text?.contains("Tonight's bedtime story") == true && shown.reply.page?.pageNumber == 1)
        #expect(transport.delivered.all.isEmpty, "the room has seen nothing")
        return held
    }

    @Test("approved before bedtime: posted at the minute with 🌙 Story time, once, by one of two runners and two desks")
    func approvedBefore() async throws {
        try await approval(true)
        let evening = try await schedule()
        let runners = [runner("p1"), runner("p2")]
        let held = try await madeAndShown(evening, runners: runners)

        let yes = await press(.share, held)
        #expect(yes.updates.first?.text?.contains("it will be posted at bedtime") == true)
        advance(to: evening.instant.addingTimeInterval(-1))
        await rounds(runners, desks: [desk, otherDesk()])
        #expect(transport.delivered.all.isEmpty, "not before bedtime")

        advance(to: evening.instant)
        await rounds(runners, desks: [desk, otherDesk()])
        await rounds(runners, desks: [otherDesk(), desk])
        let posted = try #require(transport.delivered.all.only)
        #expect(posted.reply.text?.hasPrefix("🌙 Story time!") == true && !posted.reply.isPrivate)
        #expect(posted.reply.page?.storyID == held.storyID && posted.reply.page?.pageNumber == 1 && posted.address.channelID == "family")
        #expect(try await schedules.evening("s1", evening: evening.evening)?.state == .posted)
        #expect(services.jobsAdded.all.count == 1, "one story for the evening")
    }

    @Test("approved within 20 minutes after bedtime: posted on approval; the runner never posts it itself")
    func approvedAfter() async throws {
        try await approval(true)
        let evening = try await schedule()
        let held = try await madeAndShown(evening, runners: [runner()])
        advance(to: evening.instant.addingTimeInterval(5 * 60))
        await rounds([runner()], desks: [desk])
        #expect(transport.delivered.all.isEmpty, "not without a yes")

        advance(to: evening.instant.addingTimeInterval(19 * 60))
        let yes = await press(.share, held)
        #expect(yes.updates.first?.text?.contains("Shared with the room") == true)
        await rounds([runner()], desks: [desk])
        let posted = try #require(transport.delivered.all.only)
        #expect(posted.reply.text?.hasPrefix("🌙 Story time!") == true && posted.reply.page?.storyID == held.storyID)
        #expect(try await schedules.evening("s1", evening: evening.evening)?.state == .posted)
    }

    @Test("no yes by 20 minutes after bedtime: not posted at all; the grown-ups are told privately, once, under their next answer")
    func notApproved() async throws {
        try await approval(true)
        let evening = try await schedule()
        let held = try await madeAndShown(evening, runners: [runner()])
        advance(to: evening.instant.addingTimeInterval(20 * 60 + 1))
        await rounds([runner()], desks: [desk])
        #expect(try await approvals.approval(held.id, family: Self.family)?.state == .expired)
        #expect(courier.answers.all.contains { $0.text?.contains("Tonight's bedtime story was not shared") == true })
        #expect(try await schedules.evening("s1", evening: evening.evening)?.state == .skipped)
        let late = await press(.share, held)
        #expect(late.updates.first?.text?.contains("already answered") == true)
        #expect(transport.delivered.all.isEmpty, "never posted")

        let child = try await say("/help", child: true)
        #expect(!child.contains { $0.text?.contains("For the grown-ups") == true }, "never to the children")
        let grownUp = try await say("/help", child: false)
        #expect(grownUp.contains { $0.isPrivate && $0.text?.contains("no grown-up said yes by 20 minutes after bedtime") == true })
        let again = try await say("/help", child: false)
        #expect(!again.contains { $0.text?.contains("For the grown-ups") == true }, "told once")
    }

    @Test("a restart between every step: held once, shown once, posted once; approval turned off after holding still waits for the yes")
    func restarts() async throws {
        try await approval(true)
        let evening = try await schedule()
        advance(to: evening.instant.addingTimeInterval(-30 * 60))
        _ = await runner("p1").round() // made, then "stopped" before holding it
        let record = try #require(try await schedules.evening("s1", evening: evening.evening))
        let made = try #require(record.storyID)
        #expect(try await approvals.inPlay().isEmpty)
        _ = await runner("p2").round() // restarted: holds it
        _ = await runner("p3").round() // again: the same approval
        let held = try #require(try await approvals.inPlay().only)
        #expect(held.storyID == made && held.kind == .bedtime)
        try await services.finish(made)
        await otherDesk().round()
        await otherDesk().round()
        #expect(courier.shown.all.count == 1, "shown once (the courier does not show from memory)")

        try await approval(false)
        advance(to: evening.instant.addingTimeInterval(1))
        _ = await runner("p4").round()
        #expect(transport.delivered.all.isEmpty, "held stories are posted by the desk on a yes, not by the runner")
        let yes = await press(.share, held)
        #expect(yes.updates.first?.text?.contains("Shared with the room") == true)
        await rounds([runner("p5"), runner("p6")], desks: [otherDesk(), otherDesk()])
        #expect(transport.delivered.all.count == 1)
        #expect(try await schedules.evening("s1", evening: evening.evening)?.state == .posted)
        #expect(services.jobsAdded.all.count == 1)
    }

    @Test("🌙 Gentler on tonight's story remakes it and keeps the rules: approved before bedtime, the gentler one is posted at bedtime")
    func gentlerAtBedtime() async throws {
        try await approval(true)
        let evening = try await schedule()
        let held = try await madeAndShown(evening, runners: [runner()])
        let gentler = await press(.gentler, held)
        #expect(gentler.updates.first?.text?.contains("gentler") == true)
        let remade = try #require(try await approvals.approval(held.id, family: Self.family))
        #expect(remade.storyID != held.storyID && remade.shareAt == held.shareAt && remade.deadline == held.deadline)
        #expect(try await services.store.story(remade.storyID)?.request.gentle == true)
        try await services.finish(remade.storyID)
        await rounds([runner()], desks: [desk])
        #expect(courier.shown.all.count == 2 && courier.shown.all.last?.reply.page?.storyID == remade.storyID)
        let yes = await press(.share, remade)
        #expect(yes.updates.first?.text?.contains("it will be posted at bedtime") == true)
        advance(to: evening.instant)
        await rounds([runner()], desks: [desk])
        let posted = try #require(transport.delivered.all.only)
        #expect(posted.reply.page?.storyID == remade.storyID && posted.reply.text?.hasPrefix("🌙 Story time!") == true)
        #expect(try await schedules.evening("s1", evening: evening.evening)?.state == .posted)
    }

    @Test("approval off: made 5 minutes ahead and posted by the runner as before, nothing held")
    func approvalOff() async throws {
        let evening = try await schedule()
        #expect(await runner().round() == evening.instant.addingTimeInterval(-5 * 60))
        advance(to: evening.instant.addingTimeInterval(-5 * 60))
        _ = await runner().round()
        let made = try #require(try await schedules.evening("s1", evening: evening.evening)?.storyID)
        try await services.finish(made)
        #expect(try await approvals.inPlay().isEmpty)
        advance(to: evening.instant)
        _ = await runner().round()
        #expect(transport.delivered.all.only?.reply.page?.storyID == made)
    }

    @Test("the family already has 5 stories waiting: tonight's is not held or posted, and the grown-ups are told")
    func queueFull() async throws {
        try await approval(true)
        for index in 0..<5 {
            let story = try #require(StoryID(rawValue: "waiting\(index)"))
            try await desk.hold(desk.rules.request(story: story, family: Self.family, channelID: "family", requester: Self.mum,
                                                   now: services.clock.now()))
        }
        let evening = try await schedule()
        advance(to: evening.instant.addingTimeInterval(-30 * 60))
        _ = await runner().round()
        _ = await runner().round()
        #expect(try await schedules.evening("s1", evening: evening.evening)?.state == .skipped)
        let grownUp = try await say("/help", child: false)
        #expect(grownUp.contains { $0.text?.contains("too many stories were already waiting") == true })
        advance(to: evening.instant)
        _ = await runner().round()
        #expect(transport.delivered.all.isEmpty)
    }

    /// A command typed in the web chat by Mum (or a child): its replies.
    func say(_ text: String, child: Bool) async throws -> [ChatReply] {
        let responder = RecordingResponder(deliveryAddress: DeliveryAddress(platform: "web", channelID: "family", messageID: "m"))
        let user = child ? Requester(userID: "u-kid", displayName: "Kid") : Self.mum
        let context = ChatContext(family: Self.family, channelID: "family", user: user, isManager: !child, isChild: child)
        await router.handle(.command(try CommandParser().parse(text)), context: context, responder: responder)
        return responder.replies
    }
}
