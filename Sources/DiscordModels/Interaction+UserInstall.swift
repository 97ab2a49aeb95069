extension Interaction {
    /// Where an interaction was used (`context`).
    public enum Context: Int, Sendable {
        case guild = 0
        case botDM = 1
        /// A group DM, or a DM between two people: the app is there through a user install.
        case privateChannel = 2
    }

    /// `integration_types` / `authorizing_integration_owners` keys.
    public static let guildInstall = "0"
    public static let userInstall = "1"

    /// The context Discord named; older payloads without one are read from `guild_id`.
    public var usedIn: Context {
        if let context, let known = Context(rawValue: context) { return known }
        return guildID == nil ? .botDM : .guild
    }

    /// The user who installed the app on their own account, when this use came through that install.
    public var installingUser: Snowflake? { authorizingIntegrationOwners?[Self.userInstall] }

    /// Only a user install brought the app here (a group DM, or a server without the bot): every
    /// write goes through the interaction's token, the bot cannot post in the channel, and an
    /// interaction has at most 5 follow-ups.
    public var isUserInstallOnly: Bool {
        guard let owners = authorizingIntegrationOwners else { return usedIn == .privateChannel }
        return owners[Self.guildInstall] == nil && owners[Self.userInstall] != nil
    }
}

/// What Discord allows an app that is present only through a user install.
public enum UserInstallLimits {
    /// Follow-ups per interaction (more are refused with `40094`).
    public static let followUps = 5
}
