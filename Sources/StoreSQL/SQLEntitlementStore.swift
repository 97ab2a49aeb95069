import Foundation
import StoryDomain

/// Premium grants, their audit log and store purchases, written once for both engines. Each
/// change is one transaction: the target's open grants are read (on PostgreSQL under an advisory
/// lock on the target, their rows locked, so two admins granting at once leave one open grant),
/// ``PremiumChange`` decides, and the change is written with its audit entries.
public struct SQLEntitlementStore: EntitlementStore {
    private let executor: any SQLExecutor
    private let clock: any WallClock

    public init(database: some SQLDatabase, clock: any WallClock) {
        executor = database.executor
        self.clock = clock
    }

    public func grant(_ target: PremiumTarget, by actor: String, at date: Date, until: Date?, reason: String?) async throws -> PremiumGrant {
        try await executor.transaction { executor in
            let change = PremiumChange.grant(target, by: actor, at: date, until: until, reason: reason,
                                             open: try await Self.openGrants(of: target, locking: true, in: executor))
            guard let grant = try await Self.apply(change, in: executor) else {
                throw StoreSQLError.corrupt("premium_grant", "insert returned nothing")
            }
            return grant
        }
    }

    public func revoke(_ target: PremiumTarget, by actor: String, at date: Date, reason: String?) async throws -> Int {
        try await executor.transaction { executor in
            let change = PremiumChange.revoke(target, by: actor, at: date, reason: reason,
                                              open: try await Self.openGrants(of: target, locking: true, in: executor))
            _ = try await Self.apply(change, in: executor)
            return change.revoked
        }
    }

    public func activeGrants(for targets: [PremiumTarget], at date: Date) async throws -> [PremiumGrant] {
        var grants: [PremiumGrant] = []
        for target in targets {
            grants += try await Self.openGrants(of: target, locking: false, in: executor)
                .filter { $0.isActive(at: date) }.sorted { $0.grantedAt > $1.grantedAt }
        }
        return grants
    }

    /// On PostgreSQL, rows another process is ending are skipped.
    public func recordExpiries(at date: Date) async throws -> [PremiumGrant] {
        try await executor.transaction { executor in
            let skipLocked = SQLStatement(verbatim: executor.dialect == .postgres ? "FOR UPDATE SKIP LOCKED" : "")
            let due = try await executor.rows("""
                SELECT * FROM premium_grant WHERE ended_at IS NULL AND expires_at <= \(date) ORDER BY expires_at, id \(skipLocked)
                """).compactMap(Self.grant(from:))
            let change = PremiumChange.expiries(of: due, by: date)
            _ = try await Self.apply(change, in: executor)
            return change.expired
        }
    }

    public func auditLog(for target: PremiumTarget?, limit: Int) async throws -> [PremiumAuditEntry] {
        let rows = if let target {
            try await executor.rows("""
                SELECT * FROM premium_audit WHERE platform = \(target.platform) AND target_kind = \(target.kind)
                  AND target_id = \(target.externalID)
                ORDER BY at DESC, id DESC LIMIT \(limit)
                """)
        } else {
            try await executor.rows("SELECT * FROM premium_audit ORDER BY at DESC, id DESC LIMIT \(limit)")
        }
        return try rows.compactMap { row in
            guard let action = PremiumAuditEntry.Action(rawValue: try row["action"]),
                  let target = PremiumTarget(kind: try row["target_kind"], platform: Platform(rawValue: try row["platform"]),
                                             externalID: try row["target_id"])
            else { return nil }
            return PremiumAuditEntry(action: action, actor: try row["actor"], target: target, at: try row["at"], until: try row["until"],
                                     reason: try row["reason"])
        }
    }

    public func savePurchase(_ purchase: PurchasedEntitlement) async throws {
        try await executor.execute("""
            INSERT INTO purchased_entitlement (id, platform, sku_id, user_id, family_id, ends_at, deleted, updated_at)
            VALUES (\(purchase.id), \(purchase.platform), \(purchase.skuID), \(purchase.userID),
                \(purchase.familyExternalID), \(purchase.endsAt), \(purchase.deleted), \(clock.now()))
            ON CONFLICT (id) DO UPDATE SET sku_id = excluded.sku_id, user_id = excluded.user_id,
                family_id = excluded.family_id, ends_at = excluded.ends_at, deleted = excluded.deleted,
                updated_at = excluded.updated_at
            """)
    }

    public func purchases(platform: Platform, userID: String?, familyExternalID: String?) async throws -> [PurchasedEntitlement] {
        try await executor.rows("""
            SELECT * FROM purchased_entitlement WHERE platform = \(platform) AND (user_id = \(userID) OR family_id = \(familyExternalID))
            """).map { row in
            PurchasedEntitlement(id: try row["id"], platform: Platform(rawValue: try row["platform"]), skuID: try row["sku_id"],
                                 userID: try row["user_id"], familyExternalID: try row["family_id"], endsAt: try row["ends_at"],
                                 deleted: try row["deleted"])
        }
    }

    /// The target's open grants (not ended); when `locking`, inside the caller's transaction
    /// under the target's advisory lock on PostgreSQL with their rows locked (an expiry sweep
    /// ending one is waited for, and the row then read as ended).
    private static func openGrants(of target: PremiumTarget, locking: Bool, in executor: any SQLExecutor) async throws -> [PremiumGrant] {
        if locking, executor.dialect == .postgres {
            let key = "premium:\(target.platform.rawValue):\(target.kind):\(target.externalID)"
            try await executor.execute("SELECT pg_advisory_xact_lock(hashtextextended(\(key), 0))")
        }
        let select: SQLStatement = """
            SELECT * FROM premium_grant WHERE platform = \(target.platform) AND target_kind = \(target.kind)
              AND target_id = \(target.externalID) AND ended_at IS NULL ORDER BY id
            """
        return try await executor.rows(locking ? "\(select) \(.lockRows)" : select).compactMap(grant(from:))
    }

    /// Writes `change` inside the caller's transaction; returns its new grant as stored, if it has one.
    private static func apply(_ change: PremiumChange, in executor: any SQLExecutor) async throws -> PremiumGrant? {
        for ending in change.endings {
            try await executor.execute("""
                UPDATE premium_grant SET ended_at = \(ending.at), end_reason = \(ending.reason.rawValue) WHERE id = \(ending.grantID)
                """)
        }
        var stored: PremiumGrant?
        if var grant = change.newGrant {
            guard let row = try await executor.row("""
                INSERT INTO premium_grant (platform, target_kind, target_id, granted_by, granted_at, expires_at, reason)
                VALUES (\(grant.target.platform), \(grant.target.kind), \(grant.target.externalID), \(grant.grantedBy), \(grant.grantedAt),
                    \(grant.expiresAt), \(grant.reason))
                RETURNING id
                """) else { return nil }
            grant.id = try row["id"]
            stored = grant
        }
        for entry in change.audit {
            try await executor.execute("""
                INSERT INTO premium_audit (action, actor, platform, target_kind, target_id, until, reason, at)
                VALUES (\(entry.action.rawValue), \(entry.actor), \(entry.target.platform), \(entry.target.kind), \(entry.target.externalID),
                    \(entry.until), \(entry.reason), \(entry.at))
                """)
        }
        return stored
    }

    private static func grant(from row: any SQLRow) throws -> PremiumGrant? {
        guard let target = PremiumTarget(kind: try row["target_kind"], platform: Platform(rawValue: try row["platform"]),
                                         externalID: try row["target_id"])
        else { return nil }
        return PremiumGrant(id: try row["id"], target: target, grantedBy: try row["granted_by"], grantedAt: try row["granted_at"],
                            expiresAt: try row["expires_at"], reason: try row["reason"], endedAt: try row["ended_at"])
    }
}
