import Foundation
import StoryDomain

/// Web chat rooms, invites, members and sessions (`web_room`, `web_invite`, `web_member`,
/// `web_session`), written once for both engines. Invite codes and session tokens are hashed
/// (SHA-256) here, before they leave the process: the database only ever sees the hashes. Every
/// time is the caller's (the domain's injected clock). With an ``announcer`` (PostgreSQL shared by
/// several processes), a member signed out everywhere is told to the other processes once the
/// transaction commits.
public struct SQLRoomDirectory: RoomDirectory {
    private let executor: any SQLExecutor
    private let announcer: (any ChatAnnouncer)?

    public init(database: some SQLDatabase, announcer: (any ChatAnnouncer)?) {
        executor = database.executor
        self.announcer = announcer
    }

    public func createRoom(_ name: RoomName, at date: Date) async throws -> Room {
        try await executor.transaction { executor in
            let inserted = try await executor.execute("""
                INSERT INTO web_room (key, name, created_at) VALUES (\(name.rawValue), \(name.displayName), \(date))
                ON CONFLICT (key) DO NOTHING
                """)
            guard inserted > 0 else {
                let existing = try await Self.room(key: name.rawValue, in: executor)
                throw RoomAccessError.roomExists(existing?.name.displayName ?? name.displayName)
            }
            return Room(name: name, createdAt: date)
        }
    }

    public func room(key: String) async throws -> Room? {
        try await Self.room(key: key, in: executor)
    }

    public func rooms() async throws -> [Room] {
        try await executor.rows("\(Self.roomSelect) ORDER BY r.created_at, r.id").map(Self.room)
    }

    public func grownUpCount() async throws -> Int {
        try await executor.row("SELECT COUNT(*) AS n FROM web_member WHERE role = 'grown-up' AND removed_at IS NULL")?["n"] ?? 0
    }

    public func addInvite(_ draft: InviteDraft, code: AccessSecret) async throws -> RoomInvite {
        try await executor.transaction { executor in
            guard let room = try await executor.row("SELECT id, key, name FROM web_room WHERE key = \(draft.roomKey)") else {
                throw RoomAccessError.roomNotFound(draft.roomKey)
            }
            let roomID: Int64 = try room["id"]
            guard let id: Int64 = try await executor.row("""
                INSERT INTO web_invite (room_id, code_hash, role, purpose, created_by, created_at, expires_at, max_uses)
                VALUES (\(roomID), \(Self.hash(code)), \(draft.role.rawValue), \(draft.purpose.rawValue), \(String(draft.createdBy.prefix(64))),
                    \(draft.createdAt), \(draft.expiresAt), \(draft.maxUses))
                RETURNING id
                """)?["id"] else { throw StoreSQLError.corrupt("web_invite", "insert returned nothing") }
            return RoomInvite(id: id, room: RoomName(key: try room["key"], displayName: try room["name"]), role: draft.role,
                              purpose: draft.purpose, createdBy: draft.createdBy, createdAt: draft.createdAt, expiresAt: draft.expiresAt,
                              maxUses: draft.maxUses)
        }
    }

    public func invites(roomKey: String, openAt: Date?) async throws -> [RoomInvite] {
        let open: SQLStatement = if let openAt {
            "AND i.revoked_at IS NULL AND i.uses < i.max_uses AND i.expires_at > \(openAt)"
        } else { "" }
        return try await executor.rows("""
            \(Self.inviteListSelect) WHERE r.key = \(roomKey) \(open) ORDER BY i.created_at DESC, i.id DESC
            """).map(Self.listedInvite)
    }

    public func revokeInvite(id: Int64, roomKey: String?, at date: Date) async throws -> Bool {
        let inRoom: SQLStatement = if let roomKey { "AND room_id = (SELECT id FROM web_room WHERE key = \(roomKey))" } else { "" }
        return try await executor.execute("UPDATE web_invite SET revoked_at = \(date) WHERE id = \(id) AND revoked_at IS NULL \(inRoom)") > 0
    }

    public func revokeOpenInvites(purpose: RoomInvite.Purpose, at date: Date) async throws {
        try await executor.execute("""
            UPDATE web_invite SET revoked_at = \(date) WHERE purpose = \(purpose.rawValue) AND revoked_at IS NULL AND uses < max_uses
            """)
    }

    public func invite(code: AccessSecret) async throws -> RoomInvite? {
        try await executor.row("\(Self.inviteSelect) WHERE i.code_hash = \(Self.hash(code))").map(Self.invite)
    }

    public func redeem(code: AccessSecret, memberID: String, name: String, session: AccessSecret, sessionExpiresAt: Date,
                       at date: Date, nameTaken: @escaping @Sendable (String) -> Bool) async throws -> RoomMember {
        try await executor.transaction { executor in
            // The invite row is locked: two people redeeming its last use wait for each other.
            guard let row = try await executor.row("\(Self.inviteSelect) WHERE i.code_hash = \(Self.hash(code)) \(.lockRowsOf("i"))")
            else { throw RoomAccessError.inviteNotFound }
            let invite = try Self.invite(row)
            if invite.role == .grownUp, executor.dialect == .postgres {
                // Grown-ups come in one at a time, so a setup link and another grown-up's invite
                // followed at once cannot both find an install without a grown-up.
                try await executor.execute("SELECT pg_advisory_xact_lock(hashtextextended('web-first-grown-up', 0))")
            }
            let hasGrownUp: Bool = try await executor.row("""
                SELECT EXISTS (SELECT 1 FROM web_member WHERE role = 'grown-up' AND removed_at IS NULL) AS found
                """)?["found"] ?? false
            if let refusal = invite.refusal(at: date, installHasGrownUp: hasGrownUp) { throw refusal }
            let roomID: Int64 = try row["room_id"]
            // Two people joining at once with one name: the second waits for the first (the room's row is locked).
            try await executor.execute("SELECT 1 FROM web_room WHERE id = \(roomID) \(.lockRows)")
            let names: [String] = try await executor.rows("SELECT name FROM web_member WHERE room_id = \(roomID) AND removed_at IS NULL")
                .map { try $0["name"] }
            if let clash = names.first(where: nameTaken) { throw RoomAccessError.nameTaken(clash) }
            try await executor.execute("UPDATE web_invite SET uses = uses + 1 WHERE id = \(invite.id)")
            try await executor.execute("""
                INSERT INTO web_member (id, room_id, invite_id, name, role, joined_at, last_seen_at)
                VALUES (\(memberID), \(roomID), \(invite.id), \(name), \(invite.role.rawValue), \(date), \(date))
                """)
            if invite.role == .grownUp {
                // The install has a grown-up now: every setup link still open retires (listed as revoked).
                try await executor.execute("""
                    UPDATE web_invite SET revoked_at = \(date) WHERE purpose = 'setup' AND revoked_at IS NULL AND uses < max_uses
                    """)
            }
            try await executor.execute("""
                INSERT INTO web_session (token_hash, member_id, created_at, expires_at)
                VALUES (\(Self.hash(session)), \(memberID), \(date), \(sessionExpiresAt))
                """)
            return RoomMember(id: memberID, room: invite.room, name: name, role: invite.role, joinedAt: date, lastSeenAt: date)
        }
    }

    /// A read, unless the member was not seen within ``RoomMember/seenInterval``.
    public func member(session: AccessSecret, at date: Date, extendTo: Date) async throws -> RoomMember? {
        let hash = Self.hash(session)
        guard let found = try await executor.row("""
            \(Self.memberSelect) FROM web_session s JOIN web_member m ON m.id = s.member_id JOIN web_room r ON r.id = m.room_id
            WHERE s.token_hash = \(hash) AND s.ended_at IS NULL AND s.expires_at > \(date) AND m.removed_at IS NULL
            """).map(Self.member) else { return nil }
        guard found.marksSeen(at: date) else { return found }
        try await executor.transaction { executor in
            try await executor.execute("UPDATE web_member SET last_seen_at = \(date) WHERE id = \(found.id)")
            try await executor.execute("""
                UPDATE web_session SET expires_at = \(extendTo) WHERE token_hash = \(hash) AND expires_at < \(extendTo)
                """)
        }
        var member = found
        member.lastSeenAt = date
        return member
    }

    public func members(roomKey: String) async throws -> [RoomMember] {
        try await executor.rows("""
            \(Self.memberSelect) FROM web_member m JOIN web_room r ON r.id = m.room_id
            WHERE r.key = \(roomKey) AND m.removed_at IS NULL ORDER BY m.joined_at, m.\(.insertionOrder)
            """).map(Self.member)
    }

    public func removeMember(id: String, roomKey: String, at date: Date) async throws -> Bool {
        try await executor.transaction { executor in
            guard let row = try await executor.row("""
                SELECT m.role, m.room_id FROM web_member m JOIN web_room r ON r.id = m.room_id
                WHERE m.id = \(id) AND r.key = \(roomKey) AND m.removed_at IS NULL
                """) else { return false }
            let role: String = try row["role"]
            let roomID: Int64 = try row["room_id"]
            if role == RoomRole.grownUp.rawValue {
                // The room's grown-ups are locked: two removing each other cannot leave none.
                let others = try await executor.rows("""
                    SELECT id FROM web_member WHERE room_id = \(roomID) AND role = 'grown-up' AND removed_at IS NULL AND id <> \(id)
                    \(.lockRows)
                    """).count
                guard others > 0 else { throw RoomAccessError.lastGrownUp }
            }
            // The links that could bring someone back in their place stop working first.
            try await executor.execute("""
                UPDATE web_invite SET revoked_at = \(date)
                WHERE revoked_at IS NULL AND uses < max_uses
                  AND (created_by = \(id) OR (max_uses > 1 AND id = (SELECT invite_id FROM web_member WHERE id = \(id))))
                """)
            try await executor.execute("UPDATE web_member SET removed_at = \(date) WHERE id = \(id)")
            try await executor.execute("UPDATE web_session SET ended_at = \(date) WHERE member_id = \(id) AND ended_at IS NULL")
            if let announcer { try await executor.execute(announcer.signedOut(id, room: roomKey)) }
            return true
        }
    }

    /// One statement ends the session: of two processes asking at once, one gets the member.
    public func endSession(_ session: AccessSecret, at date: Date) async throws -> RoomMember? {
        try await executor.transaction { executor in
            guard let ended = try await executor.row("""
                UPDATE web_session SET ended_at = \(date)
                WHERE token_hash = \(Self.hash(session)) AND ended_at IS NULL AND expires_at > \(date) RETURNING member_id
                """) else { return nil }
            let memberID: String = try ended["member_id"]
            return try await executor.row("""
                \(Self.memberSelect) FROM web_member m JOIN web_room r ON r.id = m.room_id WHERE m.id = \(memberID)
                """).map(Self.member)
        }
    }

    @discardableResult
    public func endSessions(memberID: String, at date: Date) async throws -> Int {
        try await executor.transaction { executor in
            let ended = try await executor.execute("UPDATE web_session SET ended_at = \(date) WHERE member_id = \(memberID) AND ended_at IS NULL")
            if let announcer, let room = try await executor.row("""
                SELECT r.key FROM web_member m JOIN web_room r ON r.id = m.room_id WHERE m.id = \(memberID)
                """) {
                try await executor.execute(announcer.signedOut(memberID, room: try room["key"]))
            }
            return ended
        }
    }

    /// One statement: of two processes asking at once, one gets the row.
    public func markWelcomed(memberID: String, at date: Date) async throws -> Bool {
        try await executor.execute("""
            UPDATE web_member SET welcomed_at = \(date) WHERE id = \(memberID) AND welcomed_at IS NULL AND removed_at IS NULL
            """) > 0
    }

    public func setupLinkMember() async throws -> RoomMember? {
        try await executor.row("""
            \(Self.memberSelect) FROM web_member m JOIN web_room r ON r.id = m.room_id JOIN web_invite i ON i.id = m.invite_id
            WHERE i.purpose = 'setup' AND m.role = 'grown-up' AND m.removed_at IS NULL ORDER BY m.joined_at, m.\(.insertionOrder) LIMIT 1
            """).map(Self.member)
    }

    public func roomShows(image: ImageID, roomKey: String) async throws -> Bool {
        try await executor.row("""
            SELECT EXISTS (SELECT 1 FROM page p JOIN story s ON s.id = p.story_id JOIN family f ON f.id = s.family_id
                           WHERE p.image_id = \(image.rawValue) AND f.platform = \(Platform.web) AND f.external_id = \(roomKey))
                OR EXISTS (SELECT 1 FROM cast_member c JOIN family f ON f.id = c.family_id
                           WHERE c.portrait_id = \(image.rawValue) AND f.platform = \(Platform.web) AND f.external_id = \(roomKey)) AS shown
            """)?["shown"] ?? false
    }

    // MARK: Rows

    private static let roomSelect: SQLStatement = """
        SELECT r.*,
               (SELECT COUNT(*) FROM web_member m WHERE m.room_id = r.id AND m.removed_at IS NULL) AS member_count,
               (SELECT COUNT(*) FROM web_member m WHERE m.room_id = r.id AND m.removed_at IS NULL AND m.role = 'grown-up') AS grown_ups
        FROM web_room r
        """

    private static let inviteSelect: SQLStatement =
        "SELECT i.*, r.key AS room_key, r.name AS room_name FROM web_invite i JOIN web_room r ON r.id = i.room_id"

    /// The invites with who made them and who used them, in the order they joined (names
    /// joined by ``nameSeparator``).
    private static let inviteListSelect: SQLStatement = """
        SELECT i.*, r.key AS room_key, r.name AS room_name,
               (SELECT c.name FROM web_member c WHERE c.id = i.created_by) AS creator_name,
               (SELECT \(.joinTexts)(u.name, \(String(nameSeparator))) FROM (
                   SELECT name FROM web_member WHERE invite_id = i.id ORDER BY joined_at, \(.insertionOrder)) u) AS used_by
        FROM web_invite i JOIN web_room r ON r.id = i.room_id
        """

    /// Between the names of an invite's users in ``inviteListSelect`` (a member's name never holds it).
    static let nameSeparator: Character = "\u{1F}"

    /// A member's columns with their room's (the caller adds `FROM`, naming them `m` and `r`).
    private static let memberSelect: SQLStatement = "SELECT m.*, r.key AS room_key, r.name AS room_name"

    private static func room(key: String, in executor: any SQLExecutor) async throws -> Room? {
        try await executor.row("\(roomSelect) WHERE r.key = \(key)").map(room)
    }

    private static func room(_ row: any SQLRow) throws -> Room {
        Room(name: RoomName(key: try row["key"], displayName: try row["name"]), createdAt: try row["created_at"],
             memberCount: try row["member_count"], grownUpCount: try row["grown_ups"])
    }

    private static func invite(_ row: any SQLRow) throws -> RoomInvite {
        RoomInvite(id: try row["id"], room: RoomName(key: try row["room_key"], displayName: try row["room_name"]),
                   role: RoomRole(rawValue: try row["role"]) ?? .child,
                   purpose: RoomInvite.Purpose(rawValue: try row["purpose"]) ?? .invite,
                   createdBy: try row["created_by"], createdAt: try row["created_at"], expiresAt: try row["expires_at"],
                   maxUses: try row["max_uses"], uses: try row["uses"], revokedAt: try row["revoked_at"])
    }

    private static func listedInvite(_ row: any SQLRow) throws -> RoomInvite {
        var invite = try invite(row)
        invite.creatorName = try row["creator_name"]
        invite.usedBy = (try row["used_by"] as String?)?.split(separator: nameSeparator).map(String.init) ?? []
        return invite
    }

    private static func member(_ row: any SQLRow) throws -> RoomMember {
        RoomMember(id: try row["id"], room: RoomName(key: try row["room_key"], displayName: try row["room_name"]), name: try row["name"],
                   role: RoomRole(rawValue: try row["role"]) ?? .child, joinedAt: try row["joined_at"], lastSeenAt: try row["last_seen_at"])
    }

    /// The stored form of a secret: SHA-256, lowercase hex.
    static func hash(_ secret: AccessSecret) -> String { ContentAddress.of(Data(secret.rawValue.utf8)) }
}
