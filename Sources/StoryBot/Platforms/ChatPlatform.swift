import StoryDomain

/// One chat platform as the router and the reply renderer need it: what it can do and how it
/// words things. Each adapter gives its own (`DiscordChatPlatform`, `WebChatPlatform`) and the
/// composition root hands them to the router, so a new platform changes neither the domain nor
/// the router.
public protocol ChatPlatform: Sendable {
    /// The platform this describes.
    var platform: Platform { get }
    /// What a family is called here: "server", "room".
    var familyNoun: String { get }
    /// Members carry roles a family can choose for "who may ask for stories".
    var hasRoles: Bool { get }
    /// `/premium` works here: for the service's admins of this platform (`ADMIN_USER_IDS`) and, in
    /// the web chat, the install's owner.
    var hasAdminCommands: Bool { get }
    /// Families are rooms the service keeps, with members and invites (`/family`).
    var hasRooms: Bool { get }
    /// The service keeps the family's chat transcript (deleted with the family's data).
    var keepsTranscript: Bool { get }
    /// A person, as a reply names them.
    func name(userID: String) -> String
    /// A role, as a reply names it.
    func name(roleID: String) -> String
    /// A family of this platform, as a reply names it.
    func name(familyID: String) -> String
    /// A family's id as an admin typed it, or nil when it cannot be one here.
    func familyID(typed: String) -> String?
    /// What a typed family id looks like, for the answer to one that isn't.
    var familyIDHint: String { get }
    /// Help's paragraph about the family's parental controls and people.
    var helpFamilySection: String { get }
    /// The platform hands the service every message people type, not only commands (the web
    /// chat): plain words that read like a request for a story get an answer.
    var receivesPlainMessages: Bool { get }
    /// Who may manage the family here, as a sentence names one of them: "a grown-up",
    /// "someone with Manage Server".
    var familyManager: String { get }
    /// Who runs this install of the service, as a sentence names them: "whoever runs Magical
    /// Stories", "the bot's admin".
    var installRunner: String { get }
}

extension ChatPlatform {
    /// "this server", "this room".
    public var thisFamily: String { "this \(familyNoun)" }

    /// ``familyManager`` at the start of a sentence: "A grown-up", "Someone with Manage Server".
    public var familyManagerCapitalized: String { familyManager.prefix(1).uppercased() + familyManager.dropFirst() }

    /// ``installRunner`` at the start of a sentence: "Whoever runs Magical Stories".
    public var installRunnerCapitalized: String { installRunner.prefix(1).uppercased() + installRunner.dropFirst() }
}
