import Foundation
import StoryBot
import StoryDomain
import StoryTestSupport
import Testing

/// Stories that call no model cost nothing: they count only toward the built-in stories' cap,
/// and every quota answer speaks of the family's clock and the platform's people.
@Suite("Router: built-in stories' cap, the family's clock, the platform's words")
struct BuiltInQuotaRouterTests {
    static let web = FamilyRef(platform: .web, externalID: "family")

    /// A router whose providers are all built in, capped at `cap` stories a person a day.
    static func builtInHarness(cap: Int = 4) -> RouterHarness {
        RouterHarness(quotas: DailyQuotaRules(providers: .builtIn, builtInStoriesPerDay: cap))
    }

    @Test("a built-in story does not use STORIES_PER_DAY, and the built-in cap refuses kindly, without premium")
    func builtInCap() async throws {
        let harness = Self.builtInHarness()
        try await harness.useUpQuota() // the 3 stories a day that call a model
        for _ in 1...4 {
            let responder = await harness.handle(RouterHarness.storyNew())
            #expect(responder.replies.only?.isPrivate == false, "accepted: \(responder.replies.map(\.text))")
        }
        let refused = try #require(await harness.handle(RouterHarness.storyNew()).replies.only)
        #expect(refused.isPrivate && !refused.offersPremium)
        let text = try #require(refused.text)
        #expect(text.contains("4 stories today") && text.contains("built-in storyteller") && text.contains("tomorrow at 00:00"))
        #expect(!text.contains("UTC") && !text.contains("premium"))

        let today = DailyQuota.day(containing: harness.clock.now()).start
        #expect(try await harness.store.storiesStarted(by: RouterHarness.parent, on: .discord, since: today, pool: .builtIn) == 4)
        #expect(try await harness.store.storiesStarted(by: RouterHarness.parent, on: .discord, since: today) == 3, "unchanged")
        #expect(await harness.store.allJobs.count == 3 + 4)
    }

    @Test("with the cap off, built-in stories have no daily limit")
    func capOff() async throws {
        let harness = Self.builtInHarness(cap: 0)
        for _ in 1...6 {
            #expect(await harness.handle(RouterHarness.storyNew()).replies.only?.isPrivate == false)
        }
        #expect(await harness.store.quotaUsesCounting(for: RouterHarness.parent, on: .discord) == 0, "nothing counted")
    }

    @Test("the quota answer says when on the family's clock and whom to ask for premium in the web chat's words")
    func webWordsAndClock() async throws {
        let harness = RouterHarness() // providers that call a model: 3 stories a day
        let grownUp = harness.context(isManager: true, family: Self.web)
        let saved = await harness.handle(.command(.settingsSet(SettingsChange(timeZone: "Paris"))), context: grownUp)
        #expect(saved.replies.only?.text?.contains("Time zone: Europe/Paris") == true)

        // 2027-01-15 08:00 UTC is 09:00 in Paris: stories start again at its midnight, 23:00 UTC.
        for _ in 1...3 { _ = await harness.handle(RouterHarness.storyNew(), context: grownUp) }
        let refused = try #require(await harness.handle(RouterHarness.storyNew(), context: grownUp).replies.only)
        let text = try #require(refused.text)
        #expect(text.contains("tomorrow at 00:00 (in 15 h)"), "\(text)")
        #expect(text.contains("ask whoever runs Magical Stories") && !text.contains("admin") && !text.contains("UTC"))
        #expect(refused.offersPremium)
    }

    @Test("on Discord, premium is the bot's admin's")
    func discordWords() async throws {
        let harness = RouterHarness()
        try await harness.useUpQuota()
        let text = try #require(await harness.handle(RouterHarness.storyNew()).replies.only?.text)
        #expect(text.contains("ask the bot's admin") && text.contains("tomorrow at 00:00"))
    }

    @Test("the service-wide days' refusals are told on the family's clock too; without a zone, in UTC")
    func otherTimes() {
        let paris = TimeZone(identifier: "Europe/Paris")!
        let now = Date(timeIntervalSince1970: 1_800_000_000) // 2027-01-15 08:00 UTC
        let budget = ModelBudgetExhausted(scope: .family, limit: 60, resetsAt: DailyQuota.day(containing: now).next, now: now)
        #expect(FriendlyErrors.reply(for: budget, on: FakeChatPlatform.rooms(.web), in: paris).text?.contains("wakes up tomorrow at 01:00 (in 16 h)") == true)
        #expect(FriendlyErrors.text(for: budget).contains("at midnight UTC (in 16 h)"))
        let refusals = TooManyRefusedRequests(limit: 10, resetsAt: DailyQuota.day(containing: now).next, now: now)
        #expect(FriendlyErrors.reply(for: refusals, in: TimeZone(identifier: "Asia/Tokyo")!).text?.contains("tomorrow at 09:00") == true)
        #expect(FriendlyErrors.showsTime(refusals) && !FriendlyErrors.showsTime(StoryServiceError.storyNotFound))
    }

    @Test("the web chat's typed `/settings set timezone:` reaches the settings")
    func typedTimezone() throws {
        #expect(try CommandParser().parse("/settings set timezone:Europe/Paris") == .settingsSet(SettingsChange(timeZone: "Europe/Paris")))
        #expect(try CommandParser().parse("/settings set timezone:new york max_pages:4")
            == .settingsSet(SettingsChange(maxPages: "4", timeZone: "new york")))
    }

    @Test("/settings shows the zone; a zone nobody has gets a kind answer and changes nothing")
    func settings() async throws {
        let harness = RouterHarness()
        let manager = harness.context(isManager: true)
        let shown = try #require(await harness.handle(.command(.settingsShow), context: manager).replies.only?.text)
        #expect(shown.contains("Time zone: UTC (the service's clock)"))
        let wrong = try #require(await harness.handle(.command(.settingsSet(SettingsChange(timeZone: "Atlantis"))), context: manager)
            .replies.only)
        #expect(wrong.isPrivate && wrong.text?.contains("I don't know the time zone “Atlantis”") == true)
        #expect(try await harness.store.settings(for: RouterHarness.family).timeZone == nil)
    }
}
