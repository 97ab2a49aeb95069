import DiscordModels
import HTTPTypes

/// Group DMs (private channels without a server) where the app is present only because a member
/// installed it on their account: the bot is not in them, so it cannot post or edit messages
/// there through the channel routes (403 `50001` Missing Access) — only through an interaction's
/// token, with at most 5 follow-ups per interaction.
struct UserInstallLedger: Sendable {
    /// Each group DM and its members.
    var groupDMs: [Snowflake: [User]] = [:]

    func checkBotMayPost(channelID: Snowflake) throws(DiscordAPIError) {
        if groupDMs[channelID] != nil { throw .missingAccess }
    }

    /// 400 `40094` when an interaction the app received only through a user install already has 5 follow-ups.
    static func checkFollowUpAllowed(_ interaction: Interaction, sent: Int) throws(DiscordAPIError) {
        if interaction.isUserInstallOnly && sent >= UserInstallLimits.followUps { throw .maxFollowUps }
    }
}

extension DiscordAPIError {
    /// The bot is not in the channel (a group DM it reached through a user install).
    static let missingAccess = DiscordAPIError(.forbidden, code: 50001, message: "Missing Access")
    static let maxFollowUps = DiscordAPIError(.badRequest, code: 40094, message: "Maximum number of follow up messages reached")
}
