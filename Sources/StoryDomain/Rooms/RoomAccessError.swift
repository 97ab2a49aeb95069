import Foundation

/// Why a door stays shut or a room change is refused; worded for families in one place
/// (StoryBot's `FriendlyErrors`).
public enum RoomAccessError: Error, Sendable, Equatable {
    /// The room's name has no letter or digit left once cleaned (`!!!`).
    case emptyRoomName
    case roomExists(String)
    case roomNotFound(String)
    /// The member's name has no letter or digit left once cleaned.
    case emptyMemberName
    /// The name holds the bot's name or a role word (``MemberNameRule``).
    case reservedName
    /// Someone in the room already has this name, or one that looks the same (their name).
    case nameTaken(String)
    /// No invite has this code (or the text held no code).
    case inviteNotFound
    case inviteExpired
    case inviteRevoked
    case inviteUsedUp
    /// A setup link after the install has a grown-up (from any door): it retired for good.
    case setupLinkRetired
    /// No member matches, or several do.
    case memberNotFound(String)
    case ambiguousMember(String)
    /// Removing them would leave the room without a grown-up.
    case lastGrownUp
    /// An invite's expiry outside 10 minutes … 90 days, or not a duration.
    case badLifetime
    /// An invite's uses outside 1 … 100.
    case badUses

    /// An invite that exists but no longer opens the door.
    public static func closed(_ state: RoomInvite.State) -> RoomAccessError? {
        switch state {
        case .open: nil
        case .expired: .inviteExpired
        case .revoked: .inviteRevoked
        case .usedUp: .inviteUsedUp
        }
    }

    /// A failed attempt to get in with an invite (counted against the address that tried).
    public var isFailedEntry: Bool {
        switch self {
        case .inviteNotFound, .inviteExpired, .inviteRevoked, .inviteUsedUp, .setupLinkRetired: true
        default: false
        }
    }
}
