import Foundation
import StoryBot
import StoryDomain
import StoryTestSupport
import Testing

/// Every story a child asks for waits for a grown-up's yes: `/story continue`, ▶ Next chapter
/// and 🔄 Another as well as `/story new`.
extension ApprovalFlowTests {
    /// A story Mia asked for before approval was on, made and in the room.
    func storyInTheRoom() async throws -> Story {
        await ask()
        let job = try #require(await services.store.allJobs.only)
        let made = try #require(try await services.store.story(job.storyID))
        try await finish(made.id)
        try await approvalOn()
        return made
    }

    /// The only approval in play, after checking that the asker was told privately and the room saw nothing.
    func heldPrivately(_ responder: RecordingResponder) async throws -> PendingApproval {
        #expect(responder.acknowledgedPrivately == true)
        #expect(responder.replies.last?.isPrivate == true && responder.replies.last?.text?.contains("will have a look first") == true)
        #expect(transport.delivered.all.isEmpty, "the room has seen nothing")
        return try #require(try await approvals.open(of: Self.room).only)
    }

    func pressComponent(_ component: ComponentID, by user: Requester, child: Bool) async -> RecordingResponder {
        await send(.button(id: component.encoded), by: user, child: child)
    }

    func continueStory(_ user: Requester, child: Bool) async -> RecordingResponder {
        await send(.command(.storyContinue(story: "")), by: user, child: child)
    }

    /// `input` from `user` in the room: what they were answered.
    func send(_ input: ChatInput, by user: Requester, child: Bool) async -> RecordingResponder {
        let responder = RecordingResponder(deliveryAddress: DeliveryAddress(platform: Self.room.platform, channelID: Self.room.externalID,
                                                                            messageID: UUID().uuidString, userID: user.userID))
        await router.handle(input, context: context(user, child: child), responder: responder)
        return responder
    }

    @Test("/story continue by a child: the next chapter waits for a yes, the child told privately")
    func continueIsHeld() async throws {
        let first = try await storyInTheRoom()
        let responder = await continueStory(Self.mia, child: true)
        let held = try await heldPrivately(responder)
        let chapter = try #require(try await services.store.story(held.storyID))
        #expect(chapter.request.chapter?.number == 2 && held.kind == .request && held.requester == Self.mia)
        #expect(first.id != chapter.id)
    }

    @Test("/story continue by a grown-up goes to the room as today")
    func grownUpsContinueIsNotHeld() async throws {
        _ = try await storyInTheRoom()
        let grownUp = await continueStory(Self.mum, child: false)
        #expect(grownUp.acknowledgedPrivately == false && grownUp.replies.first?.isPrivate == false)
        #expect(try await approvals.inPlay().isEmpty)
    }

    @Test("▶ Next chapter pressed by a child (no chapter kept yet): made and held for a yes")
    func nextChapterIsHeld() async throws {
        let first = try await storyInTheRoom()
        let pressed = await pressComponent(.nextChapter(first.id), by: Self.mia, child: true)
        let held = try await heldPrivately(pressed)
        #expect(try await services.store.story(held.storyID)?.request.chapter?.number == 2)
    }

    @Test("🔄 Another pressed by a child: made and held for a yes, answered privately")
    func anotherIsHeld() async throws {
        let first = try await storyInTheRoom()
        let pressed = await pressComponent(.another(first.id), by: Self.mia, child: true)
        let held = try await heldPrivately(pressed)
        let another = try #require(try await services.store.story(held.storyID))
        #expect(another.id != first.id && another.request.theme == first.request.theme)
        try await finish(another.id)
        await desk.round()
        #expect(courier.shown.all.only?.reply.page?.storyID == another.id)
        #expect(transport.delivered.all.isEmpty)
    }

    @Test("🔄 Another on a held chapter retells that chapter (its place in the chain kept)")
    func anotherChapterStaysAChapter() async throws {
        _ = try await storyInTheRoom()
        let responder = await continueStory(Self.mia, child: true)
        let held = try await heldPrivately(responder)
        try await finish(held.storyID)
        await desk.round()
        let another = await press(.another, held, by: Self.mum, child: false)
        #expect(another.updates.first?.text?.contains("Making another one") == true)
        let remade = try #require(try await approvals.approval(held.id, family: Self.room))
        let original = try #require(try await services.store.story(held.storyID))
        let retold = try #require(try await services.store.story(remade.storyID))
        #expect(retold.id != original.id && retold.request.chapter == original.request.chapter && retold.request.seed != original.request.seed)
    }

    @Test("a 2-hour wait is counted from the request: a yes at 1 h 59 shares it, the 5 waiting make room once one is answered")
    func windowAndRoom() async throws {
        try await approvalOn()
        for index in 0..<5 { await ask(Requester(userID: "u-child\(index)", displayName: "Child"), theme: "owl number \(index)") }
        let waiting = try await approvals.open(of: Self.room)
        #expect(waiting.count == 5)
        for approval in waiting { try await finish(approval.storyID) }
        await desk.round()
        services.clock.advance(by: 2 * 3_600 - 60)
        let yes = await press(.share, waiting[0], by: Self.mum, child: false)
        #expect(yes.updates.first?.text?.contains("Shared with the room") == true)
        let sixth = await ask(Requester(userID: "u-child5", displayName: "Child"), theme: "one owl more")
        #expect(sixth.replies.last?.text?.contains("will have a look first") == true, "answered ones make room")
        services.clock.advance(by: 61)
        await desk.round()
        let states = try await approvals.inPlay().map(\.state)
        #expect(states == [.waiting], "the four not answered in 2 hours expired and were told; the sixth still waits")
        #expect(courier.answers.all.filter { $0.text?.contains("nobody said yes in time") == true }.count == 4)
        #expect(transport.delivered.all.count == 1)
    }

    @Test("a look between holding and storing the story leaves it waiting; a story never stored is declined after a minute")
    func heldBeforeStored() async throws {
        try await approvalOn()
        let never = try #require(StoryID(rawValue: "neverstored"))
        let approval = desk.rules.request(story: never, family: Self.room, channelID: "room1", requester: Self.mia, now: services.clock.now())
        try await desk.hold(approval)
        await desk.round()
        #expect(try await approvals.approval(approval.id, family: Self.room)?.state == .waiting)
        services.clock.advance(by: 61)
        await desk.round()
        #expect(try await approvals.approval(approval.id, family: Self.room)?.state == .declined)
    }
}
