import Foundation

/// Persistence of premium grants, their audit log, and store purchases. Each method is one
/// transaction; every change to a grant writes its audit entry in the same transaction.
public protocol EntitlementStore: Sendable {
    /// Stores a grant (ending any active grant on the same target) and audits it.
    func grant(_ target: PremiumTarget, by actor: String, at date: Date, until: Date?, reason: String?) async throws -> PremiumGrant
    /// Ends the target's active grants now and audits it. Returns how many were ended.
    func revoke(_ target: PremiumTarget, by actor: String, at date: Date, reason: String?) async throws -> Int
    /// Grants on any of the targets that are active at `date`.
    func activeGrants(for targets: [PremiumTarget], at date: Date) async throws -> [PremiumGrant]
    /// Marks grants whose time ran out by `date` as ended and audits each expiry. Returns them.
    func recordExpiries(at date: Date) async throws -> [PremiumGrant]
    /// The newest audit entries, for one target or all.
    func auditLog(for target: PremiumTarget?, limit: Int) async throws -> [PremiumAuditEntry]
    /// Inserts or updates a store purchase (from an event or an interaction).
    func savePurchase(_ purchase: PurchasedEntitlement) async throws
    /// Stored purchases on the platform owned by the user or by the family, whatever their state.
    func purchases(platform: Platform, userID: String?, familyExternalID: String?) async throws -> [PurchasedEntitlement]
}
