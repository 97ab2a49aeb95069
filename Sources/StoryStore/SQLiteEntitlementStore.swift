import Foundation
import GRDB
import StoryDomain

/// Premium grants, their audit log and store purchases in SQLite. Each change to a grant and its
/// audit entry are written in one transaction.
public struct SQLiteEntitlementStore: EntitlementStore {
    private let database: AppDatabase
    private let clock: any WallClock

    public init(database: AppDatabase, clock: any WallClock) {
        self.database = database
        self.clock = clock
    }

    public func grant(_ target: PremiumTarget, by actor: String, at date: Date, until: Date?, reason: String?) async throws -> PremiumGrant {
        try await database.writer.write { db in
            // Grants that already ran out are expiries, not replacements: audit them as such first.
            _ = try Self.expire(target, by: date, in: db)
            // A new grant replaces the target's current one (a renewal, or a new length).
            try db.execute(sql: """
                UPDATE premium_grant SET ended_at = ?, end_reason = 'replaced'
                WHERE platform = ? AND target_kind = ? AND target_id = ? AND ended_at IS NULL
                """, arguments: [date, target.platform, target.kind, target.externalID])
            try db.execute(sql: """
                INSERT INTO premium_grant (platform, target_kind, target_id, granted_by, granted_at, expires_at, reason)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [target.platform, target.kind, target.externalID, actor, date, until, reason])
            let id = db.lastInsertedRowID
            try Self.audit(.grant, actor: actor, target: target, at: date, until: until, reason: reason, in: db)
            return PremiumGrant(id: id, target: target, grantedBy: actor, grantedAt: date, expiresAt: until, reason: reason)
        }
    }

    public func revoke(_ target: PremiumTarget, by actor: String, at date: Date, reason: String?) async throws -> Int {
        try await database.writer.write { db in
            _ = try Self.expire(target, by: date, in: db)
            try db.execute(sql: """
                UPDATE premium_grant SET ended_at = ?, end_reason = 'revoked'
                WHERE platform = ? AND target_kind = ? AND target_id = ? AND ended_at IS NULL
                  AND (expires_at IS NULL OR expires_at > ?)
                """, arguments: [date, target.platform, target.kind, target.externalID, date])
            let ended = db.changesCount
            try Self.audit(.revoke, actor: actor, target: target, at: date, until: nil, reason: reason, in: db)
            return ended
        }
    }

    public func activeGrants(for targets: [PremiumTarget], at date: Date) async throws -> [PremiumGrant] {
        guard !targets.isEmpty else { return [] }
        return try await database.writer.read { db in
            var grants: [PremiumGrant] = []
            for target in targets {
                let rows = try Row.fetchAll(db, sql: """
                    SELECT * FROM premium_grant
                    WHERE platform = ? AND target_kind = ? AND target_id = ? AND ended_at IS NULL
                      AND (expires_at IS NULL OR expires_at > ?)
                    ORDER BY granted_at DESC
                    """, arguments: [target.platform, target.kind, target.externalID, date])
                grants += rows.compactMap(Self.grant(from:))
            }
            return grants
        }
    }

    public func recordExpiries(at date: Date) async throws -> [PremiumGrant] {
        try await database.writer.write { db in try Self.expire(nil, by: date, in: db) }
    }

    /// Ends the open grants (of one target, or all) whose time ran out by `date`, each at its
    /// own expiry time, and audits every expiry, inside the caller's transaction.
    private static func expire(_ target: PremiumTarget?, by date: Date, in db: Database) throws -> [PremiumGrant] {
        var sql = "SELECT * FROM premium_grant WHERE ended_at IS NULL AND expires_at IS NOT NULL AND expires_at <= ?"
        var arguments: StatementArguments = [date]
        if let target {
            sql += " AND platform = ? AND target_kind = ? AND target_id = ?"
            arguments += [target.platform, target.kind, target.externalID]
        }
        var expired: [PremiumGrant] = []
        for row in try Row.fetchAll(db, sql: sql + " ORDER BY expires_at, id", arguments: arguments) {
            guard var grant = grant(from: row), let expiry = grant.expiresAt else { continue }
            try db.execute(sql: "UPDATE premium_grant SET ended_at = ?, end_reason = 'expired' WHERE id = ?",
                           arguments: [expiry, grant.id])
            try audit(.expire, actor: "system", target: grant.target, at: expiry, until: expiry, reason: grant.reason, in: db)
            grant.endedAt = expiry
            expired.append(grant)
        }
        return expired
    }

    public func auditLog(for target: PremiumTarget?, limit: Int) async throws -> [PremiumAuditEntry] {
        try await database.writer.read { db in
            let rows = if let target {
                try Row.fetchAll(db, sql: """
                    SELECT * FROM premium_audit WHERE platform = ? AND target_kind = ? AND target_id = ?
                    ORDER BY at DESC, id DESC LIMIT ?
                    """, arguments: [target.platform, target.kind, target.externalID, limit])
            } else {
                try Row.fetchAll(db, sql: "SELECT * FROM premium_audit ORDER BY at DESC, id DESC LIMIT ?", arguments: [limit])
            }
            return rows.compactMap { row in
                guard let action = PremiumAuditEntry.Action(rawValue: row["action"]),
                      let target = PremiumTarget(kind: row["target_kind"], platform: row["platform"], externalID: row["target_id"])
                else { return nil }
                return PremiumAuditEntry(action: action, actor: row["actor"], target: target, at: row["at"], until: row["until"],
                                         reason: row["reason"])
            }
        }
    }

    public func savePurchase(_ purchase: PurchasedEntitlement) async throws {
        let now = clock.now()
        return try await database.writer.write { db in
            try db.execute(sql: """
                INSERT INTO purchased_entitlement (id, platform, sku_id, user_id, family_id, ends_at, deleted, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET sku_id = excluded.sku_id, user_id = excluded.user_id,
                    family_id = excluded.family_id, ends_at = excluded.ends_at, deleted = excluded.deleted,
                    updated_at = excluded.updated_at
                """, arguments: [purchase.id, purchase.platform, purchase.skuID, purchase.userID, purchase.familyExternalID,
                                 purchase.endsAt, purchase.deleted, now])
        }
    }

    public func purchases(platform: Platform, userID: String?, familyExternalID: String?) async throws -> [PurchasedEntitlement] {
        try await database.writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT * FROM purchased_entitlement WHERE platform = ? AND (user_id = ? OR family_id = ?)
                """, arguments: [platform, userID, familyExternalID]).map { row in
                PurchasedEntitlement(id: row["id"], platform: row["platform"], skuID: row["sku_id"], userID: row["user_id"],
                                     familyExternalID: row["family_id"], endsAt: row["ends_at"], deleted: row["deleted"])
            }
        }
    }

    private static func grant(from row: Row) -> PremiumGrant? {
        guard let target = PremiumTarget(kind: row["target_kind"], platform: row["platform"], externalID: row["target_id"]) else { return nil }
        return PremiumGrant(id: row["id"], target: target, grantedBy: row["granted_by"], grantedAt: row["granted_at"],
                            expiresAt: row["expires_at"], reason: row["reason"], endedAt: row["ended_at"])
    }

    private static func audit(_ action: PremiumAuditEntry.Action, actor: String, target: PremiumTarget, at date: Date, until: Date?,
                              reason: String?, in db: Database) throws {
        try db.execute(sql: """
            INSERT INTO premium_audit (action, actor, platform, target_kind, target_id, until, reason, at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [action.rawValue, actor, target.platform, target.kind, target.externalID, until, reason, date])
    }
}
