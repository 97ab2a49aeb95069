import StoryBot
import StoryDomain

/// The web chat as the router and replies see it: families are rooms the service keeps, with
/// members, invites and a transcript; there are no roles. Admin commands work for the service's
/// admins named `web:<member id>` and for the install's owner.
public struct WebChatPlatform: ChatPlatform {
    public init() {}

    public var platform: Platform { .web }
    public var familyNoun: String { "room" }
    public var hasRoles: Bool { false }
    public var hasAdminCommands: Bool { true }
    public var hasRooms: Bool { true }
    public var keepsTranscript: Bool { true }
    public func name(userID: String) -> String { "user \(userID) (web)" }
    public func name(roleID: String) -> String { "role \(roleID)" }
    public func name(familyID: String) -> String { "web room “\(familyID)”" }
    public func familyID(typed: String) -> String? { RoomName(exactly: typed)?.rawValue }
    public var familyIDHint: String { "a room's name" }
    /// The page sends everything typed: "please tell Mia a story about a dragon" gets an answer.
    public var receivesPlainMessages: Bool { true }
    /// The room's grown-ups manage it.
    public var familyManager: String { "a grown-up" }
    public var installRunner: String { "whoever runs Magical Stories" }

    public var helpFamilySection: String {
        """
        **/settings show** — this room's parental controls (grown-ups can change them with **/settings set**, and delete all of \
        the room's stories and data with **/settings forget**).
        **/family invite** `child` or `grown-up` — an invite link for someone new (grown-ups). **/family members**, \
        **/family remove**, **/family invites** and **/family revoke** show and change who can come in.
        """
    }
}
