import Foundation

/// Someone who joined a room with an invite, on one browser (each join is one member with one
/// session; removing the member signs that browser out).
public struct RoomMember: Sendable, Equatable {
    /// Short, public, stable: the member's user id in stories, quotas and premium grants.
    public var id: String
    public var room: RoomName
    public var name: String
    public var role: RoomRole
    public var joinedAt: Date
    public var lastSeenAt: Date?

    public init(id: String, room: RoomName, name: String, role: RoomRole, joinedAt: Date, lastSeenAt: Date? = nil) {
        self.id = id
        self.room = room
        self.name = name
        self.role = role
        self.joinedAt = joinedAt
        self.lastSeenAt = lastSeenAt
    }

    /// A member is marked seen (and their session extended) at most this often, so reading
    /// pictures and reconnecting stay reads.
    public static let seenInterval: TimeInterval = 3_600

    /// Whether a visit at `date` marks the member seen: never seen yet, or not within ``seenInterval``.
    public func marksSeen(at date: Date) -> Bool {
        guard let lastSeenAt else { return true }
        return date.timeIntervalSince(lastSeenAt) >= Self.seenInterval
    }

    /// The member as the chat's requester.
    public var requester: Requester { Requester(userID: id, displayName: name) }
}

/// A member who just joined, with the session secret their browser keeps (shown once).
public struct JoinedMember: Sendable {
    public var member: RoomMember
    public var session: AccessSecret
    /// When the session ends unless it is used again.
    public var sessionExpiresAt: Date
}
