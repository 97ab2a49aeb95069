import Foundation
import Logging
import StoryBot
import StoryDomain
import StoryTestSupport
import Testing

/// Plain words through the router: on a platform that hands the service every message, a
/// request gets the story (through `/story new`'s path) or a one-tap suggestion; chat gets nothing.
@Suite("Plain words: the router's answers")
struct PlainWordsRouterTests {
    let harness = RouterHarness()
    static let room = FamilyRef(platform: .web, externalID: "family")

    func say(_ text: String, in family: FamilyRef = room, router: CommandRouter? = nil) async -> RecordingResponder {
        let responder = RecordingResponder(deliveryAddress: DeliveryAddress(platform: family.platform, channelID: family.externalID,
                                                                            messageID: UUID().uuidString, userID: "parent"))
        await (router ?? harness.router).answerPlainWords(text, context: harness.context(family: family), responder: responder)
        return responder
    }

    @Test("a request with a theme and a hero is the story itself: the public \"on its way\", the job, the quota")
    func storyItself() async throws {
        let said = await say("please tell Mia a story about a dragon")
        #expect(said.acknowledgedPrivately == false)
        let reply = try #require(said.replies.only)
        #expect(!reply.isPrivate && reply.text?.contains("A story about *a dragon* for Mia is on its way") == true, "\(reply)")
        let job = try #require(await harness.store.allJobs.only)
        let story = try #require(try await harness.store.story(job.storyID))
        #expect(story.request.theme == "a dragon" && story.request.heroName == "Mia" && story.request.language == .english)
        #expect(await harness.store.quotaUsesCounting(for: RouterHarness.parent, on: .web) == 1)
    }

    @Test("a theme without a hero is a story too, with /story new's own hero; another language asks in that language")
    func themeOnly() async throws {
        _ = await say("can we have a story about a brave little boat")
        let first = try #require(await harness.store.allJobs.first)
        let story = try #require(try await harness.store.story(first.storyID))
        #expect(story.request.theme == "a brave little boat" && story.request.heroName == StoryLimits().defaultHeroName)

        let french = await say("raconte-moi une histoire sur un dragon")
        // Asked for in French, as `language:fr` would; a writer that writes English only refuses it kindly, privately.
        let answer = try #require(french.replies.last)
        if let job = await harness.store.allJobs.last, job.storyID != first.storyID {
            #expect(try await harness.store.story(job.storyID)?.request.language == .french)
        } else {
            #expect(answer.isPrivate, "\(answer)")
        }
    }

    @Test("ordinary chat gets no answer at all", arguments: ["good night grandma", "hello", "I read a story about owls today", "ok"])
    func chat(text: String) async throws {
        let said = await say(text)
        #expect(said.events.all.isEmpty, "\(text): \(said.events.all)")
        #expect(await harness.store.allJobs.isEmpty)
    }

    @Test("a platform that hands over commands only (Discord) never answers plain words")
    func commandsOnlyPlatform() async throws {
        let said = await say("please tell Mia a story about a dragon", in: RouterHarness.family)
        #expect(said.events.all.isEmpty)
        #expect(await harness.store.allJobs.isEmpty)
    }

    @Test("the same checks as /story new: the bedtime screen, bad names and the day's quota refuse kindly and privately")
    func sameChecks() async throws {
        let unsafe = await say("please tell me a story about a bloody knife fight")
        #expect(unsafe.replies.only?.isPrivate == true)
        #expect(unsafe.replies.only?.text?.contains("I can't make that into a bedtime story") == true, "\(unsafe.replies)")
        #expect(await harness.store.allJobs.isEmpty)

        for index in 1...3 {
            _ = try await harness.store.createStory(StoryFixtures.story("web\(index)", family: Self.room, requester: RouterHarness.parent,
                                                                         createdAt: harness.clock.now()),
                                                    delivery: StoryFixtures.delivery(), quota: DailyQuota(storiesPerDay: 3))
        }
        let jobs = await harness.store.allJobs.count
        let tired = await say("can we have a story about a sleepy owl")
        #expect(tired.replies.only?.isPrivate == true)
        #expect(tired.replies.only?.text?.contains("on its way") == false, "\(tired.replies)")
        #expect(await harness.store.allJobs.count == jobs)
    }

    @Test("\"another story!\", \"read it again\" and \"read it aloud\" suggest the family's newest story with one button")
    func suggestions() async throws {
        let story = try await harness.readyStory(family: Self.room)
        let jobs = await harness.store.allJobs.count
        let another = try #require(await say("another story!").replies.only)
        #expect(another.isPrivate && another.text?.contains("Another story like") == true)
        #expect(another.buttons.flatMap { $0 }.map(\.id) == [ComponentID.another(story.id).encoded])
        #expect(await harness.store.allJobs.count == jobs, "a suggestion spends nothing")

        let again = try #require(await say("read it again").replies.only)
        #expect(again.isPrivate && again.buttons.flatMap { $0 }.map(\.id) == [ComponentID.open(story.id).encoded])
        let aloud = try #require(await say("can you read it out loud please").replies.only)
        #expect(aloud.buttons.flatMap { $0 }.map(\.id) == [ComponentID.listenWhole(story.id).encoded])
    }

    @Test("with no theme, or no story yet, the suggestion is the new-story form; the library is shown at once")
    func newStoryAndLibrary() async throws {
        for text in ["tell me a story", "another story!", "read it again"] {
            let reply = try #require(await say(text).replies.only, "\(text)")
            #expect(reply.isPrivate && reply.buttons.flatMap { $0 }.map(\.id) == [PageAction.newStory.rawValue], "\(text)")
            #expect(reply.text?.contains("What should it be about?") == true)
        }
        let library = try #require(await say("show us our stories").replies.only)
        #expect(!library.isPrivate && library.text?.contains("Your library is empty") == true)
    }

    @Test("a hero who is in the family's cast is asked for as the cast member, even typed in lower case")
    func castHero() async throws {
        let castStore = InMemoryCastStore()
        let services = harness.services
        let cast = CastService(store: castStore, clock: harness.clock, illustrator: ScriptedIllustrator())
        let router = CommandRouter(services: .init(stories: services.stories, collections: services.collections, policy: services.policy,
                                                   admins: [], familyData: services.store, platforms: RouterHarness.platforms, cast: cast),
                                   logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        let context = harness.context(family: Self.room)
        await router.handle(.command(.castAdd(name: "Leo", kind: "child", age: "7", look: "curly red hair")), context: context,
                            responder: RecordingResponder())
        let said = await say("tell leo a story about trains", router: router)
        #expect(said.replies.only?.text?.contains("for Leo is on its way") == true, "\(said.replies)")
        let job = try #require(await harness.store.allJobs.only)
        let story = try #require(try await harness.store.story(job.storyID))
        #expect(story.request.age == 7, "the cast member's own age")
    }
}

/// Buttons the page handles itself still work when a page that doesn't know them sends them.
@Suite("Plain words: page buttons that reach the service")
struct PageActionFallbackTests {
    @Test("✨ New story explains how to ask; ui:help is /help; both privately")
    func fallbacks() async throws {
        let harness = RouterHarness()
        let room = FamilyRef(platform: .web, externalID: "family")
        let newStory = await harness.handle(.button(id: PageAction.newStory.rawValue), context: harness.context(family: room))
        #expect(newStory.acknowledgedPrivately == true)
        #expect(newStory.replies.only?.isPrivate == true && newStory.replies.only?.text?.contains("/story new") == true)
        let help = await harness.handle(.button(id: PageAction.help.rawValue), context: harness.context(family: room))
        #expect(help.replies.only == ReplyRenderer(platforms: RouterHarness.platforms).help(platform: .web))
    }
}
