import DiscordModels

/// Interaction webhooks: edit `@original` (fills a deferral), follow-ups, and reading them back.
/// Tokens work for ``DiscordSimulator/Configuration/tokenLifetime`` after dispatch, and only once acknowledged.
struct WebhookEndpoint: Sendable {
    let environment: SimulatorEnvironment

    /// `GET /webhooks/{application_id}/{interaction_token}/messages/{message_id}`.
    func get(_ request: RESTRequest) throws(DiscordAPIError) -> RESTReply {
        let target = try Target(request)
        let now = environment.clock.now
        let message = try environment.withStore { store throws(DiscordAPIError) in
            let record = try store.webhookRecord(target, at: now, environment: environment)
            guard let id = try target.messageID(in: record), let message = store.messages[id] else { throw .unknownMessage }
            return message
        }
        return .json(MessageObject(message, author: environment.configuration.botUser))
    }

    /// `PATCH /webhooks/{application_id}/{interaction_token}/messages/{message_id}`.
    func edit(_ request: RESTRequest) throws(DiscordAPIError) -> RESTReply {
        let target = try Target(request)
        let body = try request.decode(MessagePayload.self)
        let now = environment.clock.now
        let message = try environment.withStore { store throws(DiscordAPIError) in
            let record = try store.webhookRecord(target, at: now, environment: environment)
            guard let id = try target.messageID(in: record), var message = store.messages[id] else { throw .unknownMessage }
            try environment.messageValidator.validate(body.payload, files: body.files, operation: .edit(existing: message.attachments, message: message))
            try store.checkPermissions(channelID: message.channelID, payload: body.payload, files: body.files)
            message.apply(body.payload, uploads: environment.attachments(for: body.files, payload: body.payload))
            store.messages[id] = message
            return message
        }
        return .json(MessageObject(message, author: environment.configuration.botUser))
    }

    /// `DELETE /webhooks/{application_id}/{interaction_token}/messages/{message_id}` → 204; `@original`
    /// then reads as deleted and a later follow-up creates a new message.
    func delete(_ request: RESTRequest) throws(DiscordAPIError) -> RESTReply {
        let target = try Target(request)
        let now = environment.clock.now
        try environment.withStore { store throws(DiscordAPIError) in
            var record = try store.webhookRecord(target, at: now, environment: environment)
            guard let id = try target.messageID(in: record), store.messages[id] != nil else { throw .unknownMessage }
            store.messages[id] = nil
            if id == record.originalMessageID { record.originalMessageID = nil }
            record.followUpIDs.removeAll { $0 == id }
            store.interactions[record.interaction.id] = record
        }
        return .noContent
    }

    /// `POST /webhooks/{application_id}/{interaction_token}`: a follow-up. Right after a deferral it fills the
    /// loading message instead, as Discord does.
    func createFollowUp(_ request: RESTRequest) throws(DiscordAPIError) -> RESTReply {
        let target = try Target(request)
        let body = try request.decode(MessagePayload.self)
        let now = environment.clock.now
        let message = try environment.withStore { store throws(DiscordAPIError) in
            var record = try store.webhookRecord(target, at: now, environment: environment)
            try environment.messageValidator.validate(body.payload, files: body.files, operation: .create)
            try store.checkPermissions(channelID: record.interaction.channelID, payload: body.payload, files: body.files)
            let uploads = environment.attachments(for: body.files, payload: body.payload)
            if let originalID = record.originalMessageID, var original = store.messages[originalID], original.isLoading {
                original.apply(body.payload, uploads: uploads)
                store.messages[originalID] = original
                return original
            }
            try UserInstallLedger.checkFollowUpAllowed(record.interaction, sent: record.followUpIDs.count)
            let message = SimulatedMessage(id: environment.identifiers.snowflake(), channelID: record.interaction.channelID,
                                           interactionID: record.interaction.id, payload: body.payload, attachments: uploads,
                                           flags: body.payload.flags ?? 0)
            store.messages[message.id] = message
            record.followUpIDs.append(message.id)
            store.interactions[record.interaction.id] = record
            return message
        }
        return .json(MessageObject(message, author: environment.configuration.botUser))
    }

    /// The application, token and (for message routes) message a webhook request names.
    fileprivate struct Target {
        let applicationID: String
        let token: String
        let messageID: String?

        init(_ request: RESTRequest) throws(DiscordAPIError) {
            applicationID = try request.parameter("application_id")
            token = try request.parameter("interaction_token")
            messageID = request.parameters["message_id"]
        }

        /// `@original` or one of the interaction's follow-ups.
        func messageID(in record: InteractionRecord) throws(DiscordAPIError) -> Snowflake? {
            if messageID == "@original" { return record.originalMessageID }
            guard let id = messageID.flatMap(Snowflake.init), id == record.originalMessageID || record.followUpIDs.contains(id)
            else { throw .unknownMessage }
            return id
        }
    }
}

extension SimulatorStore {
    /// The interaction behind a webhook token: 404 `10015` for another application or before the
    /// interaction was acknowledged, 401 `50027` for an unknown or expired token.
    fileprivate func webhookRecord(_ target: WebhookEndpoint.Target, at now: ContinuousClock.Instant,
                                   environment: SimulatorEnvironment) throws(DiscordAPIError) -> InteractionRecord {
        guard Snowflake(target.applicationID) == environment.configuration.applicationID else { throw .unknownWebhook }
        guard let id = interactions.id(forToken: target.token), let record = interactions[id],
              now - record.dispatchedAt <= environment.configuration.tokenLifetime, !record.tokenRevoked
        else { throw .invalidWebhookToken }
        guard record.acknowledgement != nil else { throw .unknownWebhook }
        return record
    }
}
