import Foundation
import StoryDomain

/// Premium grants, their audit log and store purchases in memory, with the SQLite store's
/// rules: a new grant replaces the target's open one, grants that ran out are audited as
/// expiries (at their own expiry time) before a grant or revocation touches the target, and
/// every change writes its audit entry with it.
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
        _ = expire(target, by: date)
        end(on: target, at: date, reason: "replaced") { _ in true }
        let grant = PremiumGrant(id: nextGrantID, target: target, grantedBy: actor, grantedAt: date, expiresAt: until, reason: reason)
        nextGrantID += 1
        grants.append(StoredGrant(grant: grant))
        record(.grant, actor: actor, target: target, at: date, until: until, reason: reason)
        return grant
    }

    public func revoke(_ target: PremiumTarget, by actor: String, at date: Date, reason: String?) async throws -> Int {
        _ = expire(target, by: date)
        let ended = end(on: target, at: date, reason: "revoked") { $0.expiresAt.map { $0 > date } ?? true }
        record(.revoke, actor: actor, target: target, at: date, until: nil, reason: reason)
        return ended
    }

    public func activeGrants(for targets: [PremiumTarget], at date: Date) async throws -> [PremiumGrant] {
        targets.flatMap { target in
            grants.map(\.grant)
                .filter { $0.target == target && $0.endedAt == nil && ($0.expiresAt.map { $0 > date } ?? true) }
                .sorted { $0.grantedAt > $1.grantedAt }
        }
    }

    public func recordExpiries(at date: Date) async throws -> [PremiumGrant] {
        expire(nil, by: date)
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

    /// Ends the open grants on `target` that `shouldEnd` picks. Returns how many.
    @discardableResult
    private func end(on target: PremiumTarget, at date: Date, reason: String, where shouldEnd: (PremiumGrant) -> Bool) -> Int {
        var ended = 0
        for index in grants.indices where grants[index].grant.target == target && grants[index].grant.endedAt == nil
            && shouldEnd(grants[index].grant) {
            grants[index].grant.endedAt = date
            grants[index].endReason = reason
            ended += 1
        }
        return ended
    }

    /// Ends the open grants (of one target, or all) whose time ran out by `date`, each at its own
    /// expiry, and audits every expiry.
    private func expire(_ target: PremiumTarget?, by date: Date) -> [PremiumGrant] {
        let due = grants.indices.filter { index in
            let grant = grants[index].grant
            guard grant.endedAt == nil, let expiry = grant.expiresAt, expiry <= date else { return false }
            return target == nil || grant.target == target
        }.sorted { (grants[$0].grant.expiresAt!, grants[$0].grant.id) < (grants[$1].grant.expiresAt!, grants[$1].grant.id) }
        var expired: [PremiumGrant] = []
        for index in due {
            guard let expiry = grants[index].grant.expiresAt else { continue }
            grants[index].grant.endedAt = expiry
            grants[index].endReason = "expired"
            record(.expire, actor: "system", target: grants[index].grant.target, at: expiry, until: expiry,
                   reason: grants[index].grant.reason)
            expired.append(grants[index].grant)
        }
        return expired
    }

    private func record(_ action: PremiumAuditEntry.Action, actor: String, target: PremiumTarget, at date: Date, until: Date?,
                        reason: String?) {
        audit.append((audit.count + 1, PremiumAuditEntry(action: action, actor: actor, target: target, at: date, until: until,
                                                         reason: reason)))
    }
}
