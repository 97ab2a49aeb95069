import Foundation
import StoryDomain

/// Rooms, invites, members and sessions in memory, keeping the stores' contract (one
/// transaction per call): for unit tests of ``RoomAccess`` and what builds on it.
public actor InMemoryRoomDirectory: RoomDirectory {
    private struct StoredInvite {
        var invite: RoomInvite
        var codeHash: String
    }

    private struct StoredMember {
        var member: RoomMember
        var inviteID: Int64
        var removed = false
        var welcomed = false
    }

    private var rooms: [Room] = []
    private var invites: [StoredInvite] = []
    private var members: [StoredMember] = []
    private var sessions: [String: (memberID: String, expires: Date)] = [:]

    public init() {}

    public func createRoom(_ name: RoomName, at date: Date) async throws -> Room {
        if let existing = rooms.first(where: { $0.key == name.rawValue }) { throw RoomAccessError.roomExists(existing.name.displayName) }
        let room = Room(name: name, createdAt: date)
        rooms.append(room)
        return room
    }

    public func room(key: String) async throws -> Room? { rooms.first { $0.key == key }.map(counted) }

    public func rooms() async throws -> [Room] { rooms.map(counted) }

    public func grownUpCount() async throws -> Int { live.filter { $0.role == .grownUp }.count }

    public func addInvite(_ draft: InviteDraft, code: AccessSecret) async throws -> RoomInvite {
        guard let room = rooms.first(where: { $0.key == draft.roomKey }) else { throw RoomAccessError.roomNotFound(draft.roomKey) }
        let invite = RoomInvite(id: Int64(invites.count + 1), room: room.name, role: draft.role, purpose: draft.purpose,
                                createdBy: draft.createdBy, createdAt: draft.createdAt, expiresAt: draft.expiresAt, maxUses: draft.maxUses)
        invites.append(StoredInvite(invite: invite, codeHash: code.rawValue))
        return invite
    }

    public func invites(roomKey: String, openAt: Date?) async throws -> [RoomInvite] {
        invites.map(\.invite).filter { invite in
            invite.room.rawValue == roomKey && (openAt.map { invite.state(at: $0) == .open } ?? true)
        }.reversed()
    }

    public func revokeInvite(id: Int64, roomKey: String?, at date: Date) async throws -> Bool {
        guard let index = invites.firstIndex(where: { $0.invite.id == id && (roomKey == nil || $0.invite.room.rawValue == roomKey) }),
              invites[index].invite.revokedAt == nil else { return false }
        invites[index].invite.revokedAt = date
        return true
    }

    public func revokeOpenInvites(purpose: RoomInvite.Purpose, at date: Date) async throws {
        for index in invites.indices where invites[index].invite.purpose == purpose && invites[index].invite.revokedAt == nil
            && invites[index].invite.uses < invites[index].invite.maxUses {
            invites[index].invite.revokedAt = date
        }
    }

    public func invite(code: AccessSecret) async throws -> RoomInvite? {
        invites.first(where: { $0.codeHash == code.rawValue })?.invite
    }

    public func redeem(code: AccessSecret, memberID: String, name: String, session: AccessSecret, sessionExpiresAt: Date,
                       at date: Date, nameTaken: @escaping @Sendable (String) -> Bool) async throws -> RoomMember {
        guard let index = invites.firstIndex(where: { $0.codeHash == code.rawValue }) else { throw RoomAccessError.inviteNotFound }
        let invite = invites[index].invite
        let hasGrownUp = live.contains { $0.role == .grownUp }
        if let refusal = invite.refusal(at: date, installHasGrownUp: hasGrownUp) { throw refusal }
        if let clash = live.filter({ $0.room == invite.room }).map(\.name).first(where: nameTaken) { throw RoomAccessError.nameTaken(clash) }
        invites[index].invite.uses += 1
        let member = RoomMember(id: memberID, room: invite.room, name: name, role: invite.role, joinedAt: date, lastSeenAt: date)
        members.append(StoredMember(member: member, inviteID: invite.id))
        sessions[session.rawValue] = (memberID, sessionExpiresAt)
        if invite.role == .grownUp { try await revokeOpenInvites(purpose: .setup, at: date) }
        return member
    }

    public func member(session: AccessSecret, at date: Date, extendTo: Date) async throws -> RoomMember? {
        guard let found = sessions[session.rawValue], found.expires > date,
              let member = members.first(where: { $0.member.id == found.memberID && !$0.removed }) else { return nil }
        sessions[session.rawValue] = (found.memberID, max(found.expires, extendTo))
        return member.member
    }

    public func members(roomKey: String) async throws -> [RoomMember] { live.filter { $0.room.rawValue == roomKey } }

    public func removeMember(id: String, roomKey: String, at date: Date) async throws -> Bool {
        guard let index = members.firstIndex(where: { $0.member.id == id && $0.member.room.rawValue == roomKey && !$0.removed }) else {
            return false
        }
        if members[index].member.role == .grownUp,
           !live.contains(where: { $0.room.rawValue == roomKey && $0.role == .grownUp && $0.id != id }) {
            throw RoomAccessError.lastGrownUp
        }
        members[index].removed = true
        sessions = sessions.filter { $0.value.memberID != id }
        for invite in invites.indices where invites[invite].invite.revokedAt == nil
            && (invites[invite].invite.createdBy == id
                || (invites[invite].invite.id == members[index].inviteID && invites[invite].invite.maxUses > 1)) {
            invites[invite].invite.revokedAt = date
        }
        return true
    }

    public func endSession(_ session: AccessSecret, at date: Date) async throws -> RoomMember? {
        guard let found = sessions.removeValue(forKey: session.rawValue), found.expires > date else { return nil }
        return live.first { $0.id == found.memberID }
    }

    @discardableResult
    public func endSessions(memberID: String, at date: Date) async throws -> Int {
        let ending = sessions.filter { $0.value.memberID == memberID && $0.value.expires > date }
        sessions = sessions.filter { $0.value.memberID != memberID }
        return ending.count
    }

    public func setupLinkMember() async throws -> RoomMember? {
        let setupInvites = Set(invites.filter { $0.invite.purpose == .setup }.map(\.invite.id))
        return members.first { !$0.removed && $0.member.role == .grownUp && setupInvites.contains($0.inviteID) }?.member
    }

    public func markWelcomed(memberID: String, at date: Date) async throws -> Bool {
        guard let index = members.firstIndex(where: { $0.member.id == memberID && !$0.removed && !$0.welcomed }) else { return false }
        members[index].welcomed = true
        return true
    }

    public func roomShows(image: ImageID, roomKey: String) async throws -> Bool { false }

    private var live: [RoomMember] { members.filter { !$0.removed }.map(\.member) }

    private func counted(_ room: Room) -> Room {
        var room = room
        let inRoom = live.filter { $0.room.rawValue == room.key }
        room.memberCount = inRoom.count
        room.grownUpCount = inRoom.filter { $0.role == .grownUp }.count
        return room
    }
}
