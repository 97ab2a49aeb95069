import StoryBot
import StoryDomain

/// Telegram as the router and replies see it: families are chats, their administrators are the
/// grown-ups, and the bot reads commands only (privacy mode).
public struct TelegramChatPlatform: ChatPlatform {
    public init() {}

    public var platform: Platform { .telegram }
    public var familyNoun: String { "chat" }
    public var hasRoles: Bool { false }
    public var hasAdminCommands: Bool { true }
    public var hasRooms: Bool { false }
    public var keepsTranscript: Bool { false }
    /// Telegram ids are not names and a mention needs a username; the id is what an admin types.
    public func name(userID: String) -> String { "Telegram user \(userID)" }
    public func name(roleID: String) -> String { "role \(roleID)" }
    public func name(familyID: String) -> String { "Telegram chat \(familyID)" }

    /// A chat id: digits, negative for groups (`-100…` for supergroups).
    public func familyID(typed: String) -> String? {
        let digits = typed.hasPrefix("-") ? typed.dropFirst() : Substring(typed)
        return (1...20).contains(digits.count) && digits.allSatisfy { $0.isASCII && $0.isNumber } ? typed : nil
    }

    public var familyIDHint: String { "a Telegram chat id: digits, negative for groups, e.g. `server:-1001234567890`" }
    /// Privacy mode: the bot is handed commands and replies to it, not the family's chatter.
    public var receivesPlainMessages: Bool { false }
    public var familyManager: String { "a grown-up (an admin of this chat)" }
    public var installRunner: String { "the bot's admin" }

    public var helpFamilySection: String {
        """
        **/settings show** — this chat's parental controls (the chat's admins can change them with **/settings set**, \
        and delete all of the chat's stories and data with **/settings forget**).
        """
    }
}
