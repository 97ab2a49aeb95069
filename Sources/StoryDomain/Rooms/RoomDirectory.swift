import Foundation

/// Where rooms, members, invites and sessions are kept. Secrets are given to it in the clear
/// and it keeps only their hashes.
public protocol RoomDirectory: Sendable {
    /// Adds a room; throws ``RoomAccessError/roomExists(_:)`` when its key is taken.
    func createRoom(_ name: RoomName, at date: Date) async throws -> Room
    func room(key: String) async throws -> Room?
    /// Every room, oldest first, with member counts.
    func rooms() async throws -> [Room]
    /// Grown-ups not removed, in every room.
    func grownUpCount() async throws -> Int

    func addInvite(_ draft: InviteDraft, code: AccessSecret) async throws -> RoomInvite
    /// The room's invites, newest first (`openAt`: only those still open at that time).
    func invites(roomKey: String, openAt: Date?) async throws -> [RoomInvite]
    /// Revokes an invite of the room (any room when nil); false when there is none to revoke.
    func revokeInvite(id: Int64, roomKey: String?, at date: Date) async throws -> Bool
    /// Revokes every open invite made for `purpose` (an earlier setup link).
    func revokeOpenInvites(purpose: RoomInvite.Purpose, at date: Date) async throws

    /// The invite with this code, whatever its state (nil: no such code). Nothing changes.
    func invite(code: AccessSecret) async throws -> RoomInvite?

    /// In one transaction: checks the invite (throwing ``RoomAccessError`` when it no longer
    /// opens the door), refuses a name `nameTaken` says clashes with a member's of the room
    /// (``RoomAccessError/nameTaken(_:)``, the invite unused), counts its use, adds the member
    /// and their session.
    func redeem(code: AccessSecret, memberID: String, name: String, session: AccessSecret, sessionExpiresAt: Date,
                at date: Date, nameTaken: @escaping @Sendable (_ memberName: String) -> Bool) async throws -> RoomMember
    /// The member holding a live session; marks them seen and extends the session to `extendTo`.
    func member(session: AccessSecret, at date: Date, extendTo: Date) async throws -> RoomMember?
    /// Members not removed, in the order they joined.
    func members(roomKey: String) async throws -> [RoomMember]
    /// In one transaction: removes the member, ends their sessions and revokes the invites that
    /// could bring someone back in their place: the open invites they made and the multi-use
    /// invite they came in with. Refuses (``RoomAccessError/lastGrownUp``) to remove a room's
    /// last grown-up. False when they were not a member. On a database shared by several
    /// processes, the others are told (their open pages of the member close).
    func removeMember(id: String, roomKey: String, at date: Date) async throws -> Bool

    /// Ends one session (a sign-out on this device); the member it belonged to, nil when it was
    /// not live.
    func endSession(_ session: AccessSecret, at date: Date) async throws -> RoomMember?
    /// Ends every live session of the member (a sign-out everywhere); how many ended. On a
    /// database shared by several processes, the others are told (their open pages close).
    @discardableResult
    func endSessions(memberID: String, at date: Date) async throws -> Int

    /// Marks the member welcomed (their first connection to the chat): true for exactly one
    /// caller, the first, whichever process asks; false afterwards and for a removed member.
    func markWelcomed(memberID: String, at date: Date) async throws -> Bool

    /// The earliest grown-up, not removed, who came in by a setup link (the install's owner
    /// unless another was named).
    func setupLinkMember() async throws -> RoomMember?

    /// Whether a page of one of the room's stories shows the picture.
    func roomShows(image: ImageID, roomKey: String) async throws -> Bool
}
