import DiscordModels

/// `POST /channels/{channel_id}/messages` and `PATCH /channels/{channel_id}/messages/{message_id}`.
struct ChannelMessageEndpoint: Sendable {
    let environment: SimulatorEnvironment

    func create(_ request: RESTRequest) throws(DiscordAPIError) -> RESTReply {
        let channelID = try request.snowflake("channel_id")
        let body = try request.decode(MessagePayload.self)
        let message = try environment.withStore { store throws(DiscordAPIError) in
            try environment.messageValidator.validate(body.payload, files: body.files, operation: .create)
            try store.checkPermissions(channelID: channelID, payload: body.payload, files: body.files)
            try store.directMessages.checkAccepted(channelID: channelID)
            try store.userInstalls.checkBotMayPost(channelID: channelID)
            // With `enforce_nonce`, a message already sent with this nonce is returned instead of a new one.
            let nonceKey = body.payload.nonce.map { "\(channelID)|\($0)" }
            if body.payload.enforceNonce == true, let nonceKey, let existing = store.messagesByNonce[nonceKey].flatMap({ store.messages[$0] }) {
                return existing
            }
            let message = SimulatedMessage(id: environment.identifiers.snowflake(), channelID: channelID, interactionID: nil,
                                           payload: body.payload,
                                           attachments: environment.attachments(for: body.files, payload: body.payload),
                                           flags: (body.payload.flags ?? 0) & ~SimulatedMessage.Flag.ephemeral)
            store.messages[message.id] = message
            if let nonceKey { store.messagesByNonce[nonceKey] = message.id }
            return message
        }
        return .json(MessageObject(message, author: environment.configuration.botUser))
    }

    func edit(_ request: RESTRequest) throws(DiscordAPIError) -> RESTReply {
        let channelID = try request.snowflake("channel_id")
        let messageID = try request.snowflake("message_id")
        let body = try request.decode(MessagePayload.self)
        let message = try environment.withStore { store throws(DiscordAPIError) in
            try store.userInstalls.checkBotMayPost(channelID: channelID)
            guard var message = store.messages[messageID], message.channelID == channelID else { throw .unknownMessage }
            try environment.messageValidator.validate(body.payload, files: body.files, operation: .edit(existing: message.attachments, message: message))
            try store.checkPermissions(channelID: channelID, payload: body.payload, files: body.files)
            message.apply(body.payload, uploads: environment.attachments(for: body.files, payload: body.payload))
            store.messages[messageID] = message
            return message
        }
        return .json(MessageObject(message, author: environment.configuration.botUser))
    }
}
