/// Someone used a command that is not theirs to use.
public enum CommandAccessError: Error, Sendable, Equatable {
    /// Premium commands are for the bot's admins.
    case notBotAdmin
    /// Admin commands do not work on this platform (its description says it has none).
    case adminCommandsElsewhere
    /// Settings are for the family's managers (Discord: Manage Server).
    case notManager
    /// Bedtimes are for the family's grown-ups: its managers, or on Discord also the role they chose.
    case notGrownUp
    /// A family vote is closed by its grown-ups (managers); everyone may vote.
    case notGrownUpToCloseVote
    /// The family lets only one role ask for stories.
    case requesterRoleRequired
    /// `/family` manages web chat rooms; Discord servers have their own members and roles.
    case familyCommandsInWebChat
}
