import DiscordModels
import Foundation

extension Route {
    /// `GET /gateway/bot`: the gateway URL, recommended shards and session start limits.
    public static let gatewayBot = Route(.get, template: "/gateway/bot", path: "/gateway/bot")

    /// `GET /applications/@me`: the current application.
    public static let currentApplication = Route(.get, template: "/applications/@me", path: "/applications/@me")

    /// `POST /interactions/{interaction_id}/{interaction_token}/callback`: the initial response.
    public static func createInteractionResponse(interactionID: Snowflake, token: String) -> Route {
        let segment = pathSegment(token)
        return Route(
            .post,
            template: "/interactions/{interaction_id}/{interaction_token}/callback",
            path: "/interactions/\(interactionID)/\(segment)/callback",
            majorParameter: "interaction:\(interactionID):\(tokenTag(token))",
            isInteraction: true,
            secrets: [token, segment]
        )
    }

    /// `PATCH /webhooks/{application_id}/{interaction_token}/messages/@original`: edit the initial response.
    public static func editOriginalResponse(applicationID: Snowflake, token: String) -> Route {
        interactionWebhook(.patch, applicationID: applicationID, token: token, suffix: "/messages/@original")
    }

    /// `DELETE /webhooks/{application_id}/{interaction_token}/messages/@original`: delete the initial response.
    public static func deleteOriginalResponse(applicationID: Snowflake, token: String) -> Route {
        interactionWebhook(.delete, applicationID: applicationID, token: token, suffix: "/messages/@original")
    }

    /// `POST /webhooks/{application_id}/{interaction_token}`: send a follow-up message.
    public static func createFollowup(applicationID: Snowflake, token: String) -> Route {
        interactionWebhook(.post, applicationID: applicationID, token: token, suffix: "")
    }

    /// `POST /channels/{channel_id}/messages`.
    public static func createMessage(channelID: Snowflake) -> Route {
        Route(.post, template: "/channels/{channel_id}/messages", path: "/channels/\(channelID)/messages",
              majorParameter: "channel:\(channelID)")
    }

    /// `PATCH /channels/{channel_id}/messages/{message_id}`.
    public static func editMessage(channelID: Snowflake, messageID: Snowflake) -> Route {
        Route(.patch, template: "/channels/{channel_id}/messages/{message_id}",
              path: "/channels/\(channelID)/messages/\(messageID)", majorParameter: "channel:\(channelID)")
    }

    /// `PUT /applications/{application_id}/commands`, or the guild variant when `guildID` is set.
    public static func bulkOverwriteCommands(applicationID: Snowflake, guildID: Snowflake?) -> Route {
        guard let guildID else {
            return Route(.put, template: "/applications/{application_id}/commands",
                         path: "/applications/\(applicationID)/commands")
        }
        return Route(.put, template: "/applications/{application_id}/guilds/{guild_id}/commands",
                     path: "/applications/\(applicationID)/guilds/\(guildID)/commands",
                     majorParameter: "guild:\(guildID)")
    }

    private static func interactionWebhook(_ method: Method, applicationID: Snowflake, token: String,
                                           suffix: String) -> Route {
        let segment = pathSegment(token)
        return Route(
            method,
            template: "/webhooks/{application_id}/{interaction_token}\(suffix)",
            path: "/webhooks/\(applicationID)/\(segment)\(suffix)",
            majorParameter: "webhook:\(applicationID):\(tokenTag(token))",
            isInteraction: true,
            secrets: [token, segment]
        )
    }

    /// `text` percent-encoded for use as one path segment.
    private static func pathSegment(_ text: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove("/")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
