import Foundation
import StoryDomain
import StoryTestSupport
import Testing

@Suite("FamilyPolicy: plans and parental controls folded into limits")
struct FamilyPolicyTests {
    static let family = FamilyRef(platform: "discord", externalID: "100")
    static let premiumSKU = "sku-premium"

    let clock = ManualWallClock()
    let entitlements = InMemoryEntitlementStore()
    let settings: InMemoryStore

    init() {
        settings = InMemoryStore(clock: clock)
    }

    func policy(skus: Set<String> = [Self.premiumSKU]) -> FamilyPolicy {
        FamilyPolicy(entitlements: EntitlementService(store: entitlements, catalog: PlanCatalog(), clock: clock, premiumSKUs: skus),
                     settings: settings)
    }

    func save(_ value: FamilySettings) async throws {
        try await settings.save(value, for: Self.family, by: "manager")
    }

    @Test("the free plan: 5 pages, 3 stories a day, and what premium would allow for the refusals")
    func freePlan() async throws {
        let rules = try await policy().rules(for: "kid", in: Self.family)
        #expect(rules.plan.tier == .free)
        #expect(rules.limits.maxPages == 5)
        #expect(rules.limits.premiumMaxPages == 12)
        #expect(rules.limits.dailyQuota == DailyQuota(storiesPerDay: 3, premiumStoriesPerDay: 30))
        #expect(!rules.plan.limits.collections)
    }

    @Test("a grant to the person or to the family makes them premium; it ends when it expires")
    func grants() async throws {
        let service = policy().entitlements
        try await service.grant(.user(platform: "discord", userID: "kid"), by: "admin", days: 1, reason: nil)
        var rules = try await policy().rules(for: "kid", in: Self.family)
        #expect(rules.plan.isPremium)
        #expect(rules.limits.maxPages == 12 && rules.limits.premiumMaxPages == nil)
        #expect(rules.limits.dailyQuota == DailyQuota(storiesPerDay: 30))
        #expect(try await policy().rules(for: "sibling", in: Self.family).plan.tier == .free, "a person's grant is theirs")

        clock.advance(by: 2 * 86_400)
        #expect(try await policy().rules(for: "kid", in: Self.family).plan.tier == .free)

        try await service.grant(.family(Self.family), by: "admin", days: nil, reason: "friends and family")
        rules = try await policy().rules(for: "sibling", in: Self.family)
        guard case let .grant(grant) = rules.plan.source else {
            Issue.record("expected premium from the family's grant, got \(rules.plan.source)")
            return
        }
        #expect(grant.target == .family(Self.family))
    }

    @Test("store purchases count when their SKU is premium, they are active, and they cover the person or family")
    func purchases() async throws {
        func purchase(sku: String = Self.premiumSKU, user: String? = "kid", guild: String? = nil, endsAt: Date? = nil,
                      deleted: Bool = false) -> PurchasedEntitlement {
            PurchasedEntitlement(id: UUID().uuidString, platform: "discord", skuID: sku, userID: user, familyExternalID: guild,
                                 endsAt: endsAt, deleted: deleted)
        }
        func premium(_ purchase: PurchasedEntitlement, skus: Set<String> = [Self.premiumSKU]) async throws -> Bool {
            try await policy(skus: skus).rules(for: "kid", in: Self.family, purchases: [purchase]).plan.isPremium
        }
        #expect(try await premium(purchase()))
        #expect(try await premium(purchase(user: nil, guild: "100")), "a server subscription covers its members")
        #expect(try await premium(purchase(sku: "sku-stickers")) == false)
        #expect(try await premium(purchase(user: "other")) == false)
        #expect(try await premium(purchase(endsAt: clock.now())) == false, "ended")
        #expect(try await premium(purchase(deleted: true)) == false)
        #expect(try await premium(purchase(), skus: []) == false, "without premium SKUs configured, purchases are ignored")

        // A purchase stored from an earlier event counts without being sent again.
        try await policy().entitlements.recordPurchase(purchase(user: nil, guild: "100"))
        #expect(try await policy().rules(for: "anyone", in: Self.family).plan.isPremium)
    }

    @Test("the family's page limit narrows the plan's, within the service's page range")
    func pageLimits() async throws {
        try await save(FamilySettings(maxPages: 4))
        var limits = try await policy().rules(for: "kid", in: Self.family).limits
        #expect(limits.maxPages == 4)
        #expect(limits.defaultPages == 4, "the default follows the limit down")
        #expect(limits.premiumMaxPages == nil, "premium would not allow more here")

        try await save(FamilySettings(maxPages: 8))
        limits = try await policy().rules(for: "kid", in: Self.family).limits
        #expect(limits.maxPages == 5, "the free plan still decides")
        #expect(limits.premiumMaxPages == 8)

        try await save(FamilySettings(maxPages: 1))
        #expect(try await policy().rules(for: "kid", in: Self.family).limits.maxPages == 3, "never below the smallest story")
    }

    @Test("languages, the avoid-list and pictures come from the family's settings")
    func settingsCopied() async throws {
        try await save(FamilySettings(allowedLanguages: [.english, .german], avoidList: ["spiders"], illustrations: .textArt))
        let limits = try await policy().rules(for: "kid", in: Self.family).limits
        #expect(limits.allowedLanguages == [.english, .german])
        #expect(limits.avoidList == ["spiders"])
        #expect(limits.illustrations == .textArt)
        #expect(try await policy().rules(for: "kid", in: FamilyRef(platform: "discord", externalID: "200")).limits.avoidList.isEmpty,
                "another family has its own settings")
    }

    @Test("with a requester role, only members with it and managers may ask")
    func requesterRole() async throws {
        try await save(FamilySettings(requesterRoleID: "role-readers"))
        let rules = try await policy().rules(for: "kid", in: Self.family)
        #expect(rules.mayRequest(roleIDs: ["role-readers"], isManager: false))
        #expect(!rules.mayRequest(roleIDs: ["role-other"], isManager: false))
        #expect(rules.mayRequest(roleIDs: [], isManager: true))
    }
}
