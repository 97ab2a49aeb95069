import Foundation
import StoryDomain

/// Premium grants, their audit log and store purchases in memory; the domain's
/// ``PremiumChange`` decides every change, as in the databases.
public actor InMemoryEntitlementStore: EntitlementStore {
    private struct StoredGrant {
        var grant: PremiumGrant
        var endReason: String?
    }

    private var grants: [StoredGrant] = []
    private var audit: [(id: Int, entry: PremiumAuditEntry)] = []
    private var storedPurchases: [PurchasedEntitlement] = []
    private var nextGrantID: Int64 = 1

    public init() {}

    public func grant(_ target: PremiumTarget, by actor: String, at date: Date, until: Date?, reason: String?) async throws -> PremiumGrant {
        let change = PremiumChange.grant(target, by: actor, at: date, until: until, reason: reason, open: open(target))
        apply(change)
        return grants[grants.count - 1].grant
    }

    public func revoke(_ target: PremiumTarget, by actor: String, at date: Date, reason: String?) async throws -> Int {
        let change = PremiumChange.revoke(target, by: actor, at: date, reason: reason, open: open(target))
        apply(change)
        return change.revoked
    }

    public func activeGrants(for targets: [PremiumTarget], at date: Date) async throws -> [PremiumGrant] {
        targets.flatMap { target in open(target).filter { $0.isActive(at: date) }.sorted { $0.grantedAt > $1.grantedAt } }
    }

    public func recordExpiries(at date: Date) async throws -> [PremiumGrant] {
        let change = PremiumChange.expiries(of: grants.map(\.grant).filter { $0.endedAt == nil }, by: date)
        apply(change)
        return change.expired
    }

    public func auditLog(for target: PremiumTarget?, limit: Int) async throws -> [PremiumAuditEntry] {
        audit.filter { target == nil || $0.entry.target == target }
            .sorted { ($0.entry.at, $0.id) > ($1.entry.at, $1.id) }
            .prefix(max(0, limit)).map(\.entry)
    }

    public func savePurchase(_ purchase: PurchasedEntitlement) async throws {
        if let index = storedPurchases.firstIndex(where: { $0.id == purchase.id }) {
            // An update keeps the platform it was first stored for.
            var updated = purchase
            updated.platform = storedPurchases[index].platform
            storedPurchases[index] = updated
        } else {
            storedPurchases.append(purchase)
        }
    }

    public func purchases(platform: Platform, userID: String?, familyExternalID: String?) async throws -> [PurchasedEntitlement] {
        storedPurchases.filter { purchase in
            purchase.platform == platform
                && ((userID != nil && purchase.userID == userID)
                    || (familyExternalID != nil && purchase.familyExternalID == familyExternalID))
        }
    }

    /// How each grant ended (`replaced`, `revoked`, `expired`; nil while open), for assertions.
    public func endReasons() -> [Int64: String?] {
        Dictionary(uniqueKeysWithValues: grants.map { ($0.grant.id, $0.endReason) })
    }

    /// The target's open grants.
    private func open(_ target: PremiumTarget) -> [PremiumGrant] {
        grants.map(\.grant).filter { $0.target == target && $0.endedAt == nil }
    }

    /// Writes `change` as a store's transaction does: endings, the new grant, the audit entries.
    private func apply(_ change: PremiumChange) {
        for ending in change.endings {
            guard let index = grants.firstIndex(where: { $0.grant.id == ending.grantID }) else { continue }
            grants[index].grant.endedAt = ending.at
            grants[index].endReason = ending.reason.rawValue
        }
        if var grant = change.newGrant {
            grant.id = nextGrantID
            nextGrantID += 1
            grants.append(StoredGrant(grant: grant))
        }
        for entry in change.audit {
            audit.append((audit.count + 1, entry))
        }
    }
}
