import Foundation

/// An invitation into a room: the only way in. Its code is unguessable and shown once (the
/// link); it expires, may be used a limited number of times, and can be revoked.
public struct RoomInvite: Sendable, Equatable {
    /// Why it was made: by someone, or by the service on a fresh install (the setup link).
    public enum Purpose: String, Sendable, Codable {
        case invite, setup
    }

    /// Whether the invite still opens the door, and if not why.
    public enum State: Sendable, Equatable {
        case open, expired, revoked, usedUp
    }

    /// Short number for listing and revoking.
    public var id: Int64
    public var room: RoomName
    public var role: RoomRole
    public var purpose: Purpose
    /// Who made it: a member id, `cli`, or `setup`.
    public var createdBy: String
    public var createdAt: Date
    public var expiresAt: Date
    public var maxUses: Int
    public var uses: Int
    public var revokedAt: Date?
    /// The name of the member who made it (nil: the shell or the setup link, or a member gone for good).
    public var creatorName: String?
    /// The names of those who joined with it, in the order they joined (removed members too).
    public var usedBy: [String]

    public init(id: Int64, room: RoomName, role: RoomRole, purpose: Purpose, createdBy: String, createdAt: Date, expiresAt: Date,
                maxUses: Int, uses: Int = 0, revokedAt: Date? = nil, creatorName: String? = nil, usedBy: [String] = []) {
        self.id = id
        self.room = room
        self.role = role
        self.purpose = purpose
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.maxUses = maxUses
        self.uses = uses
        self.revokedAt = revokedAt
        self.creatorName = creatorName
        self.usedBy = usedBy
    }

    /// Who made it, for the invite lists: a member's name, "the shell" or "the setup link".
    public var madeBy: String {
        if let creatorName { return creatorName }
        switch createdBy {
        case "cli": return "the shell"
        case "setup": return "the setup link"
        default: return "a former member"
        }
    }

    public func state(at now: Date) -> State {
        if revokedAt != nil { return .revoked }
        if uses >= maxUses { return .usedUp }
        if now >= expiresAt { return .expired }
        return .open
    }

    /// Why the invite no longer opens the door, nil when it does. A setup link retires for good
    /// once the install has any grown-up, whichever door they came in by (setup link, shell
    /// invite, chat invite), so a link left in a log or a terminal cannot make a stranger one.
    public func refusal(at now: Date, installHasGrownUp: Bool) -> RoomAccessError? {
        if purpose == .setup, installHasGrownUp { return .setupLinkRetired }
        return RoomAccessError.closed(state(at: now))
    }
}

/// An invite just made, with its code (shown once: only its hash is stored).
public struct IssuedInvite: Sendable {
    public var invite: RoomInvite
    public var code: AccessSecret
}

/// What a new invite will be, before it is stored.
public struct InviteDraft: Sendable, Equatable {
    public var roomKey: String
    public var role: RoomRole
    public var purpose: RoomInvite.Purpose
    public var createdBy: String
    public var createdAt: Date
    public var expiresAt: Date
    public var maxUses: Int

    public init(roomKey: String, role: RoomRole, purpose: RoomInvite.Purpose, createdBy: String, createdAt: Date, expiresAt: Date,
                maxUses: Int) {
        self.roomKey = roomKey
        self.role = role
        self.purpose = purpose
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.maxUses = maxUses
    }
}
