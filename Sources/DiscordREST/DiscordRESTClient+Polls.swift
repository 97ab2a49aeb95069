import DiscordModels

extension Route {
    /// `POST /channels/{channel_id}/polls/{message_id}/expire`: End Poll.
    public static func expirePoll(channelID: Snowflake, messageID: Snowflake) -> Route {
        Route(.post, template: "/channels/{channel_id}/polls/{message_id}/expire",
              path: "/channels/\(channelID)/polls/\(messageID)/expire", majorParameter: "channel:\(channelID)")
    }
}

extension DiscordRESTClient {
    /// Ends a poll the bot posted now, before its duration (End Poll): its results are final
    /// and members can no longer vote.
    public func expirePoll(channelID: Snowflake, messageID: Snowflake) async throws {
        _ = try await send(.expirePoll(channelID: channelID, messageID: messageID))
    }
}
