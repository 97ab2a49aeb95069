import Foundation

/// The plan that applies to a person in a family, and why.
public struct EffectivePlan: Sendable, Equatable {
    /// Where premium comes from.
    public enum Source: Sendable, Equatable {
        case free
        /// A bot admin's grant to the person or the whole family.
        case grant(PremiumGrant)
        /// A purchase in the platform's store.
        case purchase(PurchasedEntitlement)
    }

    public var tier: PlanTier
    public var source: Source
    public var limits: PlanLimits

    public init(tier: PlanTier, source: Source, limits: PlanLimits) {
        self.tier = tier
        self.source = source
        self.limits = limits
    }

    public var isPremium: Bool { tier == .premium }
}
