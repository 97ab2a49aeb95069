/// Someone used a command that is not theirs to use.
public enum CommandAccessError: Error, Sendable, Equatable {
    /// Premium commands are for the bot's admins.
    case notBotAdmin
    /// Admin commands work on Discord and the command line, not in the web chat.
    case adminCommandsElsewhere
    /// Settings are for the family's managers (Discord: Manage Server).
    case notManager
    /// The family lets only one role ask for stories.
    case requesterRoleRequired
    /// `/family` manages web chat rooms; Discord servers have their own members and roles.
    case familyCommandsInWebChat
}
