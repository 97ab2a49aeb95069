import StoryDomain

/// A platform-neutral command, parsed from typed text or from a platform's structured input.
public enum ChatCommand: Sendable, Equatable {
    /// `/story new theme:… name:… age:… companion:… pages:… language:…`
    case storyNew(StoryRequestDraft)
    /// `/story library [page]` — 1-based page of the library.
    case storyLibrary(page: Int)
    /// `/story read story:…` — a story id or words of its title.
    case storyRead(story: String)
    /// `/story delete story:…`
    case storyDelete(story: String)
    /// `/help`
    case help
}

/// Something a person did in the chat that the bot answers.
public enum ChatInput: Sendable, Equatable {
    case command(ChatCommand)
    /// A button was pressed; the id is the raw `custom_id` the button carried.
    case button(id: String)
}

/// Who asked, and where.
public struct ChatContext: Sendable, Equatable {
    public var family: FamilyRef
    public var channelID: String
    public var user: Requester
    /// May manage the family's settings and delete any story (Discord: Manage Server).
    public var isManager: Bool

    public init(family: FamilyRef, channelID: String, user: Requester, isManager: Bool) {
        self.family = family
        self.channelID = channelID
        self.user = user
        self.isManager = isManager
    }
}
