import DiscordModels
import DiscordSimulator
import Foundation
import Logging
import StoryBot
import StoryDomain
import StoryProviders
import StoryStore
import Synchronization
import Testing

/// One path for every input: autocomplete and store purchases through the router, page turns
/// answered while painting is held, and a page shown as its picture is saved filled in once.
@Suite("Interaction path: router inputs, presses while painting, fill-in races", .serialized)
struct InteractionPathTests {
    static let family = FamilyRef(platform: "discord", externalID: "family-1")
    static let asker = Requester(userID: "user-1", displayName: "Ada")

    /// A stored story whose text is written and whose pictures are not painted yet.
    static func writtenStory(_ stories: StoryService, _ repository: SQLiteStoryRepository, theme: String,
                             family: FamilyRef = family) async throws -> Story {
        let story = try stories.prepareStory(StoryRequestDraft(theme: theme, heroName: "Mia", age: "6", pages: "3"),
                                             family: family, requester: asker, limits: StoryLimits(), seed: 7)
        try await stories.enqueue(story, delivery: DeliveryAddress(platform: family.platform, channelID: "c"))
        try await repository.saveText(try await OfflineStoryWriter().write(story.request), for: story.id)
        return story
    }

    static func router(_ database: AppDatabase, stories: StoryService, pageFillIn: PageFillIn? = nil,
                       skus: Set<String> = []) -> (CommandRouter, EntitlementService) {
        let clock = SystemWallClock()
        let entitlements = EntitlementService(store: SQLiteEntitlementStore(database: database, clock: clock),
                                              catalog: PlanCatalog(free: PlanLimits(storiesPerDay: 3, maxPages: 5, collections: false),
                                                                   premium: PlanLimits(storiesPerDay: 10, maxPages: 10, collections: true)),
                                              clock: clock, premiumSKUs: skus)
        let policy = FamilyPolicy(entitlements: entitlements, settings: SQLiteFamilySettingsStore(database: database, clock: clock))
        let collections = CollectionService(store: SQLiteCollectionStore(database: database, clock: clock), stories: stories,
                                            policy: policy, clock: clock, jobAdded: {})
        let router = CommandRouter(services: .init(stories: stories, collections: collections, policy: policy, admins: [],
                                                   familyData: SQLiteFamilyDataStore(database: database), pageFillIn: pageFillIn),
                                   logger: quietLogger)
        return (router, entitlements)
    }

    static var quietLogger: Logger {
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        return logger
    }

    static func services() throws -> (AppDatabase, SQLiteStoryRepository, StoryService) {
        let database = try AppDatabase.inMemory()
        let repository = SQLiteStoryRepository(database: database, clock: SystemWallClock())
        return (database, repository, StoryService(repository: repository, writerLanguages: [.english], clock: SystemWallClock(),
                                                   jobAdded: {}))
    }

    @Test("autocomplete asks the router: the family's own stories whose titles match, at most the limit, as id and title")
    func suggestionsComeFromTheRouter() async throws {
        let (database, repository, stories) = try Self.services()
        let (router, _) = Self.router(database, stories: stories)
        var titles: [StoryID: String] = [:]
        for theme in ["a sleepy dragon", "a brave dragon", "a lost kitten"] {
            let story = try await Self.writtenStory(stories, repository, theme: theme)
            titles[story.id] = try #require(try await stories.story(story.id, family: Self.family)).displayTitle
        }
        _ = try await Self.writtenStory(stories, repository, theme: "a dragon elsewhere",
                                        family: FamilyRef(platform: "discord", externalID: "family-2"))
        let context = ChatContext(family: Self.family, channelID: "c", user: Self.asker, isManager: false)

        let all = try await router.suggestions(for: .story, matching: "", context: context, limit: 25)
        #expect(all.count == 3, "only this family's stories: \(all)")
        for suggestion in all {
            #expect(titles[try #require(StoryID(rawValue: suggestion.value))] == suggestion.name)
        }
        let two = try await router.suggestions(for: .story, matching: "", context: context, limit: 2)
        #expect(two.count == 2)
        let word = try #require(titles.values.first).split(separator: " ").last.map(String.init) ?? ""
        let matching = try await router.suggestions(for: .story, matching: word, context: context, limit: 25)
        #expect(!matching.isEmpty && matching.allSatisfy { $0.name.localizedCaseInsensitiveContains(word) })
        #expect(try await router.suggestions(for: .collection, matching: "", context: context, limit: 25).isEmpty)
    }

    @Test("a store purchase is recorded through the router: premium while it lasts, free again once deleted")
    func purchasesGoThroughTheRouter() async throws {
        let (database, _, stories) = try Self.services()
        let (router, entitlements) = Self.router(database, stories: stories, skus: ["sku-1"])
        var purchase = PurchasedEntitlement(id: "ent-1", platform: "discord", skuID: "sku-1", userID: Self.asker.userID,
                                            familyExternalID: nil, endsAt: nil, deleted: false)
        #expect(try await !entitlements.plan(for: Self.asker.userID, in: Self.family).isPremium)
        await router.recordPurchase(purchase)
        #expect(try await entitlements.plan(for: Self.asker.userID, in: Self.family).isPremium)
        purchase.deleted = true
        await router.recordPurchase(purchase)
        #expect(try await !entitlements.plan(for: Self.asker.userID, in: Self.family).isPremium)
    }

    @Test("a page shown while its picture is saved is filled in once, whichever comes first")
    func fillInRacesThePictureExactlyOnce() async throws {
        let (_, repository, stories) = try Self.services()
        let transport = RecordingTransport()
        let fillIn = PageFillIn(transports: [transport], stories: stories, logger: Self.quietLogger)
        let picture = Illustration(data: Data([0x89, 0x50, 0x4E, 0x47]), contentType: "image/png", width: 1, height: 1)
        let renderer = ReplyRenderer()

        // The picture is saved (and its fill-ins done) after the page was read, before the message is remembered.
        let late = try await Self.writtenStory(stories, repository, theme: "a sleepy dragon")
        let readEarly = renderer.page(try #require(try await stories.page(late.id, number: 2, family: Self.family)))
        #expect(readEarly.page?.awaitsPicture == true)
        _ = try await repository.saveIllustration(picture, for: late.id, page: 2)
        await fillIn.story(late.id, didPaintPage: 2)
        await fillIn.shown(readEarly, at: Self.message("m-1"), family: Self.family)
        #expect(transport.deliveries.map(\.messageID) == ["m-1"])
        #expect(transport.deliveries.first?.hasPicture == true)
        #expect(fillIn.waitingCount == 0)

        // The message is remembered first: the picture's save fills it in, and only that.
        let early = try await Self.writtenStory(stories, repository, theme: "a brave kitten")
        let shown = renderer.page(try #require(try await stories.page(early.id, number: 2, family: Self.family)))
        await fillIn.shown(shown, at: Self.message("m-2"), family: Self.family)
        #expect(fillIn.waitingCount == 1)
        _ = try await repository.saveIllustration(picture, for: early.id, page: 2)
        await fillIn.story(early.id, didPaintPage: 2)
        await fillIn.story(early.id, didPaintPage: 2)
        #expect(transport.deliveries.map(\.messageID) == ["m-1", "m-2"])
        #expect(fillIn.waitingCount == 0)
    }

    static func message(_ id: String) -> DeliveryAddress {
        DeliveryAddress(platform: "discord", channelID: "c", messageID: id)
    }

    @Test("page turns are answered at once while every picture after page 1 is held, with stories waiting behind them")
    func pressesDoNotWaitForPainting() async throws {
        let gate = GatedIllustrator(holding: [2, 3])
        let bot = try await DiscordTestBot.start(illustrator: gate)
        let simulator = bot.simulator
        // Two stories reach page 1 and hold both workers at page 2; a third waits for a worker.
        var firstPages: [SimulatedMessage] = []
        for theme in ["a sleepy dragon", "a brave kitten"] {
            let command = DiscordDeliveryEdgeTests.newStory(simulator, theme: theme)
            await simulator.sendInteraction(command)
            firstPages.append(try await simulator.waitForOriginalResponse(interactionID: command.id,
                                                                          where: DiscordDeliveryEdgeTests.isPage(1, of: 3),
                                                                          timeout: .seconds(20)))
        }
        try await waitFor(timeout: .seconds(10)) { gate.hasStarted(page: 2) ? true : nil }
        let waiting = DiscordDeliveryEdgeTests.newStory(simulator, theme: "a quiet owl")
        await simulator.sendInteraction(waiting)
        _ = try await simulator.waitForCallback(interactionID: waiting.id)

        for page1 in firstPages {
            let forward = simulator.makeButtonPress(customID: try #require(page1.components.first?.components?[2].customID),
                                                    messageID: page1.id)
            await simulator.sendInteraction(forward)
            #expect(try await simulator.waitForCallback(interactionID: forward.id).type == .updateMessage)
            let onTwo = try #require(simulator.message(id: page1.id))
            #expect(DiscordDeliveryEdgeTests.isPage(2, of: 3)(onTwo) && onTwo.attachments.isEmpty)
            let back = simulator.makeButtonPress(customID: try #require(onTwo.components.first?.components?[0].customID),
                                                 messageID: page1.id)
            await simulator.sendInteraction(back)
            #expect(try await simulator.waitForCallback(interactionID: back.id).type == .updateMessage)
            let onOne = try #require(simulator.message(id: page1.id))
            #expect(DiscordDeliveryEdgeTests.isPage(1, of: 3)(onOne) && onOne.attachments.map(\.filename) == ["page-1.webp"])
            for press in [forward, back] {
                #expect(try #require(simulator.acknowledgementLatency(interactionID: press.id)) < .seconds(3))
            }
        }
        #expect(!gate.hasStarted(page: 3), "painting was still held while the pages turned")
        gate.release(page: 2)
        gate.release(page: 3)
        _ = try await simulator.waitForOriginalResponse(interactionID: waiting.id, where: DiscordDeliveryEdgeTests.isPage(1, of: 3),
                                                        timeout: .seconds(20))
        await bot.stopAll()
    }
}

/// Records what it is asked to deliver.
final class RecordingTransport: ChatTransport {
    struct Delivery: Sendable {
        var messageID: String?
        var hasPicture: Bool
    }

    let platform: Platform = .discord
    private let recorded = Mutex<[Delivery]>([])

    var deliveries: [Delivery] { recorded.withLock { $0 } }

    func deliver(_ reply: ChatReply, to address: DeliveryAddress, isFinal: Bool) async throws -> DeliveryOutcome {
        recorded.withLock { $0.append(Delivery(messageID: address.messageID, hasPicture: reply.page?.imageID != nil)) }
        return .shown(movedTo: nil)
    }
}
