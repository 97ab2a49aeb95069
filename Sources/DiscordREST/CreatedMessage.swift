import DiscordModels

/// The parts of a message object the bot needs after sending or editing one.
public struct CreatedMessage: Codable, Sendable, Equatable {
    /// The message id.
    public var id: Snowflake
    /// The channel the message is in.
    public var channelID: Snowflake

    public init(id: Snowflake, channelID: Snowflake) {
        self.id = id
        self.channelID = channelID
    }

    enum CodingKeys: String, CodingKey {
        case id
        case channelID = "channel_id"
    }
}
