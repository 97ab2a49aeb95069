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
            try await Self.lock(target, in: transaction)
            // Grants that already ran out are expiries, not replacements: audit them as such first.
            _ = try await Self.expire(target, by: date, in: transaction)
            // A new grant replaces the target's current one (a renewal, or a new length).
            try await transaction.execute("""
                UPDATE premium_grant SET ended_at = \(date), end_reason = 'replaced'
                WHERE platform = \(PlatformColumn.text(target.platform)) AND target_kind = \(target.kind)
                  AND target_id = \(target.externalID) AND ended_at IS NULL
                """)
            guard let id: Int64 = try await transaction.rows("""
                INSERT INTO premium_grant (platform, target_kind, target_id, granted_by, granted_at, expires_at, reason)
                VALUES (\(PlatformColumn.text(target.platform)), \(target.kind), \(target.externalID), \(actor), \(date), \(until), \(reason))
                RETURNING id
                """).first?["id"] else { throw PostgresStoreError.corrupt("premium_grant", "insert returned nothing") }
            try await Self.audit(.grant, actor: actor, target: target, at: date, until: until, reason: reason, in: transaction)
            return PremiumGrant(id: id, target: target, grantedBy: actor, grantedAt: date, expiresAt: until, reason: reason)
        }
    }

    public func revoke(_ target: PremiumTarget, by actor: String, at date: Date, reason: String?) async throws -> Int {
        try await database.transaction { transaction in
            try await Self.lock(target, in: transaction)
            _ = try await Self.expire(target, by: date, in: transaction)
            let ended = try await transaction.execute("""
                UPDATE premium_grant SET ended_at = \(date), end_reason = 'revoked'
                WHERE platform = \(PlatformColumn.text(target.platform)) AND target_kind = \(target.kind)
                  AND target_id = \(target.externalID) AND ended_at IS NULL AND (expires_at IS NULL OR expires_at > \(date))
                RETURNING 1
                """)
            try await Self.audit(.revoke, actor: actor, target: target, at: date, until: nil, reason: reason, in: transaction)
            return ended
        }
    }

    public func activeGrants(for targets: [PremiumTarget], at date: Date) async throws -> [PremiumGrant] {
        guard !targets.isEmpty else { return [] }
        return try await database.transaction { transaction in
            var grants: [PremiumGrant] = []
            for target in targets {
                grants += try await transaction.rows("""
                    SELECT * FROM premium_grant
                    WHERE platform = \(PlatformColumn.text(target.platform)) AND target_kind = \(target.kind)
                      AND target_id = \(target.externalID) AND ended_at IS NULL AND (expires_at IS NULL OR expires_at > \(date))
                    ORDER BY granted_at DESC
                    """).compactMap(Self.grant(from:))
            }
            return grants
        }
    }

    public func recordExpiries(at date: Date) async throws -> [PremiumGrant] {
        try await database.transaction { transaction in try await Self.expire(nil, by: date, in: transaction) }
    }

    /// Ends the open grants (of one target, or all) whose time ran out by `date`, each at its
    /// own expiry time, and audits every expiry, inside the caller's transaction. Rows are
    /// locked and skipped when another process is ending them.
    private static func expire(_ target: PremiumTarget?, by date: Date, in transaction: Transaction) async throws -> [PremiumGrant] {
        let rows = if let target {
            try await transaction.rows("""
                SELECT * FROM premium_grant WHERE ended_at IS NULL AND expires_at IS NOT NULL AND expires_at <= \(date)
                  AND platform = \(PlatformColumn.text(target.platform)) AND target_kind = \(target.kind) AND target_id = \(target.externalID)
                ORDER BY expires_at, id FOR UPDATE SKIP LOCKED
                """)
        } else {
            try await transaction.rows("""
                SELECT * FROM premium_grant WHERE ended_at IS NULL AND expires_at IS NOT NULL AND expires_at <= \(date)
                ORDER BY expires_at, id FOR UPDATE SKIP LOCKED
                """)
        }
        var expired: [PremiumGrant] = []
        for row in rows {
            guard var grant = try grant(from: row), let expiry = grant.expiresAt else { continue }
            try await transaction.execute("UPDATE premium_grant SET ended_at = \(expiry), end_reason = 'expired' WHERE id = \(grant.id)")
            try await audit(.expire, actor: "system", target: grant.target, at: expiry, until: expiry, reason: grant.reason, in: transaction)
            grant.endedAt = expiry
            expired.append(grant)
        }
        return expired
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

    private static func lock(_ target: PremiumTarget, in transaction: Transaction) async throws {
        let key = "premium:\(PlatformColumn.text(target.platform)):\(target.kind):\(target.externalID)"
        try await transaction.execute("SELECT pg_advisory_xact_lock(hashtextextended(\(key), 0))")
    }

    private static func grant(from row: Columns) throws -> PremiumGrant? {
        guard let target = PremiumTarget(kind: try row["target_kind"], platform: PlatformColumn.platform(try row["platform"]), externalID: try row["target_id"])
        else { return nil }
        return PremiumGrant(id: try row["id"], target: target, grantedBy: try row["granted_by"], grantedAt: try row["granted_at"],
                            expiresAt: try row["expires_at"], reason: try row["reason"], endedAt: try row["ended_at"])
    }

    private static func audit(_ action: PremiumAuditEntry.Action, actor: String, target: PremiumTarget, at date: Date, until: Date?,
                              reason: String?, in transaction: Transaction) async throws {
        try await transaction.execute("""
            INSERT INTO premium_audit (action, actor, platform, target_kind, target_id, until, reason, at)
            VALUES (\(action.rawValue), \(actor), \(PlatformColumn.text(target.platform)), \(target.kind), \(target.externalID),
                \(until), \(reason), \(date))
            """)
    }
}
