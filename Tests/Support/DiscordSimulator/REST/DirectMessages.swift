import DiscordModels
import HTTPTypes

/// Direct message channels: one per user (opening it again returns the same channel), and the
/// users whose privacy settings keep the bot out (their channel opens, but messages get 403 `50007`).
struct DirectMessageLedger: Sendable {
    /// Each user's DM channel with the bot.
    var channelsByUser: [Snowflake: Snowflake] = [:]
    /// Users who do not accept the bot's direct messages.
    var refusing: Set<Snowflake> = []

    func recipient(of channelID: Snowflake) -> Snowflake? {
        channelsByUser.first { $0.value == channelID }?.key
    }

    /// 403 `50007` when `channelID` is the DM channel of a user who refuses the bot's messages.
    func checkAccepted(channelID: Snowflake) throws(DiscordAPIError) {
        if let user = recipient(of: channelID), refusing.contains(user) { throw .cannotMessageUser }
    }
}

extension DiscordAPIError {
    /// Discord's answer to a message to a user whose direct messages are closed to the bot.
    static let cannotMessageUser = DiscordAPIError(.forbidden, code: 50007, message: "Cannot send messages to this user")
}

/// `POST /users/@me/channels` (`{"recipient_id"}`): opens, or returns, the DM channel with a user.
struct DirectMessageEndpoint: Sendable {
    let environment: SimulatorEnvironment

    private struct Body: Decodable, Sendable {
        let recipientID: Snowflake

        enum CodingKeys: String, CodingKey {
            case recipientID = "recipient_id"
        }
    }

    /// The DM channel object (type 1) as Discord returns it.
    private struct Channel: Encodable {
        let id: Snowflake
        let type = 1
        let lastMessageID: Snowflake? = nil
        let flags = 0
        let recipients: [User]

        enum CodingKeys: String, CodingKey {
            case id, type, flags, recipients
            case lastMessageID = "last_message_id"
        }
    }

    func create(_ request: RESTRequest) throws(DiscordAPIError) -> RESTReply {
        let recipient = try request.decode(Body.self).payload.recipientID
        let channelID = environment.store.update { store in
            if let open = store.directMessages.channelsByUser[recipient] { return open }
            let opened = environment.identifiers.snowflake()
            store.directMessages.channelsByUser[recipient] = opened
            return opened
        }
        return .json(Channel(id: channelID, recipients: [User(id: recipient, username: "user\(recipient)")]))
    }
}
