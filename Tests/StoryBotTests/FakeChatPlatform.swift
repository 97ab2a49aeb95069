import StoryBot
import StoryDomain

/// A chat platform described by the test: a "server" platform with roles and admin commands, or
/// a "room" platform with rooms and a transcript.
struct FakeChatPlatform: ChatPlatform {
    let platform: Platform
    let familyNoun: String
    let hasRoles: Bool
    let hasAdminCommands: Bool
    let hasRooms: Bool
    let keepsTranscript: Bool
    let receivesPlainMessages: Bool
    let familyManager: String
    let installRunner: String

    /// Like Discord: servers with roles, where the bot's admins work.
    static func servers(_ platform: Platform) -> FakeChatPlatform {
        FakeChatPlatform(platform: platform, familyNoun: "server", hasRoles: true, hasAdminCommands: true, hasRooms: false,
                         keepsTranscript: false, receivesPlainMessages: false, familyManager: "someone with Manage Server",
                         installRunner: "the bot's admin")
    }

    /// Like the web chat: rooms with members, invites and a transcript.
    static func rooms(_ platform: Platform) -> FakeChatPlatform {
        FakeChatPlatform(platform: platform, familyNoun: "room", hasRoles: false, hasAdminCommands: false, hasRooms: true,
                         keepsTranscript: true, receivesPlainMessages: true, familyManager: "a grown-up",
                         installRunner: "whoever runs Magical Stories")
    }

    func name(userID: String) -> String { "@\(userID)" }
    func name(roleID: String) -> String { "@&\(roleID)" }
    func name(familyID: String) -> String { "\(familyNoun) \(familyID)" }
    func familyID(typed: String) -> String? { typed.allSatisfy(\.isNumber) && !typed.isEmpty ? typed : nil }
    var familyIDHint: String { "digits" }
    var helpFamilySection: String { "the \(familyNoun)'s own section" }
}
