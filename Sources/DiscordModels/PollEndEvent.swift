/// The part of a message event (`MESSAGE_UPDATE`, `MESSAGE_CREATE`) that tells a poll is over:
/// Discord finalises a poll at the end of its duration (or at End Poll) with a `MESSAGE_UPDATE`
/// of the poll's message whose `poll.results.is_finalized` is true, and posts a `POLL_RESULT`
/// message (type 46) that references it. Both reach a bot with `GUILD_MESSAGES` (1 << 9); the
/// poll of the bot's own message is sent without the Message Content intent.
public struct PollEndEvent: Codable, Sendable, Equatable {
    public struct AnswerCount: Codable, Sendable, Equatable {
        /// The answer's id (from 1, in the order the answers were sent).
        public var id: Int
        public var count: Int
        public init(id: Int, count: Int) {
            self.id = id
            self.count = count
        }
    }

    public struct Results: Codable, Sendable, Equatable {
        public var isFinalized: Bool
        public var answerCounts: [AnswerCount]
        public init(isFinalized: Bool, answerCounts: [AnswerCount]) {
            self.isFinalized = isFinalized
            self.answerCounts = answerCounts
        }

        enum CodingKeys: String, CodingKey {
            case isFinalized = "is_finalized"
            case answerCounts = "answer_counts"
        }
    }

    public struct PollState: Codable, Sendable, Equatable {
        public var results: Results?
        public init(results: Results?) { self.results = results }
    }

    public struct Reference: Codable, Sendable, Equatable {
        public var messageID: Snowflake?
        public init(messageID: Snowflake?) { self.messageID = messageID }
        enum CodingKeys: String, CodingKey { case messageID = "message_id" }
    }

    public var id: Snowflake
    public var channelID: Snowflake
    /// Nil in a direct message.
    public var guildID: Snowflake?
    public var type: Int?
    public var poll: PollState?
    public var messageReference: Reference?

    public init(id: Snowflake, channelID: Snowflake, guildID: Snowflake?, type: Int? = 0, poll: PollState? = nil,
                messageReference: Reference? = nil) {
        self.id = id
        self.channelID = channelID
        self.guildID = guildID
        self.type = type
        self.poll = poll
        self.messageReference = messageReference
    }

    /// The message type of Discord's "poll results" message.
    public static let pollResultType = 46
    /// The gateway intent `GUILD_MESSAGES`: message events in servers (not privileged).
    public static let intent: UInt64 = 1 << 9
    public static let updated = "MESSAGE_UPDATE"
    public static let created = "MESSAGE_CREATE"

    /// The poll message that is over: this message when its poll's results are final, the
    /// referenced one for a `POLL_RESULT` message; nil for any other message.
    public var endedPollMessageID: Snowflake? {
        if poll?.results?.isFinalized == true { return id }
        if type == Self.pollResultType { return messageReference?.messageID }
        return nil
    }

    enum CodingKeys: String, CodingKey {
        case id, type, poll
        case channelID = "channel_id"
        case guildID = "guild_id"
        case messageReference = "message_reference"
    }
}
