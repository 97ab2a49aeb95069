import Foundation
import GRDB
import StoryDomain

/// Web chat rooms, invites, members and sessions in SQLite (`web_room`, `web_invite`,
/// `web_member`, `web_session`). Invite codes and session tokens are kept as SHA-256 hashes.
public struct SQLiteRoomDirectory: RoomDirectory {
    /// A session is marked seen (and extended) at most this often, so reading pictures and
    /// reconnecting stay reads.
    static let touchInterval: TimeInterval = 3_600

    private let database: AppDatabase

    public init(database: AppDatabase) { self.database = database }

    public func createRoom(_ name: RoomName, at date: Date) async throws -> Room {
        try await database.writer.write { db in
            if let existing = try Self.room(key: name.rawValue, in: db) {
                throw RoomAccessError.roomExists(existing.name.displayName)
            }
            try db.execute(sql: "INSERT INTO web_room (key, name, created_at) VALUES (?, ?, ?)",
                           arguments: [name.rawValue, name.displayName, date])
            return Room(name: name, createdAt: date)
        }
    }

    public func room(key: String) async throws -> Room? {
        try await database.writer.read { db in try Self.room(key: key, in: db) }
    }

    public func rooms() async throws -> [Room] {
        try await database.writer.read { db in
            try Row.fetchAll(db, sql: "\(Self.roomSelect) ORDER BY r.created_at, r.id").map(Self.room)
        }
    }

    public func grownUpCount() async throws -> Int {
        try await database.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM web_member WHERE role = 'grown-up' AND removed_at IS NULL") ?? 0
        }
    }

    public func addInvite(_ draft: InviteDraft, code: AccessSecret) async throws -> RoomInvite {
        try await database.writer.write { db in
            guard let room = try Self.roomRow(key: draft.roomKey, in: db) else { throw RoomAccessError.roomNotFound(draft.roomKey) }
            try db.execute(sql: """
                INSERT INTO web_invite (room_id, code_hash, role, purpose, created_by, created_at, expires_at, max_uses)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [room.id, Self.hash(code), draft.role.rawValue, draft.purpose.rawValue, String(draft.createdBy.prefix(64)),
                                 draft.createdAt, draft.expiresAt, draft.maxUses])
            return RoomInvite(id: db.lastInsertedRowID, room: room.name, role: draft.role, purpose: draft.purpose,
                              createdBy: draft.createdBy, createdAt: draft.createdAt, expiresAt: draft.expiresAt, maxUses: draft.maxUses)
        }
    }

    public func invites(roomKey: String, openAt: Date?) async throws -> [RoomInvite] {
        try await database.writer.read { db in
            var sql = "\(Self.inviteListSelect) WHERE r.key = ?"
            var arguments: StatementArguments = [roomKey]
            if let openAt {
                sql += " AND i.revoked_at IS NULL AND i.uses < i.max_uses AND i.expires_at > ?"
                arguments += [openAt]
            }
            return try Row.fetchAll(db, sql: sql + " ORDER BY i.created_at DESC, i.id DESC", arguments: arguments).map(Self.listedInvite)
        }
    }

    public func revokeInvite(id: Int64, roomKey: String?, at date: Date) async throws -> Bool {
        try await database.writer.write { db in
            try db.execute(sql: """
                UPDATE web_invite SET revoked_at = ?
                WHERE id = ? AND revoked_at IS NULL AND (? IS NULL OR room_id = (SELECT id FROM web_room WHERE key = ?))
                """, arguments: [date, id, roomKey, roomKey])
            return db.changesCount > 0
        }
    }

    public func revokeOpenInvites(purpose: RoomInvite.Purpose, at date: Date) async throws {
        try await database.writer.write { db in
            try db.execute(sql: "UPDATE web_invite SET revoked_at = ? WHERE purpose = ? AND revoked_at IS NULL AND uses < max_uses",
                           arguments: [date, purpose.rawValue])
        }
    }

    public func invite(code: AccessSecret) async throws -> RoomInvite? {
        try await database.writer.read { db in
            try Row.fetchOne(db, sql: "\(Self.inviteSelect) WHERE i.code_hash = ?", arguments: [Self.hash(code)]).map(Self.invite)
        }
    }

    public func redeem(code: AccessSecret, memberID: String, name: String, session: AccessSecret, sessionExpiresAt: Date,
                       at date: Date, nameTaken: @escaping @Sendable (String) -> Bool) async throws -> RoomMember {
        try await database.writer.write { db in
            guard let row = try Row.fetchOne(db, sql: "\(Self.inviteSelect) WHERE i.code_hash = ?", arguments: [Self.hash(code)]) else {
                throw RoomAccessError.inviteNotFound
            }
            let invite = Self.invite(row)
            let hasGrownUp = try Bool.fetchOne(db, sql: Self.anyGrownUp) ?? false
            if let refusal = invite.refusal(at: date, installHasGrownUp: hasGrownUp) { throw refusal }
            let roomID: Int64 = row["room_id"]
            let names = try String.fetchAll(db, sql: "SELECT name FROM web_member WHERE room_id = ? AND removed_at IS NULL", arguments: [roomID])
            if let clash = names.first(where: nameTaken) { throw RoomAccessError.nameTaken(clash) }
            try db.execute(sql: "UPDATE web_invite SET uses = uses + 1 WHERE id = ?", arguments: [invite.id])
            try db.execute(sql: """
                INSERT INTO web_member (id, room_id, invite_id, name, role, joined_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [memberID, roomID, invite.id, name, invite.role.rawValue, date, date])
            if invite.role == .grownUp {
                // The install has a grown-up now: every setup link still open retires (listed as revoked).
                try db.execute(sql: "UPDATE web_invite SET revoked_at = ? WHERE purpose = 'setup' AND revoked_at IS NULL AND uses < max_uses",
                               arguments: [date])
            }
            try db.execute(sql: "INSERT INTO web_session (token_hash, member_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
                           arguments: [Self.hash(session), memberID, date, sessionExpiresAt])
            return RoomMember(id: memberID, room: invite.room, name: name, role: invite.role, joinedAt: date, lastSeenAt: date)
        }
    }

    public func member(session: AccessSecret, at date: Date, extendTo: Date) async throws -> RoomMember? {
        let hash = Self.hash(session)
        let sql = """
            SELECT m.*, r.key AS room_key, r.name AS room_name FROM web_session s
            JOIN web_member m ON m.id = s.member_id JOIN web_room r ON r.id = m.room_id
            WHERE s.token_hash = ? AND s.ended_at IS NULL AND s.expires_at > ? AND m.removed_at IS NULL
            """
        guard let found = try await database.writer.read({ db in
            try Row.fetchOne(db, sql: sql, arguments: [hash, date]).map(Self.member)
        }) else { return nil }
        if let seen = found.lastSeenAt, date.timeIntervalSince(seen) < Self.touchInterval { return found }
        try await database.writer.write { db in
            try db.execute(sql: "UPDATE web_member SET last_seen_at = ? WHERE id = ?", arguments: [date, found.id])
            try db.execute(sql: "UPDATE web_session SET expires_at = max(expires_at, ?) WHERE token_hash = ?", arguments: [extendTo, hash])
        }
        var member = found
        member.lastSeenAt = date
        return member
    }

    public func members(roomKey: String) async throws -> [RoomMember] {
        try await database.writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT m.*, r.key AS room_key, r.name AS room_name FROM web_member m JOIN web_room r ON r.id = m.room_id
                WHERE r.key = ? AND m.removed_at IS NULL ORDER BY m.joined_at, m.rowid
                """, arguments: [roomKey]).map(Self.member)
        }
    }

    public func removeMember(id: String, roomKey: String, at date: Date) async throws -> Bool {
        try await database.writer.write { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT m.role, m.room_id FROM web_member m JOIN web_room r ON r.id = m.room_id
                WHERE m.id = ? AND r.key = ? AND m.removed_at IS NULL
                """, arguments: [id, roomKey]) else { return false }
            let role: String = row["role"]
            let roomID: Int64 = row["room_id"]
            if role == RoomRole.grownUp.rawValue {
                let others = try Int.fetchOne(db, sql: """
                    SELECT COUNT(*) FROM web_member WHERE room_id = ? AND role = 'grown-up' AND removed_at IS NULL AND id != ?
                    """, arguments: [roomID, id]) ?? 0
                guard others > 0 else { throw RoomAccessError.lastGrownUp }
            }
            // The links that could bring someone back in their place stop working first.
            try db.execute(sql: """
                UPDATE web_invite SET revoked_at = ?
                WHERE revoked_at IS NULL AND uses < max_uses
                  AND (created_by = ? OR (max_uses > 1 AND id = (SELECT invite_id FROM web_member WHERE id = ?)))
                """, arguments: [date, id, id])
            try db.execute(sql: "UPDATE web_member SET removed_at = ? WHERE id = ?", arguments: [date, id])
            try db.execute(sql: "UPDATE web_session SET ended_at = ? WHERE member_id = ? AND ended_at IS NULL", arguments: [date, id])
            return true
        }
    }

    public func endSession(_ session: AccessSecret, at date: Date) async throws -> RoomMember? {
        try await database.writer.write { db in
            let hash = Self.hash(session)
            guard let member = try Row.fetchOne(db, sql: """
                SELECT m.*, r.key AS room_key, r.name AS room_name FROM web_session s
                JOIN web_member m ON m.id = s.member_id JOIN web_room r ON r.id = m.room_id
                WHERE s.token_hash = ? AND s.ended_at IS NULL AND s.expires_at > ?
                """, arguments: [hash, date]).map(Self.member) else { return nil }
            try db.execute(sql: "UPDATE web_session SET ended_at = ? WHERE token_hash = ?", arguments: [date, hash])
            return member
        }
    }

    @discardableResult
    public func endSessions(memberID: String, at date: Date) async throws -> Int {
        try await database.writer.write { db in
            try db.execute(sql: "UPDATE web_session SET ended_at = ? WHERE member_id = ? AND ended_at IS NULL", arguments: [date, memberID])
            return db.changesCount
        }
    }

    public func markWelcomed(memberID: String, at date: Date) async throws -> Bool {
        try await database.writer.write { db in
            try db.execute(sql: "UPDATE web_member SET welcomed_at = ? WHERE id = ? AND welcomed_at IS NULL AND removed_at IS NULL",
                           arguments: [date, memberID])
            return db.changesCount > 0
        }
    }

    public func setupLinkMember() async throws -> RoomMember? {
        try await database.writer.read { db in
            try Row.fetchOne(db, sql: """
                SELECT m.*, r.key AS room_key, r.name AS room_name FROM web_member m
                JOIN web_room r ON r.id = m.room_id JOIN web_invite i ON i.id = m.invite_id
                WHERE i.purpose = 'setup' AND m.role = 'grown-up' AND m.removed_at IS NULL ORDER BY m.joined_at, m.rowid LIMIT 1
                """).map(Self.member)
        }
    }

    public func roomShows(image: ImageID, roomKey: String) async throws -> Bool {
        try await database.writer.read { db in
            try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM page p JOIN story s ON s.id = p.story_id JOIN family f ON f.id = s.family_id
                               WHERE p.image_id = ? AND f.platform = ? AND f.external_id = ?)
                    OR EXISTS (SELECT 1 FROM cast_member c JOIN family f ON f.id = c.family_id
                               WHERE c.portrait_id = ? AND f.platform = ? AND f.external_id = ?)
                """, arguments: [image.rawValue, Platform.web, roomKey, image.rawValue, Platform.web, roomKey]) ?? false
        }
    }

    // MARK: Rows

    private static let roomSelect = """
        SELECT r.*,
               (SELECT COUNT(*) FROM web_member m WHERE m.room_id = r.id AND m.removed_at IS NULL) AS member_count,
               (SELECT COUNT(*) FROM web_member m WHERE m.room_id = r.id AND m.removed_at IS NULL AND m.role = 'grown-up') AS grown_ups
        FROM web_room r
        """

    /// Whether any room has a grown-up (not removed).
    private static let anyGrownUp = "SELECT EXISTS (SELECT 1 FROM web_member WHERE role = 'grown-up' AND removed_at IS NULL)"

    private static let inviteSelect = "SELECT i.*, r.key AS room_key, r.name AS room_name FROM web_invite i JOIN web_room r ON r.id = i.room_id"

    /// The invites with who made them and who used them (names joined by ``nameSeparator``).
    private static let inviteListSelect = """
        SELECT i.*, r.key AS room_key, r.name AS room_name,
               (SELECT c.name FROM web_member c WHERE c.id = i.created_by) AS creator_name,
               (SELECT group_concat(u.name, char(31)) FROM web_member u WHERE u.invite_id = i.id) AS used_by
        FROM web_invite i JOIN web_room r ON r.id = i.room_id
        """

    /// Between the names of an invite's users in ``inviteListSelect`` (a member's name never holds it).
    static let nameSeparator: Character = "\u{1F}"

    private static func room(key: String, in db: Database) throws -> Room? {
        try Row.fetchOne(db, sql: "\(roomSelect) WHERE r.key = ?", arguments: [key]).map(room)
    }

    private static func roomRow(key: String, in db: Database) throws -> (id: Int64, name: RoomName)? {
        try Row.fetchOne(db, sql: "SELECT id, key, name FROM web_room WHERE key = ?", arguments: [key]).map {
            ($0["id"], RoomName(key: $0["key"], displayName: $0["name"]))
        }
    }

    private static func room(_ row: Row) -> Room {
        Room(name: RoomName(key: row["key"], displayName: row["name"]), createdAt: row["created_at"],
             memberCount: row["member_count"], grownUpCount: row["grown_ups"])
    }

    private static func invite(_ row: Row) -> RoomInvite {
        RoomInvite(id: row["id"], room: RoomName(key: row["room_key"], displayName: row["room_name"]),
                   role: RoomRole(rawValue: row["role"]) ?? .child, purpose: RoomInvite.Purpose(rawValue: row["purpose"]) ?? .invite,
                   createdBy: row["created_by"], createdAt: row["created_at"], expiresAt: row["expires_at"],
                   maxUses: row["max_uses"], uses: row["uses"], revokedAt: row["revoked_at"])
    }

    private static func listedInvite(_ row: Row) -> RoomInvite {
        var invite = invite(row)
        invite.creatorName = row["creator_name"]
        invite.usedBy = (row["used_by"] as String?)?.split(separator: nameSeparator).map(String.init) ?? []
        return invite
    }

    private static func member(_ row: Row) -> RoomMember {
        RoomMember(id: row["id"], room: RoomName(key: row["room_key"], displayName: row["room_name"]), name: row["name"],
                   role: RoomRole(rawValue: row["role"]) ?? .child, joinedAt: row["joined_at"], lastSeenAt: row["last_seen_at"])
    }

    static func hash(_ secret: AccessSecret) -> String { SHA256.hex(of: Data(secret.rawValue.utf8)) }
}
