import StoryDomain

/// What plain words typed in the chat ask the bot for ("please tell Mia a story about a
/// dragon", "read it again"), as ``PlainRequestReader`` reads them.
public enum PlainRequest: Sendable, Equatable {
    /// A new story. `theme` and `hero` are the words as typed (nil when the words gave none):
    /// they go through the same validation and bedtime screen as `/story new`'s options.
    case newStory(theme: String?, hero: String?, language: StoryLanguage)
    /// Another story like the family's newest.
    case another
    /// The family's newest story again, from page 1.
    case readAgain
    /// The family's newest story read aloud.
    case listen
    /// The family's stories (`/story library`).
    case library
}
