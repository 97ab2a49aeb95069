import Foundation
import Logging
import StoryBot
import StoryDomain
import StoryTestSupport
import Testing

/// 🔊, 🎧 and `/story listen` through the router, with a scripted voice.
@Suite("Read aloud: router")
struct ReadAloudRouterTests {
    let harness = RouterHarness()
    let narrator = ScriptedNarrator()

    func router(narration: Bool = true) -> CommandRouter {
        let services = harness.services
        let service = NarrationService(stories: services.store, store: InMemoryNarrationStore(clock: harness.clock), narrator: narrator,
                                       clock: harness.clock)
        return CommandRouter(services: .init(stories: services.stories, collections: services.collections, policy: services.policy,
                                             admins: [], familyData: services.store, platforms: RouterHarness.platforms,
                                             narration: narration ? service : nil),
                             logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    func handle(_ input: ChatInput, with router: CommandRouter) async -> RecordingResponder {
        let responder = RecordingResponder()
        await router.handle(input, context: harness.context(), responder: responder)
        return responder
    }

    @Test("🔊 is acknowledged publicly before the voice reads, then answered with the page's audio; a second press reuses it")
    func pressListen() async throws {
        let story = try await harness.readyStory(pages: 2)
        let router = router()
        let first = await handle(.button(id: ComponentID.listen(story.id, 2).encoded), with: router)
        #expect(first.acknowledgedPrivately == false)
        let reply = try #require(first.replies.last)
        let audio = try #require(reply.audio)
        #expect(audio.part == .page(2) && audio.storyID == story.id && audio.filename.hasSuffix("-page-2.ogg"))
        #expect(reply.text?.contains("page 2 of 2, read aloud") == true && !reply.isPrivate)
        _ = await handle(.button(id: ComponentID.listen(story.id, 2).encoded), with: router)
        #expect(narrator.requests.count == 1)
    }

    @Test("🎧 and /story listen read the whole story; the newest story when none is named")
    func whole() async throws {
        let story = try await harness.readyStory(pages: 2)
        let router = router()
        let pressed = await handle(.button(id: ComponentID.listenWhole(story.id).encoded), with: router)
        #expect(pressed.replies.last?.audio?.part == .whole)
        let typed = await handle(.command(.storyListen(story: "", page: nil)), with: router)
        #expect(typed.acknowledgedPrivately == false)
        #expect(typed.replies.last?.audio?.part == .whole && typed.replies.last?.audio?.storyID == story.id)
        #expect(narrator.requests.count == 1)
    }

    @Test("wind-down: a grown-up sets it and sees it; then 🔊 on the last page and 🎧 wind down, other pages do not")
    func windDown() async throws {
        let story = try await harness.readyStory(pages: 2)
        let manager = harness.context(isManager: true)
        let saved = try #require(await harness.handle(.command(.settingsSet(SettingsChange(windDown: "5m"))), context: manager).replies.only)
        #expect(saved.isPrivate && saved.text?.contains("Wind-down (the last page read aloud): slower and softer, then 5 minutes") == true)
        #expect(try await harness.store.settings(for: RouterHarness.family).windDown == .fiveMinutes)
        let wrong = try #require(await harness.handle(.command(.settingsSet(SettingsChange(windDown: "an hour"))), context: manager).replies.only)
        #expect(wrong.isPrivate && wrong.text?.contains("`wind_down:` can be `off`, `2m`, `5m` or `10m`") == true)
        #expect(try CommandParser().parse("/settings set wind_down:10m") == .settingsSet(SettingsChange(windDown: "10m")))

        let router = router()
        let last = try #require(await handle(.button(id: ComponentID.listen(story.id, 2).encoded), with: router).replies.last)
        #expect(last.audio?.part == .windingDown(.page(2), .fiveMinutes))
        #expect(last.audio?.filename.hasSuffix("-page-2-wind-down.ogg") == true)
        #expect(last.text?.contains("page 2 of 2, winding down into 5 minutes of gentle sound") == true, "\(last.text ?? "")")
        #expect(narrator.requests.all.last?.windDown?.tailSeconds == 300)
        let first = try #require(await handle(.button(id: ComponentID.listen(story.id, 1).encoded), with: router).replies.last)
        #expect(first.audio?.part == .page(1) && narrator.requests.all.last?.windDown == nil)
        let whole = try #require(await handle(.button(id: ComponentID.listenWhole(story.id).encoded), with: router).replies.last)
        #expect(whole.audio?.part == .windingDown(.whole, .fiveMinutes))
        // Turned off again: the plain reading, kept apart from the wound-down one.
        _ = await harness.handle(.command(.settingsSet(SettingsChange(windDown: "off"))), context: manager)
        let plain = try #require(await handle(.button(id: ComponentID.listen(story.id, 2).encoded), with: router).replies.last)
        #expect(plain.audio?.part == .page(2) && narrator.requests.count == 4)
    }

    @Test("mistakes are answered privately and nothing is read", arguments: [
        ("page:abc", "abc", "which page"), ("page:7", "7", "no page 7"), ("page:0", "0", "no page 0"),
    ])
    func mistakes(label: String, page: String, says: String) async throws {
        _ = try await harness.readyStory(pages: 2)
        let answer = await handle(.command(.storyListen(story: "", page: page)), with: router())
        #expect(answer.acknowledgedPrivately == true, "\(label)")
        #expect(answer.replies.last?.isPrivate == true)
        #expect(answer.replies.last?.text?.contains(says) == true, "\(answer.replies.last?.text ?? "")")
        #expect(narrator.requests.count == 0)
    }

    @Test("without a voice set up, or for another family's story, the answer says so kindly")
    func notOfferedOrNotFound() async throws {
        let story = try await harness.readyStory(pages: 2)
        let off = await handle(.button(id: ComponentID.listen(story.id, 1).encoded), with: router(narration: false))
        #expect(off.replies.last?.text?.contains("isn't set up") == true && off.replies.last?.isPrivate == true)
        let elsewhere = StoryFixtures.story("other1", family: FamilyRef(platform: "discord", externalID: "999"))
        _ = try await harness.store.createStory(elsewhere, delivery: StoryFixtures.delivery(), quota: nil)
        let stranger = await handle(.button(id: ComponentID.listen(elsewhere.id, 1).encoded), with: router())
        #expect(stranger.replies.last?.text?.contains("couldn't find") == true)
        #expect(narrator.requests.count == 0)
    }
}
