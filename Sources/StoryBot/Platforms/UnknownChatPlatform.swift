import StoryDomain

/// A platform no adapter described (a test's, a job made from the shell): plain words, and none
/// of the features that only some platforms have.
public struct UnknownChatPlatform: ChatPlatform {
    public let platform: Platform

    public init(_ platform: Platform) { self.platform = platform }

    public var familyNoun: String { "family" }
    public var hasRoles: Bool { false }
    public var hasAdminCommands: Bool { false }
    public var hasRooms: Bool { false }
    public var keepsTranscript: Bool { false }
    public func name(userID: String) -> String { "user \(userID) (\(platform))" }
    public func name(roleID: String) -> String { "role \(roleID)" }
    public func name(familyID: String) -> String { "family \(familyID) (\(platform))" }
    public func familyID(typed: String) -> String? { nil }
    public var familyIDHint: String { "a family's id" }
    public var receivesPlainMessages: Bool { false }
    public var familyManager: String { "a grown-up who manages the family" }
    public var installRunner: String { "whoever runs Magical Stories" }
    public var helpFamilySection: String {
        "**/settings show** — this family's parental controls (grown-ups can change them with **/settings set**, "
            + "and delete all of the family's stories and data with **/settings forget**)."
    }
}
