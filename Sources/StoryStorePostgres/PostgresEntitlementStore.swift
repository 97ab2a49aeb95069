import Foundation
import PostgresNIO
import StoryDomain

/// Premium grants, their audit log and store purchases in PostgreSQL. Each change to a grant and
/// its audit entry are written in one transaction, under an advisory lock on the target, so two
/// admins granting at once leave one open grant.
public struct PostgresEntitlementStore: EntitlementStore {
    private let database: PostgresDatabase
    private let clock: any WallClock

    public init(database: PostgresDatabase, clock: any WallClock) {
        self.database = database
        self.clock = clock
    }

    public func grant(_ target: PremiumTarget, by actor: String, at date: Date, until: Date?, reason: String?) async throws -> PremiumGrant {
        try await database.transaction { transaction in
            let change = PremiumChange.grant(target, by: actor, at: date, until: until, reason: reason,
                                             open: try await Self.openGrants(of: target, in: transaction))
            guard let grant = try await Self.apply(change, in: transaction) else {
                throw PostgresStoreError.corrupt("premium_grant", "insert returned nothing")
            }
            return grant
        }
    }

    public func revoke(_ target: PremiumTarget, by actor: String, at date: Date, reason: String?) async throws -> Int {
        try await database.transaction { transaction in
            let change = PremiumChange.revoke(target, by: actor, at: date, reason: reason,
                                              open: try await Self.openGrants(of: target, in: transaction))
            _ = try await Self.apply(change, in: transaction)
            return change.revoked
        }
    }

    public func activeGrants(for targets: [PremiumTarget], at date: Date) async throws -> [PremiumGrant] {
        guard !targets.isEmpty else { return [] }
        return try await database.transaction { transaction in
            var grants: [PremiumGrant] = []
            for target in targets {
                grants += try await Self.openGrants(of: target, locking: false, in: transaction)
                    .filter { $0.isActive(at: date) }.sorted { $0.grantedAt > $1.grantedAt }
            }
            return grants
        }
    }

    /// Rows are locked and skipped when another process is ending them.
    public func recordExpiries(at date: Date) async throws -> [PremiumGrant] {
        try await database.transaction { transaction in
            let due = try await transaction.rows("""
                SELECT * FROM premium_grant WHERE ended_at IS NULL AND expires_at <= \(date)
                ORDER BY expires_at, id FOR UPDATE SKIP LOCKED
                """).compactMap(Self.grant(from:))
            let change = PremiumChange.expiries(of: due, by: date)
            _ = try await Self.apply(change, in: transaction)
            return change.expired
        }
    }

    /// The target's open grants (not ended), inside the caller's transaction; when `locking`,
    /// under the target's advisory lock with their rows locked (an expiry sweep ending one is
    /// waited for, and the row then read as ended).
    private static func openGrants(of target: PremiumTarget, locking: Bool = true,
                                   in transaction: Transaction) async throws -> [PremiumGrant] {
        let platform = PlatformColumn.text(target.platform)
        if locking {
            let key = "premium:\(platform):\(target.kind):\(target.externalID)"
            try await transaction.execute("SELECT pg_advisory_xact_lock(hashtextextended(\(key), 0))")
        }
        return try await transaction.rows(PostgresQuery(unsafeSQL: """
            SELECT * FROM premium_grant WHERE platform = $1 AND target_kind = $2 AND target_id = $3 AND ended_at IS NULL
            ORDER BY id \(locking ? "FOR UPDATE" : "")
            """, binds: PostgresStoryRepository.binds(platform, target.kind, target.externalID))).compactMap(grant(from:))
    }

    /// Writes `change` inside the caller's transaction; returns its new grant as stored, if it has one.
    private static func apply(_ change: PremiumChange, in transaction: Transaction) async throws -> PremiumGrant? {
        for ending in change.endings {
            try await transaction.execute("""
                UPDATE premium_grant SET ended_at = \(ending.at), end_reason = \(ending.reason.rawValue) WHERE id = \(ending.grantID)
                """)
        }
        var stored: PremiumGrant?
        if var grant = change.newGrant {
            guard let id: Int64 = try await transaction.rows("""
                INSERT INTO premium_grant (platform, target_kind, target_id, granted_by, granted_at, expires_at, reason)
                VALUES (\(PlatformColumn.text(grant.target.platform)), \(grant.target.kind), \(grant.target.externalID),
                    \(grant.grantedBy), \(grant.grantedAt), \(grant.expiresAt), \(grant.reason))
                RETURNING id
                """).first?["id"] else { return nil }
            grant.id = id
            stored = grant
        }
        for entry in change.audit {
            try await transaction.execute("""
                INSERT INTO premium_audit (action, actor, platform, target_kind, target_id, until, reason, at)
                VALUES (\(entry.action.rawValue), \(entry.actor), \(PlatformColumn.text(entry.target.platform)), \(entry.target.kind),
                    \(entry.target.externalID), \(entry.until), \(entry.reason), \(entry.at))
                """)
        }
        return stored
    }

    public func auditLog(for target: PremiumTarget?, limit: Int) async throws -> [PremiumAuditEntry] {
        let rows = if let target {
            try await database.rows("""
                SELECT * FROM premium_audit WHERE platform = \(PlatformColumn.text(target.platform)) AND target_kind = \(target.kind)
                  AND target_id = \(target.externalID)
                ORDER BY at DESC, id DESC LIMIT \(limit)
                """)
        } else {
            try await database.rows("SELECT * FROM premium_audit ORDER BY at DESC, id DESC LIMIT \(limit)")
        }
        return try rows.compactMap { row in
            guard let action = PremiumAuditEntry.Action(rawValue: try row["action"]),
                  let target = PremiumTarget(kind: try row["target_kind"], platform: PlatformColumn.platform(try row["platform"]), externalID: try row["target_id"])
            else { return nil }
            return PremiumAuditEntry(action: action, actor: try row["actor"], target: target, at: try row["at"], until: try row["until"],
                                     reason: try row["reason"])
        }
    }

    public func savePurchase(_ purchase: PurchasedEntitlement) async throws {
        _ = try await database.rows("""
            INSERT INTO purchased_entitlement (id, platform, sku_id, user_id, family_id, ends_at, deleted, updated_at)
            VALUES (\(purchase.id), \(PlatformColumn.text(purchase.platform)), \(purchase.skuID), \(purchase.userID),
                \(purchase.familyExternalID), \(purchase.endsAt), \(purchase.deleted), \(clock.now()))
            ON CONFLICT (id) DO UPDATE SET sku_id = excluded.sku_id, user_id = excluded.user_id,
                family_id = excluded.family_id, ends_at = excluded.ends_at, deleted = excluded.deleted,
                updated_at = excluded.updated_at
            """)
    }

    public func purchases(platform: Platform, userID: String?, familyExternalID: String?) async throws -> [PurchasedEntitlement] {
        try await database.rows("""
            SELECT * FROM purchased_entitlement WHERE platform = \(PlatformColumn.text(platform))
              AND (user_id = \(userID) OR family_id = \(familyExternalID))
            """).map { row in
            PurchasedEntitlement(id: try row["id"], platform: PlatformColumn.platform(try row["platform"]), skuID: try row["sku_id"], userID: try row["user_id"],
                                 familyExternalID: try row["family_id"], endsAt: try row["ends_at"], deleted: try row["deleted"])
        }
    }

    private static func grant(from row: Columns) throws -> PremiumGrant? {
        guard let target = PremiumTarget(kind: try row["target_kind"], platform: PlatformColumn.platform(try row["platform"]), externalID: try row["target_id"])
        else { return nil }
        return PremiumGrant(id: try row["id"], target: target, grantedBy: try row["granted_by"], grantedAt: try row["granted_at"],
                            expiresAt: try row["expires_at"], reason: try row["reason"], endedAt: try row["ended_at"])
    }
}
