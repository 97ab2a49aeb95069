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
