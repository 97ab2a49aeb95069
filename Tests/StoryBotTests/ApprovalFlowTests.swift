import Foundation
import Logging
import StoryBot
import StoryDomain
import StoryTestSupport
import Testing

/// A grown-up says yes first, through the one router and the approval desk over in-memory
/// fakes and a manual clock: the child's story is made but shown to nobody, the grown-ups get
/// it privately with ✅ 🌙 🔄, and only a ✅ puts page 1 in the room.
@Suite("Approval: a grown-up says yes first")
struct ApprovalFlowTests {
    static let room = FamilyRef(platform: "web", externalID: "room1")
    static let mia = Requester(userID: "u-mia", displayName: "Mia")
    static let mum = Requester(userID: "u-mum", displayName: "Mum")
    let services = FamilyServices()
    let approvals = InMemoryApprovalStore()
    let transport = RecordingTransport()
    let courier = RecordingCourier()
    let desk: ApprovalDesk
    let router: CommandRouter

    init() {
        let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        desk = ApprovalDesk(store: approvals, stories: services.stories, policy: services.policy, transports: [transport],
                            couriers: [courier, RecordingCourier(platform: "discord")], clock: services.clock, logger: logger)
        router = CommandRouter(services: .init(stories: services.stories, collections: services.collections, policy: services.policy,
                                               admins: [], familyData: services.store, platforms: RouterHarness.platforms,
                                               approvals: desk),
                               logger: logger)
    }

    func context(_ user: Requester, child: Bool, family: FamilyRef = room) -> ChatContext {
        ChatContext(family: family, channelID: family.externalID, user: user, isManager: !child, isChild: child)
    }

    func approvalOn(_ family: FamilyRef = room, by grownUp: Requester = mum) async throws {
        var settings = FamilySettings()
        settings.approval = true
        settings.addApprover(grownUp.userID)
        try await services.store.save(settings, for: family, by: grownUp.userID)
    }

    @discardableResult
    func ask(_ user: Requester = mia, child: Bool = true, family: FamilyRef = room, theme: String = "a sleepy owl") async -> RecordingResponder {
        let responder = RecordingResponder(deliveryAddress: DeliveryAddress(platform: family.platform, channelID: family.externalID,
                                                                            messageID: UUID().uuidString, userID: user.userID))
        await router.handle(.command(.storyNew(StoryRequestDraft(theme: theme, heroName: "Mia", age: "5", pages: "3"))),
                            context: context(user, child: child, family: family), responder: responder)
        return responder
    }

    func press(_ action: ApprovalButton.Action, _ approval: PendingApproval, by user: Requester, child: Bool) async -> RecordingResponder {
        let responder = RecordingResponder()
        await router.handle(.button(id: ApprovalButton(action, approvalID: approval.id, familyID: approval.family.externalID).encoded),
                            context: context(user, child: child, family: approval.family), responder: responder)
        return responder
    }

    func finish(_ id: StoryID) async throws {
        try await services.finish(id)
    }

    @Test("a platform nobody can be asked on (no courier) holds nothing: its stories go to the room as today")
    func noCourier() async throws {
        let elsewhere = FamilyRef(platform: "telegram", externalID: "chat")
        try await approvalOn(elsewhere)
        #expect(!desk.holds(context(Self.mia, child: true, family: elsewhere), settings: try await services.store.settings(for: elsewhere),
                            platform: RouterHarness.platforms[elsewhere.platform]))
    }

    @Test("off by default: a child's story goes to the room as today")
    func offByDefault() async throws {
        let asked = await ask()
        #expect(asked.acknowledgedPrivately == false)
        #expect(asked.replies.first?.isPrivate == false, "the room's on-its-way message")
        #expect(try await approvals.inPlay().isEmpty)
    }

    @Test("on: the child is told privately, nothing reaches the room; the grown-ups see it with ✅ 🌙 🔄 once made; ✅ posts page 1 once")
    func childThenYes() async throws {
        try await approvalOn()
        let asked = await ask()
        #expect(asked.acknowledgedPrivately == true)
        #expect(asked.replies.count == 1 && asked.replies[0].isPrivate)
        #expect(asked.replies[0].text?.contains("A grown-up will have a look first") == true)
        let held = try #require(try await approvals.open(of: Self.room).first)
        #expect(services.jobsAdded.all == ["story"], "made as today")

        await desk.round()
        #expect(courier.shown.all.isEmpty, "not shown before it is made")
        try await finish(held.storyID)
        await desk.round()
        let shown = try #require(courier.shown.all.first)
        #expect(shown.reply.isPrivate && shown.reply.page?.pageNumber == 1)
        #expect(shown.reply.buttons.last?.map(\.label) == ["✅ Share", "🌙 Gentler", "🔄 Another"])
        await desk.round()
        #expect(courier.shown.all.count == 1, "shown once")
        #expect(transport.delivered.all.isEmpty, "the room has seen nothing")

        let childPress = await press(.share, held, by: Self.mia, child: true)
        #expect(childPress.acknowledgedPrivately == true && childPress.replies.first?.text?.contains("Only a grown-up") == true)
        #expect(transport.delivered.all.isEmpty)

        let yes = await press(.share, held, by: Self.mum, child: false)
        #expect(yes.updates.first?.text?.contains("Shared with the room") == true)
        let posted = try #require(transport.delivered.all.first)
        #expect(!posted.reply.isPrivate && posted.reply.page?.storyID == held.storyID && posted.address.channelID == "room1")
        let again = await press(.share, held, by: Self.mum, child: false)
        #expect(again.updates.first?.text?.contains("already answered") == true)
        #expect(transport.delivered.all.count == 1, "shared once")
        #expect(try await approvals.approval(held.id, family: Self.room)?.state == .shared)
    }

    @Test("not answered within 2 hours: not shared, and the grown-ups are told once")
    func expires() async throws {
        try await approvalOn()
        await ask()
        let held = try #require(try await approvals.open(of: Self.room).first)
        try await finish(held.storyID)
        await desk.round()
        services.clock.advance(by: 2 * 3_600 + 1)
        await desk.round()
        await desk.round()
        #expect(try await approvals.approval(held.id, family: Self.room)?.state == .expired)
        #expect(courier.answers.all.map { $0.text ?? "" }.filter { $0.contains("nobody said yes in time") }.count == 1)
        let late = await press(.share, held, by: Self.mum, child: false)
        #expect(late.updates.first?.text?.contains("already answered") == true)
        #expect(transport.delivered.all.isEmpty)
    }

    @Test("🌙 Gentler remakes it calmer with the same cast; the grown-ups see the new one; ✅ on the old one waits for it")
    func gentler() async throws {
        try await approvalOn()
        await ask()
        let held = try #require(try await approvals.open(of: Self.room).first)
        try await finish(held.storyID)
        await desk.round()
        let gentler = await press(.gentler, held, by: Self.mum, child: false)
        #expect(gentler.updates.first?.text?.contains("gentler") == true)
        let remade = try #require(try await approvals.approval(held.id, family: Self.room))
        #expect(remade.storyID != held.storyID && remade.sentAt == nil)
        let story = try #require(try await services.store.story(remade.storyID))
        let original = try #require(try await services.store.story(held.storyID))
        #expect(story.request.gentle == true && story.request.heroName == original.request.heroName
                && story.request.heroSheet == (original.request.heroSheet ?? original.sheet?.forNextChapter))
        let early = await press(.share, remade, by: Self.mum, child: false)
        #expect(early.updates.first?.text?.contains("being made") == true)
        #expect(transport.delivered.all.isEmpty)
        try await finish(remade.storyID)
        await desk.round()
        #expect(courier.shown.all.count == 2 && courier.shown.all.last?.reply.page?.storyID == remade.storyID)
    }

    @Test("at most 5 wait per family: the 6th is refused kindly")
    func limit() async throws {
        try await approvalOn()
        // Five children (each person's stories of the day are counted apart).
        for index in 0..<5 { await ask(Requester(userID: "u-child\(index)", displayName: "Child"), theme: "owl number \(index)") }
        let sixth = await ask(Requester(userID: "u-child5", displayName: "Child"), theme: "one owl more")
        #expect(sixth.replies.last?.text?.contains("5 stories are already waiting") == true)
        #expect(try await approvals.open(of: Self.room).count == 5)
        #expect(services.jobsAdded.all.count == 5, "the 6th was not made")
    }

    @Test("Discord: a member who is not a manager waits for a yes; a manager's story goes to the channel")
    func discord() async throws {
        let server = FamilyRef(platform: "discord", externalID: "100")
        try await approvalOn(server)
        let member = await ask(Self.mia, child: true, family: server)
        #expect(member.replies.first?.isPrivate == true)
        let manager = await ask(Self.mum, child: false, family: server)
        #expect(manager.replies.first?.isPrivate == false)
        #expect(try await approvals.open(of: server).count == 1)
    }

    @Test("a grown-up answers from a direct message (another family's context) only when the settings name them")
    func directMessage() async throws {
        let server = FamilyRef(platform: "discord", externalID: "100")
        try await approvalOn(server)
        await ask(Self.mia, child: true, family: server)
        let held = try #require(try await approvals.open(of: server).first)
        let dm = FamilyRef(platform: "discord", externalID: "dm-channel")
        let stranger = Requester(userID: "u-stranger", displayName: "Stranger")
        let refused = RecordingResponder()
        await router.handle(.button(id: ApprovalButton(.share, approvalID: held.id, familyID: "100").encoded),
                            context: ChatContext(family: dm, channelID: "dm", user: stranger, isManager: true), responder: refused)
        #expect(refused.replies.first?.text?.contains("Only a grown-up") == true)
    }
}

/// A courier that records what the grown-ups were shown and told.
final class RecordingCourier: ApprovalCourier {
    struct Shown: Sendable {
        let reply: ChatReply
        let approval: PendingApproval
    }

    let platform: Platform
    let shown = Recorder<Shown>()
    let answers = Recorder<ChatReply>()
    let told = Recorder<ChatReply>()
    /// Answer `.refused` (a closed direct message).
    let refuses: Bool
    let showsFromMemory: Bool

    init(platform: Platform = .web, refuses: Bool = false, fromMemory: Bool = false) {
        self.platform = platform
        self.refuses = refuses
        showsFromMemory = fromMemory
    }

    func showGrownUps(_ reply: ChatReply, approval: PendingApproval, approvers: [String]) async throws -> ApprovalDelivery {
        if refuses { return .refused }
        shown.append(Shown(reply: reply, approval: approval))
        return .shown
    }

    func answered(_ reply: ChatReply, approval: PendingApproval, approvers: [String]) async throws {
        answers.append(reply)
    }

    func tellRequester(_ reply: ChatReply, approval: PendingApproval) async throws {
        told.append(reply)
    }
}

@Suite("Approval: shown from memory again after a restart; a refused direct message")
struct ApprovalCourierTests {
    let services = FamilyServices()
    let approvals = InMemoryApprovalStore()
    let transport = RecordingTransport()

    func desk(_ courier: RecordingCourier) -> ApprovalDesk {
        ApprovalDesk(store: approvals, stories: services.stories, policy: services.policy, transports: [transport], couriers: [courier],
                     clock: services.clock, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    func held() async throws -> PendingApproval {
        let family = ApprovalFlowTests.room
        let story = try services.stories.prepareStory(StoryRequestDraft(theme: "a sleepy owl", heroName: "Mia", age: "5", pages: "3"),
                                                      family: family, requester: ApprovalFlowTests.mia, limits: StoryLimits())
        _ = try await services.stories.enqueue(story, delivery: .background)
        try await services.store.saveText(StoryFixtures.written(for: story.request), for: story.id)
        try await services.store.setStatus(.ready, for: story.id, reason: nil)
        let approval = ApprovalRules().request(story: story.id, family: family, channelID: family.externalID,
                                               requester: ApprovalFlowTests.mia, now: services.clock.now())
        #expect(try await approvals.add(approval, limit: 5))
        return approval
    }

    @Test("a courier that shows from memory (the web chat) shows a waiting story again once after a restart; others do not")
    func again() async throws {
        let approval = try await held()
        let before = RecordingCourier(fromMemory: true)
        await desk(before).round()
        await desk(before).round()
        let restarted = RecordingCourier(fromMemory: true)
        let fresh = desk(restarted)
        await fresh.round()
        await fresh.round()
        #expect(restarted.shown.all.map(\.approval.id) == [approval.id], "shown again once")
        let direct = RecordingCourier()
        await desk(direct).round()
        #expect(direct.shown.all.isEmpty, "a direct message is not sent twice")
    }

    @Test("nobody can be asked (a refused direct message): the story is declined and the child is told privately")
    func refused() async throws {
        let approval = try await held()
        let courier = RecordingCourier(refuses: true)
        await desk(courier).round()
        let after = try #require(try await approvals.approval(approval.id, family: approval.family))
        #expect(after.state == .declined && after.toldAt != nil)
        #expect(courier.told.all.first?.text?.contains("couldn't reach one") == true)
        #expect(transport.delivered.all.isEmpty)
    }
}
