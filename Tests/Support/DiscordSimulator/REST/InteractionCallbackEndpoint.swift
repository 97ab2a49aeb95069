import DiscordModels
import HTTPTypes

/// `POST /interactions/{id}/{token}/callback`: the initial response, within the deadline, exactly once.
struct InteractionCallbackEndpoint: Sendable {
    /// `?with_response=true` answer.
    private struct CallbackResponse: Encodable {
        struct Interaction: Encodable {
            let id: Snowflake
            let type: Int
            let response_message_id: Snowflake?
            let response_message_loading: Bool?
            let response_message_ephemeral: Bool?
        }

        struct Resource: Encodable {
            let type: Int
            let message: MessageObject?
        }

        let interaction: Interaction
        let resource: Resource
    }

    let environment: SimulatorEnvironment

    func respond(_ request: RESTRequest) throws(DiscordAPIError) -> RESTReply {
        let parsed = Result { () throws(DiscordAPIError) in try request.decode(InteractionResponse.self) }
        let id = try request.parameter("interaction_id")
        let token = try request.parameter("interaction_token")
        let now = environment.clock.now
        let message = try environment.withStore { store throws(DiscordAPIError) in
            try store.receiveCallback(interactionID: id, token: token, body: parsed, at: now, arrived: request.arrivedAt,
                                      environment: environment)
        }
        guard request.query["with_response"] == "true" || request.query["with_response"] == "1",
              case let .success(body) = parsed, let interactionID = Snowflake(id)
        else { return .noContent }
        let author = environment.configuration.botUser
        return .json(CallbackResponse(
            interaction: .init(id: interactionID, type: body.payload.type.rawValue, response_message_id: message?.id,
                               response_message_loading: message?.isLoading, response_message_ephemeral: message?.isEphemeral),
            resource: .init(type: body.payload.type.rawValue, message: message.map { MessageObject($0, author: author) })))
    }
}

extension SimulatorStore {
    /// Checks and records a callback; returns the response message it created or updated, if any.
    fileprivate mutating func receiveCallback(interactionID id: String, token: String,
                                              body parsed: Result<RequestBody<InteractionResponse>, DiscordAPIError>,
                                              at now: ContinuousClock.Instant, arrived: ContinuousClock.Instant?,
                                              environment: SimulatorEnvironment)
        throws(DiscordAPIError) -> SimulatedMessage?
    {
        guard let interactionID = Snowflake(id), var record = interactions[interactionID], record.interaction.token == token else {
            throw .unknownInteraction
        }
        var uploads: [SimulatedAttachment] = []
        let result = Result { () throws(DiscordAPIError) -> SimulatedMessage? in
            // An acknowledged interaction stays known (its token lives 15 minutes): a second
            // callback is refused as a second one, however late it comes.
            guard record.acknowledgement == nil else { throw .alreadyAcknowledged }
            guard now - record.dispatchedAt <= environment.configuration.callbackDeadline else { throw .unknownInteraction }
            let body = try parsed.get()
            let message = body.payload.data?.message
            let source = record.interaction.message.flatMap { messages[$0.id] }
            try environment.callbackValidator.validate(body.payload, files: body.files, for: record.interaction,
                                                       existing: source?.attachments ?? [], source: source)
            try checkPermissions(channelID: record.interaction.channelID, payload: message, files: body.files)
            uploads = environment.attachments(for: body.files, payload: message)
            return apply(body.payload.type, message: message, uploads: uploads, to: &record, environment: environment)
        }
        if case let .success(body) = parsed {
            let failure: DiscordAPIError? = if case let .failure(error) = result { error } else { nil }
            record.callbacks.append(RecordedCallback(response: body.payload, files: uploads, status: failure?.status.code ?? 204,
                                                     errorCode: failure?.body.code, receivedAt: now,
                                                     arrivedAt: min(arrived ?? now, now)))
        }
        interactions[interactionID] = record
        return try result.get()
    }

    /// Creates or updates the response message a callback type implies.
    private mutating func apply(_ type: InteractionResponse.Kind, message: MessagePayload?, uploads: [SimulatedAttachment],
                                to record: inout InteractionRecord, environment: SimulatorEnvironment) -> SimulatedMessage? {
        let interaction = record.interaction
        let flags = message?.flags ?? 0
        let response: SimulatedMessage
        switch type {
        case .channelMessage, .deferredChannelMessage:
            let deferred = type == .deferredChannelMessage
            response = SimulatedMessage(
                id: environment.identifiers.snowflake(), channelID: interaction.channelID, interactionID: interaction.id,
                payload: deferred ? MessagePayload(allowedMentions: nil) : message ?? MessagePayload(allowedMentions: nil),
                attachments: uploads,
                flags: deferred ? SimulatedMessage.Flag.loading | flags & SimulatedMessage.Flag.ephemeral : flags)
        case .updateMessage, .deferredUpdateMessage:
            guard let sourceID = interaction.message?.id else { return nil }
            var source = messages[sourceID] ?? SimulatedMessage(
                id: sourceID, channelID: interaction.channelID, interactionID: nil, payload: MessagePayload(allowedMentions: nil),
                attachments: [], flags: 0)
            if type == .updateMessage { source.apply(message ?? MessagePayload(allowedMentions: nil), uploads: uploads) }
            response = source
        case .pong, .autocompleteResult, .modal, .premiumRequired:
            return nil
        }
        messages[response.id] = response
        record.originalMessageID = response.id
        return response
    }
}
