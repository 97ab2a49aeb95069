/// `MESSAGE_POLL_VOTE_ADD` / `MESSAGE_POLL_VOTE_REMOVE`: a member added or took back a vote on a
/// native poll. Sent only to bots that ask for the ``intent`` (`GUILD_MESSAGE_POLLS`, 1 << 24).
/// With single choice, a changed mind is a remove of the old answer and an add of the new one.
public struct PollVoteEvent: Codable, Sendable, Equatable {
    public var userID: Snowflake
    public var channelID: Snowflake
    public var messageID: Snowflake
    /// Nil in a direct message.
    public var guildID: Snowflake?
    /// The answer's id: answers are numbered from 1 in the order they were sent.
    public var answerID: Int

    public init(userID: Snowflake, channelID: Snowflake, messageID: Snowflake, guildID: Snowflake?, answerID: Int) {
        self.userID = userID
        self.channelID = channelID
        self.messageID = messageID
        self.guildID = guildID
        self.answerID = answerID
    }

    /// The gateway intent `GUILD_MESSAGE_POLLS`: votes on polls in servers (not privileged).
    public static let intent: UInt64 = 1 << 24
    /// The event names.
    public static let added = "MESSAGE_POLL_VOTE_ADD"
    public static let removed = "MESSAGE_POLL_VOTE_REMOVE"

    enum CodingKeys: String, CodingKey {
        case userID = "user_id"
        case channelID = "channel_id"
        case messageID = "message_id"
        case guildID = "guild_id"
        case answerID = "answer_id"
    }
}
