import DiscordModels
import DiscordREST
import Logging
import StoryBot
import StoryDomain

/// Delivers story progress, finished stories and filled-in pages in the background. While the
/// interaction's token works, it edits the story's message through the interaction webhook;
/// once the token is dead (401 `50027`, 404 `10015`, at any age), delivery moves to the
/// channel: the known message is edited there, or a bot message is posted with a `nonce` and
/// `enforce_nonce`, so a post retried after a restart returns the first message instead of
/// making a second one. The outcome names the message's new address so later edits follow it.
public struct DiscordTransport: ChatTransport {
    public var platform: Platform { Platform.discord }
    private let rest: DiscordRESTClient
    private let sender: DiscordFallbackSender
    private let logger: Logger

    public init(rest: DiscordRESTClient, renderer: DiscordMessageRenderer, logger: Logger) {
        self.rest = rest
        sender = DiscordFallbackSender(renderer: renderer, logger: logger)
        self.logger = logger
    }

    public func deliver(_ reply: ChatReply, to address: DeliveryAddress, isFinal: Bool) async throws -> DeliveryOutcome {
        var shared = reply
        // Background deliveries are for everyone in the channel: a story is read together.
        shared.isPrivate = false
        var current = address
        let capabilities = DiscordDeliveryAddress.capabilities(of: address)
        if let token = address.secret, let application = DiscordDeliveryAddress.applicationID(of: address) {
            do {
                // The story's message is always its interaction's original response (the command's
                // answer, or the message a button press updated); its id serves the channel fallback.
                let result = try await sender.send(shared, capabilities: capabilities) { rendered in
                    try await rest.editOriginalResponse(applicationID: application, token: token, message: rendered.message,
                                                        files: rendered.files)
                }
                return outcome(result, from: address)
            } catch where DiscordFallbackSender.isDeadToken(error) {
                logger.notice("the interaction's token no longer works; delivering in the channel instead",
                              metadata: ["channel": "\(address.channelID)", "error": "\(error)"])
                current.secret = nil
            }
        }
        return try await deliverInChannel(shared, to: current, isFinal: isFinal, capabilities: capabilities, original: address)
    }

    /// Edits the story's message in the channel when its id is known, else posts it.
    private func deliverInChannel(_ reply: ChatReply, to address: DeliveryAddress, isFinal: Bool,
                                  capabilities: DiscordMessageRenderer.Capabilities,
                                  original: DeliveryAddress) async throws -> DeliveryOutcome {
        guard let channelID = Snowflake(address.channelID) else { return .skipped }
        let messageID = address.messageID.flatMap(Snowflake.init)
        // Progress is shown by editing the story's message; it is not worth a message of its own.
        if messageID == nil, !isFinal { return .skipped }
        if let messageID {
            do {
                let result = try await sender.send(reply, capabilities: capabilities) { rendered in
                    try await rest.editMessage(channelID: channelID, messageID: messageID, message: rendered.message, files: rendered.files)
                }
                return outcome(result, from: original, now: address)
            } catch let error as DiscordRESTError where error.code == 10008 {
                logger.notice("the story's message was deleted; posting it again", metadata: ["channel": "\(address.channelID)"])
            }
        }
        let nonce = Self.nonce(for: address)
        let result = try await sender.send(reply, capabilities: capabilities) { rendered in
            var message = rendered.message
            message.nonce = nonce
            message.enforceNonce = nonce == nil ? nil : true
            return try await rest.createMessage(channelID: channelID, message: message, files: rendered.files)
        }
        return outcome(result, from: original, now: address)
    }

    /// The outcome of a write, naming the message's address when it differs from `original`.
    private func outcome(_ result: DiscordFallbackSender.Result, from original: DeliveryAddress,
                         now address: DeliveryAddress? = nil) -> DeliveryOutcome {
        switch result {
        case let .refused(reason):
            return .refused(reason: reason)
        case let .sent(created):
            var moved = address ?? original
            if let created, moved.messageID.flatMap(Snowflake.init) == nil { moved.messageID = String(describing: created.id) }
            return .shown(movedTo: moved == original ? nil : moved)
        }
    }

    /// The channel post's nonce: the id of the interaction that asked (unique, at most 20 digits).
    static func nonce(for address: DeliveryAddress) -> String? {
        guard let request = address.requestID, request.count <= MessagePayload.maxNonceLength else { return nil }
        return request
    }
}

extension DiscordMessageRenderer.Capabilities {
    static let textOnly = DiscordMessageRenderer.Capabilities(canAttachFiles: false, canEmbedLinks: false)
}
