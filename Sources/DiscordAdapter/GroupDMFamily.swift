import DiscordModels

/// A family that lives in a group DM (a private channel without a server), where a person
/// installed the app on their own account: the channel is the family, and its grown-up is that
/// person (the USER_INSTALL owner in `authorizing_integration_owners`).
struct GroupDMFamily: Sendable, Equatable {
    /// The prefix of a group DM family's external id (`gdm-<channel id>`).
    static let prefix = "gdm-"

    let channelID: Snowflake
    /// The user who installed the app; nil when Discord named none (then nobody is the grown-up).
    let grownUp: Snowflake?

    /// nil unless the interaction was used in a private channel outside any server.
    init?(_ interaction: Interaction) {
        guard interaction.guildID == nil, interaction.usedIn == .privateChannel, let channel = interaction.channelID else { return nil }
        channelID = channel
        grownUp = interaction.installingUser
    }

    var externalID: String { Self.prefix + String(describing: channelID) }

    func isGrownUp(_ user: Snowflake) -> Bool { grownUp == user }

    /// A server's id, a group DM's `gdm-<channel>`, or the bot DM's `dm-<user>`.
    static func externalID(of interaction: Interaction, user: Snowflake) -> String {
        if let guild = interaction.guildID { return String(describing: guild) }
        if let groupDM = GroupDMFamily(interaction) { return groupDM.externalID }
        return "dm-\(user)"
    }

    /// Whether a family's external id names a group DM.
    static func isGroupDM(_ externalID: String) -> Bool { externalID.hasPrefix(prefix) }
}
