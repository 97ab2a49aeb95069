/// The two plans a person or family can be on.
public enum PlanTier: String, Sendable, Codable, CaseIterable {
    case free, premium

    public var displayName: String { self == .free ? "Free" : "Premium" }
}

/// What a plan allows.
public struct PlanLimits: Sendable, Equatable {
    public var storiesPerDay: Int
    public var maxPages: Int
    /// Growth Collections are a premium feature.
    public var collections: Bool

    public init(storiesPerDay: Int, maxPages: Int, collections: Bool) {
        self.storiesPerDay = max(0, storiesPerDay)
        self.maxPages = maxPages
        self.collections = collections
    }
}

/// The limits of each plan. Defaults follow PRODUCT.md; all are configurable.
public struct PlanCatalog: Sendable, Equatable {
    public var free: PlanLimits
    public var premium: PlanLimits

    public init(free: PlanLimits = PlanLimits(storiesPerDay: 3, maxPages: 5, collections: false),
                premium: PlanLimits = PlanLimits(storiesPerDay: 30, maxPages: 12, collections: true)) {
        self.free = free
        self.premium = premium
    }

    public func limits(for tier: PlanTier) -> PlanLimits {
        tier == .free ? free : premium
    }
}

/// A free user asked for something only premium allows.
public struct PremiumRequired: Error, Sendable, Equatable {
    public enum Feature: String, Sendable {
        case collections
    }

    public var feature: Feature

    public init(feature: Feature) { self.feature = feature }
}
