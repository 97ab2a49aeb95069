import Foundation
import Logging
import StoryBot
import StoryDomain
import StoryTestSupport
import Testing

/// A router over in-memory stores, for one Discord server (admin commands work on Discord).
struct RouterHarness {
    static let family = FamilyRef(platform: "discord", externalID: "100")
    static let parent = Requester(userID: "parent", displayName: "Parent")
    static let admin = "admin"
    /// Discord as a server platform, the web chat as a room platform.
    static let platforms = ChatPlatforms([FakeChatPlatform.servers(.discord), FakeChatPlatform.rooms(.web)])

    let services: FamilyServices
    var clock: ManualWallClock { services.clock }
    var store: InMemoryStore { services.store }
    var entitlements: InMemoryEntitlementStore { services.entitlements }
    var jobsAdded: Recorder<String> { services.jobsAdded }
    var stories: StoryService { services.stories }
    let router: CommandRouter

    init(platforms: ChatPlatforms = Self.platforms, quotas: DailyQuotaRules = DailyQuotaRules()) {
        services = FamilyServices(quotas: quotas)
        let routed = CommandRouter.Services(stories: services.stories, collections: services.collections, policy: services.policy,
                                            admins: [Self.admin], familyData: services.store, platforms: platforms)
        router = CommandRouter(services: routed, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    func context(_ user: Requester = parent, isManager: Bool = false, roles: [String] = [],
                 family: FamilyRef = family) -> ChatContext {
        ChatContext(family: family, channelID: "200", user: user, isManager: isManager, roleIDs: roles)
    }

    /// Acknowledges and works one input, as an adapter does; returns what was said.
    @discardableResult
    func handle(_ input: ChatInput, context: ChatContext? = nil, responder: RecordingResponder = RecordingResponder())
        async -> RecordingResponder {
        await router.handle(input, context: context ?? self.context(), responder: responder)
        return responder
    }

    static func storyNew(theme: String = "a sleepy owl", age: String? = "5", pages: String? = "3") -> ChatInput {
        .command(.storyNew(StoryRequestDraft(theme: theme, heroName: "Mia", age: age, pages: pages)))
    }

    /// A story of the family made to the end (text and pictures), as the pipeline leaves it.
    func readyStory(_ id: String = "ready1", pages: Int = 2, by requester: Requester = parent,
                    family: FamilyRef = family) async throws -> Story {
        let story = StoryFixtures.story(id, request: StoryFixtures.request(pages: pages), family: family, requester: requester,
                                        createdAt: clock.now())
        _ = try await store.createStory(story, delivery: StoryFixtures.delivery(messageID: id), quota: nil)
        try await store.saveText(StoryFixtures.written(for: story.request), for: story.id)
        for page in 1...pages {
            _ = try await store.saveIllustration(
                Illustration(data: Data("\(id) page \(page)".utf8), contentType: "image/png", width: 8, height: 8),
                for: story.id, page: page)
        }
        try await store.setStatus(.ready, for: story.id, reason: nil)
        return try #require(try await store.story(story.id))
    }

    /// Uses up a person's stories of today (3 on the free plan).
    func useUpQuota(of requester: Requester = parent) async throws {
        for index in 1...3 {
            let story = StoryFixtures.story("used\(index)", family: Self.family, requester: requester, createdAt: clock.now())
            _ = try await store.createStory(story, delivery: StoryFixtures.delivery(), quota: DailyQuota(storiesPerDay: 3))
        }
    }
}
