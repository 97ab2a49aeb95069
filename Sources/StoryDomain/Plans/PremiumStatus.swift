/// What `/premium status` shows for one user or family.
public struct PremiumStatus: Sendable, Equatable {
    public var target: PremiumTarget
    /// The active admin grant, if any.
    public var grant: PremiumGrant?
    /// An active store purchase, if any.
    public var purchase: PurchasedEntitlement?
    /// The newest audit entries for the target.
    public var history: [PremiumAuditEntry]

    public init(target: PremiumTarget, grant: PremiumGrant?, purchase: PurchasedEntitlement?, history: [PremiumAuditEntry]) {
        self.target = target
        self.grant = grant
        self.purchase = purchase
        self.history = history
    }

    public var tier: PlanTier { grant != nil || purchase != nil ? .premium : .free }
}
