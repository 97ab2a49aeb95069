import Foundation

/// A change to premium grants, decided once for every store from the grants the store holds
/// open (read, and on PostgreSQL locked, inside its transaction). Grants that ran out end at
/// their own expiry and are audited as expiries first; a new grant then replaces the target's
/// open one, and a revocation ends the target's active ones. The store applies the change in
/// the same transaction: ``endings`` in order, the ``newGrant`` if any, then ``audit`` in order.
public struct PremiumChange: Sendable, Equatable {
    /// Why a grant ended (the stores' `end_reason`).
    public enum EndReason: String, Sendable, Equatable {
        case replaced, revoked, expired
    }

    /// One open grant to end.
    public struct Ending: Sendable, Equatable {
        public var grantID: Int64
        public var at: Date
        public var reason: EndReason

        public init(grantID: Int64, at: Date, reason: EndReason) {
            self.grantID = grantID
            self.at = at
            self.reason = reason
        }
    }

    public var endings: [Ending] = []
    /// The grant to store; its `id` is 0 until the store assigns one.
    public var newGrant: PremiumGrant?
    public var audit: [PremiumAuditEntry] = []
    /// The grants that ran out, as ended (what ``EntitlementStore/recordExpiries(at:)`` returns).
    public var expired: [PremiumGrant] = []
    /// How many active grants a revocation ended.
    public var revoked = 0

    /// The actor named in the audit log for expiries.
    public static let expiryActor = "system"

    /// Ends the grants in `open` whose time ran out by `date`, oldest expiry first, each at its own expiry.
    public static func expiries(of open: [PremiumGrant], by date: Date) -> PremiumChange {
        var change = PremiumChange()
        let due = open.filter { grant in grant.endedAt == nil && grant.expiresAt.map { $0 <= date } == true }
            .sorted { ($0.expiresAt ?? date, $0.id) < ($1.expiresAt ?? date, $1.id) }
        for var grant in due {
            guard let expiry = grant.expiresAt else { continue }
            change.endings.append(Ending(grantID: grant.id, at: expiry, reason: .expired))
            change.audit.append(PremiumAuditEntry(action: .expire, actor: expiryActor, target: grant.target, at: expiry, until: expiry,
                                                  reason: grant.reason))
            grant.endedAt = expiry
            change.expired.append(grant)
        }
        return change
    }

    /// A new grant on `target`, replacing its open one (a renewal, or a new length); `open` are
    /// the target's open grants.
    public static func grant(_ target: PremiumTarget, by actor: String, at date: Date, until: Date?, reason: String?,
                             open: [PremiumGrant]) -> PremiumChange {
        var change = expiries(of: open, by: date)
        change.endings += stillOpen(open, after: change, on: target).map { Ending(grantID: $0.id, at: date, reason: .replaced) }
        change.newGrant = PremiumGrant(id: 0, target: target, grantedBy: actor, grantedAt: date, expiresAt: until, reason: reason)
        change.audit.append(PremiumAuditEntry(action: .grant, actor: actor, target: target, at: date, until: until, reason: reason))
        return change
    }

    /// Ends the target's active grants; `open` are the target's open grants.
    public static func revoke(_ target: PremiumTarget, by actor: String, at date: Date, reason: String?,
                              open: [PremiumGrant]) -> PremiumChange {
        var change = expiries(of: open, by: date)
        let ending = stillOpen(open, after: change, on: target).map { Ending(grantID: $0.id, at: date, reason: .revoked) }
        change.endings += ending
        change.revoked = ending.count
        change.audit.append(PremiumAuditEntry(action: .revoke, actor: actor, target: target, at: date, until: nil, reason: reason))
        return change
    }

    /// The target's grants in `open` that `change` does not end already.
    private static func stillOpen(_ open: [PremiumGrant], after change: PremiumChange, on target: PremiumTarget) -> [PremiumGrant] {
        let ended = Set(change.endings.map(\.grantID))
        return open.filter { $0.target == target && $0.endedAt == nil && !ended.contains($0.id) }
    }
}
