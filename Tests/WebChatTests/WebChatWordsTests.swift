import Foundation
import Logging
import StoryBot
import StoryDomain
import StoryTestSupport
import Testing
import WebChat

/// Every message the web chat can show speaks the web chat's words: a grown-up, this room,
/// whoever runs Magical Stories — never Discord's servers, managers or the bot's admins.
@Suite("Web chat words: no Discord words reach the web chat")
struct WebChatWordsTests {
    static let platform = WebChatPlatform()
    static let room = FamilyRef(platform: .web, externalID: "family")
    /// Words that belong to Discord (compared in lower case).
    static let discordWords = ["server", "manage server", "manager", "admin", "discord", "<@", "guild"]

    static func discordWords(in text: String) -> [String] {
        let lowered = text.lowercased()
        return discordWords.filter { lowered.contains($0) }
    }

    @Test("every friendly error, in the web chat's words")
    func everyFriendlyError() {
        for error in FriendlyErrorCatalogue.all {
            let text = FriendlyErrors.text(for: error, on: Self.platform)
            #expect(Self.discordWords(in: text).isEmpty, "\(error): \(text)")
            #expect(!text.isEmpty)
        }
        let story = StoryFixtures.story(family: Self.room)
        for reason in FriendlyErrorCatalogue.failureReasons {
            let text = FriendlyErrors.text(for: reason, story: story)
            #expect(Self.discordWords(in: text).isEmpty, "\(reason): \(text)")
        }
    }

    @Test("the platform's own words: who manages the room, who runs the install, plain messages")
    func platformWords() {
        #expect(Self.platform.familyManager == "a grown-up")
        #expect(Self.platform.installRunner == "whoever runs Magical Stories")
        #expect(Self.platform.receivesPlainMessages)
        #expect(FriendlyErrors.text(for: CommandAccessError.notManager, on: Self.platform).contains("Only a grown-up can change"))
    }

    @Test("every kind of reply the router gives in a room: commands, buttons, refusals and plain-word answers")
    func everyReply() async throws {
        let services = FamilyServices()
        let router = CommandRouter(services: .init(stories: services.stories, collections: services.collections, policy: services.policy,
                                                   admins: ["parent"], familyData: services.store,
                                                   platforms: ChatPlatforms([Self.platform])),
                                   logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        let parent = Requester(userID: "parent", displayName: "Parent")
        let grownUp = ChatContext(family: Self.room, channelID: "family", user: parent, isManager: true)
        let child = ChatContext(family: Self.room, channelID: "family", user: Requester(userID: "kid", displayName: "Kid"), isManager: false)
        let collector = ReplyCollector()

        let inputs: [ChatInput] = [
            .command(.help), .command(.helpMore), .command(.storyLibrary(page: 1)),
            .command(.storyNew(StoryRequestDraft(theme: "a sleepy owl", heroName: "Mia", age: "5"))),
            .command(.storyNew(StoryRequestDraft(theme: "a sleepy owl", pages: "12"))),
            .command(.storyNew(StoryRequestDraft(theme: "a sleepy owl", language: "fr"))),
            .command(.storyRead(story: "nothing")), .command(.storyDelete(story: "nothing")), .command(.storyListen(story: "", page: nil)),
            .command(.storyContinue(story: "")), .command(.storyBook(story: "nothing")),
            .command(.collectionNew(CollectionDraft(goal: "bravery", heroName: "Mia", age: "5"))), .command(.collectionList),
            .command(.collectionShow(collection: "x")), .command(.collectionDelete(collection: "x")),
            .command(.premiumGrant(PremiumTargetInput(userID: "kid"), days: 7, reason: nil)),
            .command(.premiumRevoke(PremiumTargetInput(), reason: nil)), .command(.premiumStatus(PremiumTargetInput())),
            .command(.settingsShow), .command(.settingsSet(SettingsChange(maxPages: "4", languages: "en,fr", avoid: "spiders"))),
            .command(.settingsSet(SettingsChange(requesters: "role"))), .command(.settingsForget),
            .command(.familyMembers), .command(.familyInvite(role: .child, expires: nil, uses: nil)),
            .command(.castAdd(name: "Leo", kind: "child", age: "5", look: nil)), .command(.castList), .command(.castShow(name: nil)),
            .button(id: ComponentID.moreHelp.encoded), .button(id: ComponentID.library(1).encoded),
            .button(id: ComponentID.cancelForgetFamily.encoded), .button(id: "not a button of mine"),
        ]
        for input in inputs {
            for context in [grownUp, child] { await router.handle(input, context: context, responder: collector) }
        }
        await router.handle(.button(id: ComponentID.confirmForgetFamily.encoded), context: child, responder: collector)
        for text in ["tell me a story", "another story!", "read it again", "read it aloud", "show us our stories",
                     "please tell Mia a story about a dragon"] {
            for context in [grownUp, child] { await router.answerPlainWords(text, context: context, responder: collector) }
        }
        let texts = collector.texts
        #expect(texts.count > 60, "\(texts.count) messages")
        for text in texts { #expect(Self.discordWords(in: text).isEmpty, "\(text)") }
    }
}

/// Records the text of every reply and update.
final class ReplyCollector: ChatResponder {
    private let said = Recorder<String>()
    let deliveryAddress = DeliveryAddress(platform: .web, channelID: "family", messageID: "m", userID: "parent")

    var texts: [String] { said.all }
    func acknowledge(privately: Bool) async throws {}
    func reply(_ reply: ChatReply) async throws { record(reply) }
    func update(_ reply: ChatReply) async throws { record(reply) }

    private func record(_ reply: ChatReply) {
        said.append(([reply.text, reply.page?.text, reply.page?.footer] + reply.buttons.flatMap { $0 }.map(\.label))
            .compactMap { $0 }.joined(separator: "\n"))
    }
}

/// One of every error families can be told about, with every case of each.
enum FriendlyErrorCatalogue {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// Option names are quoted as the person typed them (`conflictingOptions` names two of the
    /// command's own options).
    static var all: [any Error] {
        var errors: [any Error] = [
            StoryRequestError.missingTheme, StoryRequestError.tooLong(field: "theme", limit: 200),
            StoryRequestError.emptyAfterCleaning(field: "theme"), StoryRequestError.notANumber(field: "age", value: "five"),
            StoryRequestError.ageOutOfRange(40, allowed: 2...12), StoryRequestError.pagesOutOfRange(40, allowed: 3...12),
            StoryRequestError.pagesAbovePlan(requested: 9, allowed: 5),
            StoryRequestError.pagesNeedPremium(requested: 9, allowed: 5, premium: 12), StoryRequestError.unknownLanguage("klingon"),
            StoryRequestError.languageNotAllowed(.french), StoryRequestError.languageNotSupportedByWriter(.polish),
            StoryRequestError.avoidedTopic("spiders"), StoryRequestError.invalidName(field: "name"),
            StoryRequestError.invalidName(field: "companion"),
            CommandParseError.empty, CommandParseError.unknownCommand("dance"),
            CommandParseError.unknownSubcommand(command: "story", given: "dance", expected: ["new"]),
            CommandParseError.unknownSubcommand(command: "story", given: nil, expected: ["new"]),
            CommandParseError.unknownOption(command: "story new", option: "colour", expected: ["theme"]), CommandParseError.unbalancedQuote,
            CommandParseError.missingValue(option: "theme"), CommandParseError.duplicateOption("theme"),
            CommandParseError.unexpectedText("hello"), CommandParseError.tooLong(limit: 2_000),
            CommandParseError.badValue(option: "format", hint: "`pdf` or `epub`"), CommandParseError.conflictingOptions("user", "room"),
            QuotaExceeded(limit: 3, resetsAt: now, now: now.addingTimeInterval(-3_600), premiumLimit: 30),
            QuotaExceeded(limit: 1, resetsAt: now, now: now.addingTimeInterval(-60)),
            ModelBudgetExhausted(scope: .family, limit: 10, resetsAt: now, now: now.addingTimeInterval(-60)),
            ModelBudgetExhausted(scope: .service, limit: 10, resetsAt: now, now: now.addingTimeInterval(-60)),
            TooManyRefusedRequests(limit: 5, resetsAt: now, now: now.addingTimeInterval(-60)),
            PremiumRequired(feature: .collections),
            ReadAloudError.storyNotReady, ReadAloudError.noSuchPage(9), ReadAloudError.voiceFailed("boom"), ReadAloudError.notOffered,
            ReadAloudError.unknownPart,
            CollectionError.notFound, CollectionError.unknownGoal("flying"), CollectionError.storyCountOutOfRange(9, allowed: 3...7),
            CollectionError.notAllowedToDelete, CollectionError.remakeLimitReached(limit: 2, resetsAt: now, waitSeconds: 600),
            ChapterError.noStoryYet, ChapterError.notReadable(title: "Moon"), ChapterError.chapterOnItsWay(title: "Moon", number: 2),
            CastError.full(limit: 12), CastError.duplicateName("Leo"), CastError.notFound("Max", cast: ["Leo"]),
            CastError.notFound("Max", cast: []), CastError.unknownInStory(["Max"], cast: ["Leo"]), CastError.tooManyHeroes(limit: 3),
            CastError.unknownKind("spaceship"), CastError.tooLong(field: "look", limit: 80), CastError.emptyAfterCleaning(field: "name"),
            CastError.invalidName, CastError.missingName, CastError.badAge("40", allowed: 0...17), CastError.ageOnlyForChildren,
            CastError.avoided("spiders"), CastError.notAllowed("Leo"), CastError.nothingToChange, CastError.notOffered,
            RoomAccessError.emptyRoomName, RoomAccessError.roomExists("Smiths"), RoomAccessError.roomNotFound("Smiths"),
            RoomAccessError.emptyMemberName, RoomAccessError.inviteNotFound, RoomAccessError.inviteExpired, RoomAccessError.inviteRevoked,
            RoomAccessError.inviteUsedUp, RoomAccessError.memberNotFound("Max"), RoomAccessError.ambiguousMember("Max"),
            RoomAccessError.lastGrownUp, RoomAccessError.badLifetime, RoomAccessError.badUses,
            SettingsError.nothingToChange, SettingsError.badMaxPages(allowed: 3...12), SettingsError.unknownLanguage("klingon"),
            SettingsError.tooManyAvoidEntries(limit: 50), SettingsError.avoidEntryTooLong("spiders", limit: 40),
            SettingsError.badIllustrations, SettingsError.badRequesters, SettingsError.roleMissing, SettingsError.noRolesHere,
            StoryServiceError.storyNotFound, StoryServiceError.notAllowedToDelete,
            CommandAccessError.notBotAdmin, CommandAccessError.adminCommandsElsewhere, CommandAccessError.notManager,
            CommandAccessError.notGrownUpToCloseVote, CommandAccessError.requesterRoleRequired, CommandAccessError.familyCommandsInWebChat,
            CancellationError(),
        ]
        for category in SafetyCategory.allCases {
            errors.append(StoryRequestError.unsafeTopic(category))
            errors.append(CastError.unsafe(category))
        }
        return errors
    }

    static let failureReasons: [StoryFailureReason] = [.writerFailed, .illustratorFailed, .unsafeContent, .internalError, .modelBudgetSpent]
}
