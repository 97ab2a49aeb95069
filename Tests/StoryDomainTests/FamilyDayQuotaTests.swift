import Foundation
import StoryDomain
import StoryTestSupport
import Testing

/// The daily quotas count the family's local days, and a story that calls no model counts only
/// toward the built-in stories' cap.
@Suite("Daily quotas: the family's days, built-in stories counted apart")
struct FamilyDayQuotaTests {
    static let paris = TimeZone(identifier: "Europe/Paris")!
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!

    /// A UTC instant from ISO 8601.
    static func utc(_ text: String) -> Date {
        try! Date(text, strategy: .iso8601)
    }

    /// A story service over an in-memory store at `clock`.
    static func service(_ clock: ManualWallClock) -> (StoryService, InMemoryStore) {
        let store = InMemoryStore(clock: clock)
        return (StoryService(repository: store, writerLanguages: Set(StoryLanguage.allCases), clock: clock, jobAdded: {}), store)
    }

    static func start(_ id: String, on service: StoryService, at clock: ManualWallClock, quota: DailyQuota) async throws {
        _ = try await service.enqueue(StoryFixtures.story(id, createdAt: clock.now()), delivery: StoryFixtures.delivery(messageID: id),
                                      quota: quota)
    }

    @Test("a family's day starts at its local midnight: stories used at 23:30 in Paris are tomorrow's at 00:30")
    func localMidnight() async throws {
        let clock = ManualWallClock(Self.utc("2026-11-28T22:30:00Z")) // 23:30 in Paris
        let (service, _) = Self.service(clock)
        let quota = DailyQuota(storiesPerDay: 2, timeZone: Self.paris)
        try await Self.start("a", on: service, at: clock, quota: quota)
        try await Self.start("b", on: service, at: clock, quota: quota)
        let refusal = await #expect(throws: QuotaExceeded.self) {
            try await Self.start("c", on: service, at: clock, quota: quota)
        }
        #expect(refusal?.resetsAt == Self.utc("2026-11-28T23:00:00Z"), "midnight in Paris, not in UTC")
        #expect(refusal?.waitSeconds == 1_800 && refusal?.timeZone == Self.paris)
        await #expect(throws: QuotaExceeded.self) { try await service.checkQuota(quota, for: StoryFixtures.requester, on: .web) }

        clock.advance(by: 31 * 60) // 00:01 in Paris, still 23:01 of the same UTC day
        try await service.checkQuota(quota, for: StoryFixtures.requester, on: .web)
        try await Self.start("c", on: service, at: clock, quota: quota)

        // The same uses in Tokyo (UTC+9) were all on one local day: 07:30 and 08:01 on the 29th.
        let tokyo = DailyQuota(storiesPerDay: 3, timeZone: Self.tokyo)
        await #expect(throws: QuotaExceeded.self) { try await Self.start("d", on: service, at: clock, quota: tokyo) }
    }

    @Test("across daylight-saving changes a family's day is 23 or 25 hours, and the quota resets at local midnight")
    func daylightSaving() async throws {
        let spring = DailyQuota(storiesPerDay: 1, timeZone: Self.paris).day(containing: Self.utc("2026-03-29T12:00:00Z"))
        #expect(spring.start == Self.utc("2026-03-28T23:00:00Z") && spring.next == Self.utc("2026-03-29T22:00:00Z"))
        let autumn = DailyQuota(storiesPerDay: 1, timeZone: Self.paris).day(containing: Self.utc("2026-10-25T12:00:00Z"))
        #expect(autumn.start == Self.utc("2026-10-24T22:00:00Z") && autumn.next == Self.utc("2026-10-25T23:00:00Z"))

        // On the 25-hour day, a story at 23:30 CET (22:30 UTC) is still that day's.
        let clock = ManualWallClock(Self.utc("2026-10-25T06:00:00Z"))
        let (service, _) = Self.service(clock)
        let quota = DailyQuota(storiesPerDay: 1, timeZone: Self.paris)
        try await Self.start("morning", on: service, at: clock, quota: quota)
        clock.advance(by: 16.5 * 3_600)
        let refusal = await #expect(throws: QuotaExceeded.self) { try await Self.start("late", on: service, at: clock, quota: quota) }
        #expect(refusal?.resetsAt == Self.utc("2026-10-25T23:00:00Z") && refusal?.waitSeconds == 1_800)
        clock.advance(by: 1_800)
        try await Self.start("nextday", on: service, at: clock, quota: quota)
    }

    @Test("UTC days stay plain arithmetic")
    func utcDays() {
        let day = DailyQuota.day(containing: Self.utc("2026-11-28T22:30:00Z"))
        #expect(day.start == Self.utc("2026-11-28T00:00:00Z") && day.next == Self.utc("2026-11-29T00:00:00Z"))
        #expect(DailyQuota(storiesPerDay: 1).day(containing: Self.utc("2026-11-28T22:30:00Z")) == day)
    }

    @Test("built-in stories and model stories are counted apart")
    func poolsApart() async throws {
        let clock = ManualWallClock(Self.utc("2026-11-28T10:00:00Z"))
        let (service, store) = Self.service(clock)
        let models = DailyQuota(storiesPerDay: 1)
        let builtIn = DailyQuota(storiesPerDay: 2, pool: .builtIn)
        try await Self.start("model", on: service, at: clock, quota: models)
        try await Self.start("free1", on: service, at: clock, quota: builtIn)
        try await Self.start("free2", on: service, at: clock, quota: builtIn)
        let refusal = await #expect(throws: QuotaExceeded.self) { try await Self.start("free3", on: service, at: clock, quota: builtIn) }
        #expect(refusal?.pool == .builtIn && refusal?.limit == 2)
        await #expect(throws: QuotaExceeded.self) { try await Self.start("model2", on: service, at: clock, quota: models) }
        let today = DailyQuota.day(containing: clock.now()).start
        #expect(try await store.storiesStarted(by: StoryFixtures.requester, on: .web, since: today) == 1)
        #expect(try await store.storiesStarted(by: StoryFixtures.requester, on: .web, since: today, pool: .builtIn) == 2)
    }

    @Test("which quota a story counts toward: any model call uses the plan's; the built-in ones only the anti-flood cap")
    func rules() {
        let free = PlanLimits(storiesPerDay: 3, maxPages: 5, collections: false)
        let paris = FamilySettings(timeZone: "Europe/Paris")
        let builtIn = DailyQuotaRules(providers: .builtIn, builtInStoriesPerDay: 50, defaultTimeZone: Self.tokyo)
        #expect(builtIn.quota(plan: free, premiumStoriesPerDay: 30, settings: paris)
            == DailyQuota(storiesPerDay: 50, pool: .builtIn, timeZone: Self.paris))
        #expect(builtIn.quota(plan: free, premiumStoriesPerDay: 30, settings: FamilySettings())?.timeZone == Self.tokyo,
                "no setting: the service's zone")
        #expect(builtIn.quota(plan: PlanLimits(storiesPerDay: 80, maxPages: 12, collections: true), premiumStoriesPerDay: nil,
                              settings: paris)?.storiesPerDay == 80, "never tighter than the plan")
        #expect(DailyQuotaRules(providers: .builtIn, builtInStoriesPerDay: 0).quota(plan: free, premiumStoriesPerDay: 30, settings: paris)
            == nil, "0 turns the cap off")

        let models = DailyQuotaRules(providers: .models, builtInStoriesPerDay: 50)
        #expect(models.quota(plan: free, premiumStoriesPerDay: 30, settings: paris)
            == DailyQuota(storiesPerDay: 3, premiumStoriesPerDay: 30, pool: .models, timeZone: Self.paris))

        // A model illustrator is not called when the family turned pictures off; a model voice always may be.
        let paints = DailyQuotaRules(providers: ProviderLineup(writerCallsModel: false, illustratorCallsModel: true, voiceCallsModel: false))
        #expect(paints.quota(plan: free, premiumStoriesPerDay: nil, settings: FamilySettings())?.pool == .models)
        #expect(paints.quota(plan: free, premiumStoriesPerDay: nil, settings: FamilySettings(illustrations: .textArt))?.pool == .models)
        #expect(paints.quota(plan: free, premiumStoriesPerDay: nil, settings: FamilySettings(illustrations: .off))?.pool == .builtIn)
        let speaks = DailyQuotaRules(providers: ProviderLineup(writerCallsModel: false, illustratorCallsModel: false, voiceCallsModel: true))
        #expect(speaks.quota(plan: free, premiumStoriesPerDay: nil, settings: FamilySettings())?.pool == .models)

        #expect(builtIn.timeZone(of: FamilySettings(timeZone: "Mars/Olympus_Mons")) == Self.tokyo, "a zone this system lost: the default")
    }

    @Test("the family policy puts the family's zone in its rules and the quota")
    func policy() async throws {
        let clock = ManualWallClock()
        let store = InMemoryStore(clock: clock)
        let policy = FamilyPolicy(entitlements: EntitlementService(store: InMemoryEntitlementStore(), catalog: PlanCatalog(), clock: clock),
                                  settings: store, quotas: DailyQuotaRules(providers: .builtIn, defaultTimeZone: Self.tokyo))
        let family = StoryFixtures.family
        var rules = try await policy.rules(for: "kid", in: family)
        #expect(rules.timeZone == Self.tokyo && rules.limits.dailyQuota?.pool == .builtIn && rules.limits.dailyQuota?.storiesPerDay == 50)
        try await store.save(FamilySettings(timeZone: "Europe/Paris"), for: family, by: "grown-up")
        rules = try await policy.rules(for: "kid", in: family)
        #expect(rules.timeZone == Self.paris && rules.limits.dailyQuota?.timeZone == Self.paris)
    }

    @Test("a time zone as typed: IANA names in any case, a city of one zone, UTC, or back to the default")
    func typedZones() throws {
        #expect(try TimeZoneName.resolve("Europe/Paris") == "Europe/Paris")
        #expect(try TimeZoneName.resolve(" europe/paris ") == "Europe/Paris")
        #expect(try TimeZoneName.resolve("Paris") == "Europe/Paris")
        #expect(try TimeZoneName.resolve("new york") == "America/New_York")
        #expect(try TimeZoneName.resolve("utc") == "UTC")
        #expect(try TimeZoneName.resolve("default") == nil)
        #expect(throws: SettingsError.unknownTimeZone("Parris")) { try TimeZoneName.resolve("Parris") }
        #expect(throws: SettingsError.unknownTimeZone("Europe")) { try TimeZoneName.resolve("Europe") }
        #expect(throws: SettingsError.self) { try TimeZoneName.resolve(String(repeating: "x", count: 80)) }

        var settings = try SettingsChange(timeZone: "Asia/Tokyo").apply(to: FamilySettings(maxPages: 4))
        #expect(settings == FamilySettings(maxPages: 4, timeZone: "Asia/Tokyo"))
        settings = try SettingsChange(timeZone: "default").apply(to: settings)
        #expect(settings.timeZone == nil)
        #expect(throws: SettingsError.unknownTimeZone("Atlantis")) { try SettingsChange(timeZone: "Atlantis").apply(to: settings) }
    }
}
