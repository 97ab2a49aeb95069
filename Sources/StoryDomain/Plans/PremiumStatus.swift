/// What `/premium status` shows for one user or family: the plan in effect and where it comes
/// from, the target's own grant and purchase, and its recent audit history.
public struct PremiumStatus: Sendable, Equatable {
    public var target: PremiumTarget
    /// For a user: the family (server or room) whose plan was taken into account.
    public var family: FamilyRef?
    /// The target's own active admin grant, if any.
    public var grant: PremiumGrant?
    /// The target's own active store purchase, if any.
    public var purchase: PurchasedEntitlement?
    /// The plan in effect: from the target's own grant or purchase, or for a user in a family,
    /// from the family's grant or purchase too.
    public var plan: EffectivePlan
    /// The newest audit entries for the target.
    public var history: [PremiumAuditEntry]

    public init(target: PremiumTarget, family: FamilyRef? = nil, grant: PremiumGrant?, purchase: PurchasedEntitlement?,
                plan: EffectivePlan, history: [PremiumAuditEntry]) {
        self.target = target
        self.family = family
        self.grant = grant
        self.purchase = purchase
        self.plan = plan
        self.history = history
    }

    public var tier: PlanTier { plan.tier }
}
