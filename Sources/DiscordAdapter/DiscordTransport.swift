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
/// making a second one. A message someone deleted (404 `10008`, through the webhook or the
/// channel) is posted again as a new message, whatever the delivery. The outcome names the
/// message's new address so later edits follow it.
public struct DiscordTransport: ChatTransport {
    public var platform: Platform { Platform.discord }
    let rest: DiscordRESTClient
    let sender: DiscordFallbackSender
    let logger: Logger
    /// Where stories too late for their token wait in channels the bot may not post in (group DMs).
    let lateStories: GroupDMLateStories?
    let clock: (any WallClock)?

    /// - Parameters:
    ///   - lateStories: keeps a story that missed its token's life in a group DM, to offer on the
    ///     next interaction there; nil: such a story stays in the library only.
    ///   - clock: tells when a group DM's token is no longer trusted (14 minutes); nil: only a
    ///     refused token counts.
    public init(rest: DiscordRESTClient, renderer: DiscordMessageRenderer, logger: Logger,
                lateStories: GroupDMLateStories? = nil, clock: (any WallClock)? = nil) {
        self.rest = rest
        sender = DiscordFallbackSender(renderer: renderer, logger: logger)
        self.logger = logger
        self.lateStories = lateStories
        self.clock = clock
    }

    public func deliver(_ reply: ChatReply, to address: DeliveryAddress, isFinal: Bool) async throws -> DeliveryOutcome {
        var shared = reply
        // Background deliveries are for everyone in the channel: a story is read together.
        shared.isPrivate = false
        if let tokenOnly = DiscordDeliveryAddress.tokenOnly(of: address) {
            return try await deliverThroughToken(shared, to: address, isFinal: isFinal, expires: tokenOnly.expires)
        }
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
            } catch let error as DiscordRESTError where error.code == Self.unknownMessage {
                logger.notice("the story's message was deleted; posting it again", metadata: ["channel": "\(address.channelID)"])
                return try await repost(shared, replacing: address, capabilities: capabilities, original: address)
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
            } catch let error as DiscordRESTError where error.code == Self.unknownMessage {
                logger.notice("the story's message was deleted; posting it again", metadata: ["channel": "\(address.channelID)"])
                return try await repost(reply, replacing: address, capabilities: capabilities, original: original)
            }
        }
        return try await post(reply, in: channelID, nonce: Self.nonce(for: address), capabilities: capabilities, original: original,
                              now: address)
    }

    /// Posts the message at `address`, which someone deleted, again as a new message in its
    /// channel; later edits follow the new one. Its nonce names the deleted message, so a retry
    /// returns this post instead of making another, and it differs from the first post's.
    private func repost(_ reply: ChatReply, replacing address: DeliveryAddress, capabilities: DiscordMessageRenderer.Capabilities,
                        original: DeliveryAddress) async throws -> DeliveryOutcome {
        guard let channelID = Snowflake(address.channelID) else { return .skipped }
        var moved = address
        moved.secret = nil
        moved.messageID = nil
        let nonce = address.messageID.flatMap(Snowflake.init).map { "r\($0)" } ?? Self.nonce(for: address)
        return try await post(reply, in: channelID, nonce: nonce, capabilities: capabilities, original: original, now: moved)
    }

    /// Posts `reply` as a bot message in the channel (with `nonce` enforced when given).
    private func post(_ reply: ChatReply, in channelID: Snowflake, nonce: String?, capabilities: DiscordMessageRenderer.Capabilities,
                      original: DeliveryAddress, now address: DeliveryAddress) async throws -> DeliveryOutcome {
        let result = try await sender.send(reply, capabilities: capabilities) { rendered in
            var message = rendered.message
            message.nonce = nonce
            message.enforceNonce = nonce == nil ? nil : true
            return try await rest.createMessage(channelID: channelID, message: message, files: rendered.files)
        }
        return outcome(result, from: original, now: address)
    }

    /// Discord's 404 code for a message that does not exist (deleted by someone).
    static let unknownMessage = 10008

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
