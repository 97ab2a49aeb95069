import Foundation

/// Works out a person's ``FamilyRules`` from their plan and their family's settings.
public struct FamilyPolicy: Sendable {
    public let entitlements: EntitlementService
    public let settings: any FamilySettingsStore
    /// Which daily quota a story counts toward, and the families' default time zone.
    public let quotas: DailyQuotaRules
    private let base: StoryLimits

    /// - Parameters:
    ///   - base: the service-wide limits (lengths, ages, page range).
    ///   - quotas: which providers call a model, the built-in stories' cap, the default time zone.
    public init(entitlements: EntitlementService, settings: any FamilySettingsStore, base: StoryLimits = StoryLimits(),
                quotas: DailyQuotaRules = DailyQuotaRules()) {
        self.entitlements = entitlements
        self.settings = settings
        self.base = base
        self.quotas = quotas
    }

    /// The family's time zone: its setting, else the service's default.
    public func timeZone(of family: FamilyRef) async throws -> TimeZone {
        quotas.timeZone(of: try await settings.settings(for: family))
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
        limits.dailyQuota = quotas.quota(plan: plan.limits,
                                         premiumStoriesPerDay: plan.isPremium ? nil : entitlements.catalog.premium.storiesPerDay,
                                         settings: settings)
        if let languages = settings.allowedLanguages { limits.allowedLanguages = languages }
        limits.avoidList = settings.avoidList
        limits.illustrations = settings.illustrations
        limits.audience = settings.audience ?? .family
        return FamilyRules(plan: plan, settings: settings, limits: limits, timeZone: quotas.timeZone(of: settings))
    }
}
