import StoryBot
import StoryDomain

/// Discord as the router and replies see it: families are servers, people and roles are
/// mentioned, members carry roles, and the service's admins work here.
public struct DiscordChatPlatform: ChatPlatform {
    public init() {}

    public var platform: Platform { .discord }
    public var familyNoun: String { "server" }
    public var hasRoles: Bool { true }
    public var hasAdminCommands: Bool { true }
    public var hasRooms: Bool { false }
    public var keepsTranscript: Bool { false }
    public func name(userID: String) -> String { "<@\(userID)>" }
    public func name(roleID: String) -> String { "<@&\(roleID)>" }
    public func name(familyID: String) -> String { "server \(familyID)" }

    /// A server id: a snowflake, 1–20 ASCII digits.
    public func familyID(typed: String) -> String? {
        (1...20).contains(typed.count) && typed.allSatisfy { $0.isASCII && $0.isNumber } ? typed : nil
    }

    public var familyIDHint: String { "a server id: digits only, e.g. `server:1200000000000000001`" }
    /// The bot sees commands only: it asks for no message content.
    public var receivesPlainMessages: Bool { false }
    public var familyManager: String { "someone with Manage Server" }
    /// The people in `ADMIN_USER_IDS`.
    public var installRunner: String { "the bot's admin" }

    public var helpFamilySection: String {
        """
        **/settings show** — this server's parental controls (managers can change them with **/settings set**, \
        and delete all of the server's stories and data with **/settings forget**).
        """
    }
}
