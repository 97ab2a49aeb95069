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
            let change = PremiumChange.grant(target, by: actor, at: date, until: until, reason: reason,
                                             open: try Self.openGrants(of: target, in: db))
            guard let grant = try Self.apply(change, in: db) else {
                throw StoreError(kind: .other, path: "premium_grant", detail: "a grant was not stored")
            }
            return grant
        }
    }

    public func revoke(_ target: PremiumTarget, by actor: String, at date: Date, reason: String?) async throws -> Int {
        try await database.writer.write { db in
            let change = PremiumChange.revoke(target, by: actor, at: date, reason: reason, open: try Self.openGrants(of: target, in: db))
            _ = try Self.apply(change, in: db)
            return change.revoked
        }
    }

    public func activeGrants(for targets: [PremiumTarget], at date: Date) async throws -> [PremiumGrant] {
        try await database.writer.read { db in
            try targets.flatMap { target in
                try Self.openGrants(of: target, in: db).filter { $0.isActive(at: date) }.sorted { $0.grantedAt > $1.grantedAt }
            }
        }
    }

    public func recordExpiries(at date: Date) async throws -> [PremiumGrant] {
        try await database.writer.write { db in
            let due = try Row.fetchAll(db, sql: """
                SELECT * FROM premium_grant WHERE ended_at IS NULL AND expires_at <= ? ORDER BY expires_at, id
                """, arguments: [date]).compactMap(Self.grant(from:))
            let change = PremiumChange.expiries(of: due, by: date)
            _ = try Self.apply(change, in: db)
            return change.expired
        }
    }

    /// The target's open grants (not ended), inside the caller's transaction.
    private static func openGrants(of target: PremiumTarget, in db: Database) throws -> [PremiumGrant] {
        try Row.fetchAll(db, sql: """
            SELECT * FROM premium_grant WHERE platform = ? AND target_kind = ? AND target_id = ? AND ended_at IS NULL ORDER BY id
            """, arguments: [target.platform, target.kind, target.externalID]).compactMap(grant(from:))
    }

    /// Writes `change` inside the caller's transaction; returns its new grant as stored, if it has one.
    private static func apply(_ change: PremiumChange, in db: Database) throws -> PremiumGrant? {
        for ending in change.endings {
            try db.execute(sql: "UPDATE premium_grant SET ended_at = ?, end_reason = ? WHERE id = ?",
                           arguments: [ending.at, ending.reason.rawValue, ending.grantID])
        }
        var stored: PremiumGrant?
        if var grant = change.newGrant {
            try db.execute(sql: """
                INSERT INTO premium_grant (platform, target_kind, target_id, granted_by, granted_at, expires_at, reason)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [grant.target.platform, grant.target.kind, grant.target.externalID, grant.grantedBy, grant.grantedAt,
                                 grant.expiresAt, grant.reason])
            grant.id = db.lastInsertedRowID
            stored = grant
        }
        for entry in change.audit {
            try db.execute(sql: """
                INSERT INTO premium_audit (action, actor, platform, target_kind, target_id, until, reason, at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [entry.action.rawValue, entry.actor, entry.target.platform, entry.target.kind, entry.target.externalID,
                                 entry.until, entry.reason, entry.at])
        }
        return stored
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
}
