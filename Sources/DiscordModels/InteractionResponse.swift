/// The body of `POST /interactions/{id}/{token}/callback`.
public struct InteractionResponse: Codable, Sendable, Equatable {
    /// Callback types.
    public enum Kind: Int, Codable, Sendable {
        case pong = 1
        case channelMessage = 4
        case deferredChannelMessage = 5
        case deferredUpdateMessage = 6
        case updateMessage = 7
        case autocompleteResult = 8
        case modal = 9
        case premiumRequired = 10
    }

    /// `data`: a message, or autocomplete choices.
    public struct Data: Codable, Sendable, Equatable {
        public var message: MessagePayload?
        public var choices: [AutocompleteChoice]?
        /// A modal's form (callback type 9).
        public var modal: ModalPayload?

        public init(message: MessagePayload? = nil, choices: [AutocompleteChoice]? = nil, modal: ModalPayload? = nil) {
            self.message = message
            self.choices = choices
            self.modal = modal
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: ChoiceKeys.self)
            choices = try container.decodeIfPresent([AutocompleteChoice].self, forKey: .choices)
            modal = container.contains(.title) ? try ModalPayload(from: decoder) : nil
            message = choices == nil && modal == nil ? try MessagePayload(from: decoder) : nil
        }

        public func encode(to encoder: any Encoder) throws {
            if let modal {
                try modal.encode(to: encoder)
            } else if let choices {
                var container = encoder.container(keyedBy: ChoiceKeys.self)
                try container.encode(choices, forKey: .choices)
            } else {
                try message?.encode(to: encoder)
            }
        }

        enum ChoiceKeys: String, CodingKey { case choices, title }
    }

    public var type: Kind
    public var data: Data?

    public init(type: Kind, data: Data? = nil) {
        self.type = type
        self.data = data
    }

    public static func deferred(ephemeral: Bool) -> InteractionResponse {
        InteractionResponse(type: .deferredChannelMessage,
                            data: ephemeral ? Data(message: MessagePayload(flags: MessagePayload.ephemeral)) : nil)
    }

    public static func message(_ message: MessagePayload) -> InteractionResponse {
        InteractionResponse(type: .channelMessage, data: Data(message: message))
    }

    public static func update(_ message: MessagePayload) -> InteractionResponse {
        InteractionResponse(type: .updateMessage, data: Data(message: message))
    }

    /// Opens a form (modal) instead of answering with a message.
    public static func modal(_ modal: ModalPayload) -> InteractionResponse {
        InteractionResponse(type: .modal, data: Data(modal: modal))
    }

    public static func autocomplete(_ choices: [AutocompleteChoice]) -> InteractionResponse {
        InteractionResponse(type: .autocompleteResult, data: Data(choices: choices))
    }
}

/// One autocomplete suggestion.
public struct AutocompleteChoice: Codable, Sendable, Equatable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
