import DiscordModels

/// Checks an interaction callback: the type suits the interaction, and its data is valid.
struct CallbackValidator: Sendable {
    let messages: MessageValidator

    /// `existing`: attachments of the message a type-7 update edits; `source`: that message.
    func validate(_ response: InteractionResponse, files: [UploadedFile], for interaction: Interaction,
                  existing: [SimulatedAttachment], source: SimulatedMessage? = nil) throws(DiscordAPIError)
    {
        guard Self.allowedTypes(for: interaction.type).contains(response.type) else {
            throw .invalidFormBody(at: ["type"], code: "INTERACTION_RESPONSE_TYPE_INVALID",
                                   message: "Callback type \(response.type.rawValue) is not valid for this interaction.")
        }
        let message = response.data?.message
        switch response.type {
        case .channelMessage:
            guard let message else { throw .emptyMessage }
            try messages.validate(message, files: files, operation: .create, path: ["data"])
        case .updateMessage:
            try messages.validate(message ?? MessagePayload(allowedMentions: nil), files: files,
                                  operation: .edit(existing: existing, message: source), path: ["data"])
        case .deferredChannelMessage:
            if (message?.flags ?? 0) & ~SimulatedMessage.Flag.ephemeral != 0 {
                throw .invalidFormBody(at: ["data", "flags"], code: "MESSAGE_FLAGS_INVALID",
                                       message: "Only the EPHEMERAL flag may be set on a deferral.")
            }
        case .autocompleteResult:
            try validateChoices(response.data?.choices)
        case .modal:
            try ModalValidator().validate(response.data?.modal)
        case .pong, .deferredUpdateMessage, .premiumRequired:
            break
        }
    }

    private func validateChoices(_ choices: [AutocompleteChoice]?) throws(DiscordAPIError) {
        guard let choices else {
            throw .invalidFormBody(at: ["data", "choices"], code: "BASE_TYPE_REQUIRED", message: "This field is required")
        }
        if choices.count > PayloadLimits.autocompleteChoices {
            throw .invalidFormBody(at: ["data", "choices"], code: "BASE_TYPE_MAX_LENGTH", message: "Must be 25 or fewer in length.")
        }
        for (index, choice) in choices.enumerated() {
            for (field, value) in [("name", choice.name), ("value", choice.value)]
            where !(1...PayloadLimits.choiceName).contains(value.codePointCount) {
                throw .invalidFormBody(at: ["data", "choices", String(index), field], code: "BASE_TYPE_BAD_LENGTH",
                                       message: "Must be between 1 and 100 in length.")
            }
        }
    }

    /// The callback types Discord accepts for each interaction type.
    static func allowedTypes(for kind: Interaction.Kind) -> Set<InteractionResponse.Kind> {
        switch kind {
        case .ping: [.pong]
        case .applicationCommand: [.channelMessage, .deferredChannelMessage, .modal, .premiumRequired]
        case .messageComponent:
            [.channelMessage, .deferredChannelMessage, .deferredUpdateMessage, .updateMessage, .modal, .premiumRequired]
        case .autocomplete: [.autocompleteResult]
        case .modalSubmit: [.channelMessage, .deferredChannelMessage, .deferredUpdateMessage, .updateMessage, .premiumRequired]
        case .unknown: []
        }
    }
}
