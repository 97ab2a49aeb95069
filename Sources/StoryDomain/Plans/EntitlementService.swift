import Foundation

/// Decides who is premium and keeps the admin actions that change it: grants to a person or a
/// family (optionally for some days), revocations, expiries and store purchases.
public struct EntitlementService: Sendable {
    private let store: any EntitlementStore
    public let catalog: PlanCatalog
    private let clock: any WallClock
    /// Store products (Discord SKU ids) that count as premium. Empty: purchases are ignored.
    public let premiumSKUs: Set<String>

    public init(store: any EntitlementStore, catalog: PlanCatalog, clock: any WallClock, premiumSKUs: Set<String> = []) {
        self.store = store
        self.catalog = catalog
        self.clock = clock
        self.premiumSKUs = premiumSKUs
    }

    /// The plan for `userID` in `family`: premium from a grant to the person, a grant to the
    /// family, or a premium purchase (those the platform sent with the request, or stored from events).
    public func plan(for userID: String, in family: FamilyRef, purchases fromRequest: [PurchasedEntitlement] = []) async throws -> EffectivePlan {
        let now = clock.now()
        let grants = try await store.activeGrants(for: [.user(platform: family.platform, userID: userID), .family(family)], at: now)
        // A person's own grant is the more specific answer; either way they are premium.
        if let grant = grants.first(where: { if case .user = $0.target { true } else { false } }) ?? grants.first {
            return EffectivePlan(tier: .premium, source: .grant(grant), limits: catalog.premium)
        }
        if !premiumSKUs.isEmpty {
            var candidates = fromRequest
            candidates += try await store.purchases(platform: family.platform, userID: userID, familyExternalID: family.externalID)
            if let purchase = candidates.first(where: { isPremium($0, at: now) && $0.covers(userID: userID, family: family) }) {
                return EffectivePlan(tier: .premium, source: .purchase(purchase), limits: catalog.premium)
            }
        }
        return EffectivePlan(tier: .free, source: .free, limits: catalog.free)
    }

    /// Grants premium to the target, for `days` days or until revoked.
    @discardableResult
    public func grant(_ target: PremiumTarget, by actor: String, days: Int?, reason: String?) async throws -> PremiumGrant {
        let now = clock.now()
        let until = days.map { now.addingTimeInterval(TimeInterval(max(1, $0)) * 86_400) }
        return try await store.grant(target, by: actor, at: now, until: until, reason: Self.clean(reason))
    }

    /// Ends the target's grants now. Returns how many were active.
    @discardableResult
    public func revoke(_ target: PremiumTarget, by actor: String, reason: String?) async throws -> Int {
        try await store.revoke(target, by: actor, at: clock.now(), reason: Self.clean(reason))
    }

    /// The target's plan and where it comes from, with its recent audit history. For a user,
    /// `family` (the server or room the question is asked about) counts too: its grant or
    /// subscription covers every member.
    public func status(of target: PremiumTarget, in family: FamilyRef? = nil) async throws -> PremiumStatus {
        _ = try await recordExpiries()
        let now = clock.now()
        let grant = try await store.activeGrants(for: [target], at: now).first
        var purchase: PurchasedEntitlement?
        if !premiumSKUs.isEmpty {
            let owned = switch target {
            case let .user(platform, userID): try await store.purchases(platform: platform, userID: userID, familyExternalID: nil)
            case let .family(family): try await store.purchases(platform: family.platform, userID: nil, familyExternalID: family.externalID)
            }
            purchase = owned.first { isPremium($0, at: now) }
        }
        var context: FamilyRef?
        let plan: EffectivePlan
        if case let .user(platform, userID) = target, let family, family.platform == platform {
            context = family
            plan = try await self.plan(for: userID, in: family)
        } else if let grant {
            plan = EffectivePlan(tier: .premium, source: .grant(grant), limits: catalog.premium)
        } else if let purchase {
            plan = EffectivePlan(tier: .premium, source: .purchase(purchase), limits: catalog.premium)
        } else {
            plan = EffectivePlan(tier: .free, source: .free, limits: catalog.free)
        }
        return PremiumStatus(target: target, family: context, grant: grant, purchase: purchase, plan: plan,
                             history: try await store.auditLog(for: target, limit: 5))
    }

    /// Audits grants that have run out (their premium already ended at expiry; this records it).
    public func recordExpiries() async throws -> [PremiumGrant] {
        try await store.recordExpiries(at: clock.now())
    }

    /// Keeps a purchase the platform told us about (created, updated, deleted).
    public func recordPurchase(_ purchase: PurchasedEntitlement) async throws {
        try await store.savePurchase(purchase)
    }

    public func auditLog(limit: Int = 50) async throws -> [PremiumAuditEntry] {
        try await store.auditLog(for: nil, limit: limit)
    }

    /// The store product to offer a free user (the first configured SKU), if any.
    public var offeredSKU: String? { premiumSKUs.sorted().first }

    private func isPremium(_ purchase: PurchasedEntitlement, at date: Date) -> Bool {
        premiumSKUs.contains(purchase.skuID) && purchase.isActive(at: date)
    }

    /// Reasons are short free text: one clean line, at most 200 characters.
    static func clean(_ reason: String?) -> String? {
        guard let reason else { return nil }
        let line = TextSanitizer().cleanLine(reason)
        return line.isEmpty ? nil : String(line.prefix(200))
    }
}
