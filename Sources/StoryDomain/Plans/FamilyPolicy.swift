/// Everything that decides what a person may ask for in a family: their plan and the family's
/// parental controls, folded into the limits every request is checked against.
public struct FamilyRules: Sendable, Equatable {
    public var plan: EffectivePlan
    public var settings: FamilySettings
    public var limits: StoryLimits

    public init(plan: EffectivePlan, settings: FamilySettings, limits: StoryLimits) {
        self.plan = plan
        self.settings = settings
        self.limits = limits
    }

    /// Whether someone with these roles may ask for stories here (managers always may).
    public func mayRequest(roleIDs: [String], isManager: Bool) -> Bool {
        guard let role = settings.requesterRoleID else { return true }
        return isManager || roleIDs.contains(role)
    }
}

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
        limits.dailyQuota = DailyQuota(storiesPerDay: plan.limits.storiesPerDay,
                                       premiumStoriesPerDay: plan.isPremium ? nil : entitlements.catalog.premium.storiesPerDay)
        if let languages = settings.allowedLanguages { limits.allowedLanguages = languages }
        limits.avoidList = settings.avoidList
        limits.illustrations = settings.illustrations
        return FamilyRules(plan: plan, settings: settings, limits: limits)
    }
}
