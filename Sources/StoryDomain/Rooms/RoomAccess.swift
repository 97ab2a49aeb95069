import Foundation

/// The web chat's doors: rooms, invites, members and their sessions. Invites are the only way
/// in; a session is the only identity (never a name or id a page sends).
public struct RoomAccess: Sendable {
    /// How long a session lasts without being used (each use extends it). It keeps sliding: a
    /// family's bedtime tablet is not signed out every season; a lost phone is dealt with by
    /// removing its member or by their "sign out everywhere" (docs/features.md, "Signing out").
    public static let sessionLifetime: TimeInterval = 180 * 86_400
    /// The setup link's lifetime.
    public static let setupLifetime: TimeInterval = 7 * 86_400
    /// The room a fresh install's setup link opens.
    public static let firstRoomName = "Family"

    private let directory: any RoomDirectory
    private let clock: any WallClock
    private let memberRemoved: @Sendable (RoomMember) async -> Void

    /// - Parameter memberRemoved: told after every session of a member ended (removed, or signed
    ///   out everywhere): to close their open pages.
    public init(directory: any RoomDirectory, clock: any WallClock,
                memberRemoved: @escaping @Sendable (RoomMember) async -> Void = { _ in }) {
        self.directory = directory
        self.clock = clock
        self.memberRemoved = memberRemoved
    }

    // MARK: Rooms

    /// Makes a room; its name is kept as written once cleaned.
    public func createRoom(named raw: String) async throws -> Room {
        guard let name = RoomName(normalizing: raw) else { throw RoomAccessError.emptyRoomName }
        return try await directory.createRoom(name, at: clock.now())
    }

    /// The room with this name (matched by key: case and spaces do not matter).
    public func room(named raw: String) async throws -> Room {
        guard let name = RoomName(normalizing: raw) else { throw RoomAccessError.emptyRoomName }
        guard let room = try await directory.room(key: name.rawValue) else { throw RoomAccessError.roomNotFound(name.displayName) }
        return room
    }

    public func room(key: String) async throws -> Room? { try await directory.room(key: key) }

    public func rooms() async throws -> [Room] { try await directory.rooms() }

    // MARK: Invites

    /// A new invite into the room; its code is in the result only.
    public func invite(to roomKey: String, role: RoomRole, by creator: String, terms: InviteTerms = .standard,
                       purpose: RoomInvite.Purpose = .invite) async throws -> IssuedInvite {
        guard InviteTerms.lifetimes.contains(terms.lifetime) || purpose == .setup else { throw RoomAccessError.badLifetime }
        guard InviteTerms.uses.contains(terms.uses) else { throw RoomAccessError.badUses }
        let now = clock.now()
        let code = AccessSecret.random(bytes: AccessSecret.inviteBytes)
        let draft = InviteDraft(roomKey: roomKey, role: role, purpose: purpose, createdBy: creator, createdAt: now,
                                expiresAt: now + terms.lifetime, maxUses: terms.uses)
        return IssuedInvite(invite: try await directory.addInvite(draft, code: code), code: code)
    }

    /// On a fresh install (no grown-up in any room), a one-use grown-up invite to the first
    /// room, made now: a room named “Family” when there is none, else the `family` room or the
    /// oldest. Earlier setup links stop working, so only the newest one printed opens the door.
    /// Nil once any room has a grown-up.
    public func setupInviteIfNeeded() async throws -> IssuedInvite? {
        guard try await directory.grownUpCount() == 0 else { return nil }
        let rooms = try await directory.rooms()
        let first = RoomName(normalizing: Self.firstRoomName)!
        let room: Room
        if let existing = rooms.first(where: { $0.key == first.rawValue }) ?? rooms.first {
            room = existing
        } else {
            room = try await directory.createRoom(first, at: clock.now())
        }
        try await directory.revokeOpenInvites(purpose: .setup, at: clock.now())
        return try await invite(to: room.key, role: .grownUp, by: "setup", terms: InviteTerms(lifetime: Self.setupLifetime, uses: 1),
                                purpose: .setup)
    }

    /// The room's invites still open, newest first.
    public func openInvites(of roomKey: String) async throws -> [RoomInvite] {
        try await directory.invites(roomKey: roomKey, openAt: clock.now())
    }

    /// Every invite of the room, newest first (for the shell).
    public func allInvites(of roomKey: String) async throws -> [RoomInvite] {
        try await directory.invites(roomKey: roomKey, openAt: nil)
    }

    /// Revokes an invite of the room (of any room when nil).
    public func revokeInvite(_ id: Int64, in roomKey: String?) async throws {
        guard try await directory.revokeInvite(id: id, roomKey: roomKey, at: clock.now()) else {
            throw RoomAccessError.inviteNotFound
        }
    }

    // MARK: Members and sessions

    /// Follows an invite: `invite` is the whole link or its code, `name` what the person is
    /// called in the room: their own (no role word, not the bot's name), and nobody else's there
    /// (``MemberNameRule``). The name is checked first, so a typing mistake does not use the invite.
    public func join(invite: String, name: String) async throws -> JoinedMember {
        guard let memberName = MemberName.clean(name) else { throw RoomAccessError.emptyMemberName }
        guard !MemberNameRule.isReserved(memberName) else { throw RoomAccessError.reservedName }
        guard let code = AccessSecret(link: invite) else { throw RoomAccessError.inviteNotFound }
        let now = clock.now()
        let session = AccessSecret.random(bytes: AccessSecret.sessionBytes)
        let expires = now + Self.sessionLifetime
        let member = try await directory.redeem(code: code, memberID: Self.newMemberID(), name: memberName, session: session,
                                                sessionExpiresAt: expires, at: now,
                                                nameTaken: { MemberNameRule.isSameName($0, memberName) })
        return JoinedMember(member: member, session: session, sessionExpiresAt: expires)
    }

    /// What an invite opens, without following it or counting a use: its room and role, for the
    /// join page to name before anyone leaves the room they are in. Throws what ``join(invite:name:)``
    /// would for a code that no longer opens the door (unknown, expired, revoked, used up, retired).
    public func preview(invite: String) async throws -> RoomInvite {
        guard let code = AccessSecret(link: invite), let found = try await directory.invite(code: code) else {
            throw RoomAccessError.inviteNotFound
        }
        let installHasGrownUp = try await directory.grownUpCount() > 0
        if let refusal = found.refusal(at: clock.now(), installHasGrownUp: installHasGrownUp) { throw refusal }
        return found
    }

    /// The member whose browser holds this session (nil for anything else: unknown, expired,
    /// removed, malformed). Each use extends the session.
    public func member(session raw: String) async throws -> RoomMember? {
        guard let session = AccessSecret(rawValue: raw) else { return nil }
        let now = clock.now()
        return try await directory.member(session: session, at: now, extendTo: now + Self.sessionLifetime)
    }

    /// The room's members in the order they joined.
    public func members(of roomKey: String) async throws -> [RoomMember] {
        try await directory.members(roomKey: roomKey)
    }

    /// Removes a member, named by their number in ``members(of:)`` (1-based), their id, or their
    /// name (when only one member has it). Their browser is signed out at once.
    @discardableResult
    public func remove(_ query: String, from roomKey: String) async throws -> RoomMember {
        let members = try await directory.members(roomKey: roomKey)
        let member = try Self.find(query, in: members)
        guard try await directory.removeMember(id: member.id, roomKey: roomKey, at: clock.now()) else {
            throw RoomAccessError.memberNotFound(query)
        }
        await memberRemoved(member)
        return member
    }

    /// Signs one browser out: its session ends (the member stays). The member it belonged to,
    /// nil when the session was not live.
    @discardableResult
    public func signOut(session raw: String) async throws -> RoomMember? {
        guard let session = AccessSecret(rawValue: raw) else { return nil }
        return try await directory.endSession(session, at: clock.now())
    }

    /// Signs the member out on every browser: all their sessions end and their open pages close.
    public func signOutEverywhere(_ member: RoomMember) async throws {
        try await directory.endSessions(memberID: member.id, at: clock.now())
        await memberRemoved(member)
    }

    /// Signs the member of the room with this id out on every browser (from the chat, where
    /// only the id is known); nothing when they are not a member.
    public func signOutEverywhere(memberID: String, room roomKey: String) async throws {
        guard let member = try await directory.members(roomKey: roomKey).first(where: { $0.id == memberID }) else { return }
        try await signOutEverywhere(member)
    }

    /// Whether this is the member's first connection to the chat (then they are welcomed):
    /// true once per member, however many browsers, reconnections, processes or restarts.
    public func isFirstVisit(_ member: RoomMember) async throws -> Bool {
        try await directory.markWelcomed(memberID: member.id, at: clock.now())
    }

    /// Whether the member's room holds the picture (pictures are served only to them).
    public func mayShow(_ image: ImageID, to member: RoomMember) async throws -> Bool {
        try await directory.roomShows(image: image, roomKey: member.room.rawValue)
    }

    static func find(_ query: String, in members: [RoomMember]) throws -> RoomMember {
        let wanted = query.trimmingCharacters(in: .whitespaces)
        if let number = Int(wanted), members.indices.contains(number - 1) { return members[number - 1] }
        if let byID = members.first(where: { $0.id == wanted.lowercased() }) { return byID }
        let named = members.filter { $0.name.compare(wanted, options: [.caseInsensitive, .diacriticInsensitive]) == .orderedSame }
        guard !named.isEmpty else { throw RoomAccessError.memberNotFound(String(wanted.prefix(40))) }
        guard named.count == 1 else { throw RoomAccessError.ambiguousMember(named[0].name) }
        return named[0]
    }

    /// A member id: `w` and 11 characters of lowercase base32 (55 bits), unique in practice and
    /// checked by the store.
    static func newMemberID() -> String {
        var generator = SystemRandomNumberGenerator()
        return "w" + ShortID.make(length: 11, using: &generator)
    }
}
