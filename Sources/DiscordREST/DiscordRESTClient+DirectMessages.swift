import DiscordModels

extension Route {
    /// `POST /users/@me/channels`: opens (or returns the open) direct message channel with a user.
    public static let createDM = Route(.post, template: "/users/@me/channels", path: "/users/@me/channels")
}

extension DiscordRESTClient {
    /// Opens the direct message channel with `recipientID` (Discord returns the same channel each
    /// time) and returns its id. Opening always works; whether the user accepts the bot's messages
    /// is only known when one is sent (403 `50007`, ``DiscordRESTError/isDirectMessageRefused``).
    public func createDM(recipientID: Snowflake) async throws -> Snowflake {
        try await send(.createDM, body: RequestBody.json(DirectMessageRecipient(recipientID: recipientID)),
                       decoding: DirectMessageChannel.self).id
    }
}

extension DiscordRESTError {
    /// `50007 Cannot send messages to this user` (or its twin `50278`): the user closed their
    /// direct messages to the bot (privacy settings, no shared server, or blocked it).
    public var isDirectMessageRefused: Bool { code == 50007 || code == 50278 }
}

/// `POST /users/@me/channels`'s body.
private struct DirectMessageRecipient: Encodable {
    var recipientID: Snowflake

    enum CodingKeys: String, CodingKey {
        case recipientID = "recipient_id"
    }
}

/// The DM channel object, reduced to what the bot reads.
private struct DirectMessageChannel: Decodable {
    var id: Snowflake
}
