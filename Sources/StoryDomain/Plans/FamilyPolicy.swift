/// Works out a person's ``FamilyRules`` from their plan and their family's settings.
public struct FamilyPolicy: Sendable {
    public let entitlements: EntitlementService
    public let settings: any FamilySettingsStore
    private let base: StoryLimits

    /// - Parameter base: the service-wide limits (lengths, ages, page range).
    public init(entitlements: EntitlementService, settings: any FamilySettingsStore, base: StoryLimits = StoryLimits()) {
        self.entitlements = entitlements
        self.settings = settings
        self.base = base
    }

    public func rules(for userID: String, in family: FamilyRef, purchases: [PurchasedEntitlement] = []) async throws -> FamilyRules {
        let plan = try await entitlements.plan(for: userID, in: family, purchases: purchases)
        let settings = try await settings.settings(for: family)
        var limits = base
        let wanted = min(plan.limits.maxPages, settings.maxPages ?? Int.max)
        limits.maxPages = max(limits.pages.lowerBound, min(wanted, limits.pages.upperBound))
        limits.defaultPages = min(limits.defaultPages, limits.maxPages)
        if !plan.isPremium {
            let premiumWanted = min(entitlements.catalog.premium.maxPages, settings.maxPages ?? Int.max)
            let premiumMax = max(limits.pages.lowerBound, min(premiumWanted, limits.pages.upperBound))
            limits.premiumMaxPages = premiumMax > limits.maxPages ? premiumMax : nil
        }
        limits.dailyQuota = DailyQuota(storiesPerDay: plan.limits.storiesPerDay,
                                       premiumStoriesPerDay: plan.isPremium ? nil : entitlements.catalog.premium.storiesPerDay)
        if let languages = settings.allowedLanguages { limits.allowedLanguages = languages }
        limits.avoidList = settings.avoidList
        limits.illustrations = settings.illustrations
        limits.audience = settings.audience ?? .family
        return FamilyRules(plan: plan, settings: settings, limits: limits)
    }
}
