import DiscordModels
import DiscordREST
import Foundation
import Logging
import StoryBot
import StoryDomain
import Synchronization

/// Answers one interaction under Discord's rules: one initial callback within 3 s (a deferral
/// for commands, UPDATE_MESSAGE for page turns), then edits of the response and follow-ups.
/// The acknowledgement is recorded once Discord accepted it, so an interaction replayed after a
/// restart (or to the process that took over its shard) is answered through it rather than
/// acknowledged twice; only a replayed interaction looks its receipt up (a live one is new).
/// When the token dies early, public answers move to a bot message in the channel.
final class DiscordResponder: ChatResponder {
    private enum Phase {
        /// Nothing sent yet.
        case fresh
        /// Deferred ("thinking…"); `privately` says whether the pending message is ephemeral.
        case deferred(privately: Bool)
        /// The original response has content.
        case answered
    }

    private struct State {
        var phase = Phase.fresh
        /// The response message's id, once Discord named it.
        var messageID: Snowflake?
        /// The token died: answers go to this channel message instead.
        var channelMessageID: Snowflake?
        var tokenDead = false
        /// An acknowledgement Discord accepted whose receipt is not written yet (``recordAcknowledgement()``).
        var unrecorded: AcknowledgementReceipt?
        /// Follow-ups sent (a user install allows ``UserInstallLimits/followUps`` per interaction).
        var followUps = 0
    }

    private let interaction: Interaction
    /// Replayed after a RESUME: it may have been acknowledged before.
    private let replayed: Bool
    private let rest: DiscordRESTClient
    private let sender: DiscordFallbackSender
    private let capabilities: DiscordMessageRenderer.Capabilities
    private let acknowledgements: any AcknowledgementLedger
    private let clock: any WallClock
    private let logger: Logger
    private let state = Mutex(State())
    /// The receipt of ``acknowledge(privately:)`` waits for ``recordAcknowledgement()``.
    private let defersReceipt: Bool
    /// When the interaction arrived: its token is trusted for 14 minutes from then.
    private let receivedAt: Date

    /// The pictures it holds are bounded by the bot's lanes: one reply at a time per interaction,
    /// and a lane works a bounded number of interactions at once.
    /// - Parameter defersReceipt: the receipt of a deferral is written by ``recordAcknowledgement()``,
    ///   not before ``acknowledge(privately:)`` returns (the bot's acknowledgement lane: its slot is
    ///   free for the next command while the receipt waits for the database writer).
    init(interaction: Interaction, replayed: Bool, rest: DiscordRESTClient, renderer: DiscordMessageRenderer,
         acknowledgements: any AcknowledgementLedger, clock: any WallClock, logger: Logger, defersReceipt: Bool = false) {
        self.defersReceipt = defersReceipt
        self.interaction = interaction
        self.replayed = replayed
        self.rest = rest
        sender = DiscordFallbackSender(renderer: renderer, logger: logger)
        self.acknowledgements = acknowledgements
        self.clock = clock
        capabilities = Self.capabilities(of: interaction)
        self.logger = logger
        receivedAt = clock.now()
    }

    /// In a user-installed channel (a group DM) every write goes through the token, which is
    /// trusted for 14 minutes.
    private var tokenOnly: DiscordDeliveryAddress.TokenOnly? {
        interaction.isUserInstallOnly ? .init(expires: receivedAt.addingTimeInterval(GroupDMLateStories.tokenLife)) : nil
    }

    /// What the bot may do in the channel, and the layout: a button press answers in the
    /// layout of the message pressed (its `flags`: a card stays a card, a message sent with
    /// embeds before cards keeps them); a command's answers are new messages.
    static func capabilities(of interaction: Interaction) -> DiscordMessageRenderer.Capabilities {
        var capabilities = DiscordMessageRenderer.Capabilities(interaction.appPermissions)
        if interaction.type == .messageComponent, let message = interaction.message {
            capabilities.layout = (message.flags ?? 0) & MessagePayload.componentsV2 != 0 ? .cards : .embeds
        }
        return capabilities
    }

    /// The interaction's response message, edited by background work while the token lives;
    /// after that (or once the token died) the channel message that took its place.
    var deliveryAddress: DeliveryAddress {
        let current = state.withLock { $0 }
        var address = DiscordDeliveryAddress.make(applicationID: interaction.applicationID, token: interaction.token,
                                                  channelID: interaction.channelID, userID: interaction.invoker?.id,
                                                  capabilities: capabilities, messageID: current.channelMessageID ?? current.messageID,
                                                  requestID: interaction.id,
                                                  canPostPolls: DiscordPollMaker.canPostPolls(interaction.appPermissions),
                                                  tokenOnly: tokenOnly)
        if current.tokenDead { address.secret = nil }
        return address
    }

    /// The message a button press updates: the message the button is on.
    var updatedMessageAddress: DeliveryAddress? {
        guard interaction.type == .messageComponent, let message = interaction.message else { return nil }
        return DiscordDeliveryAddress.make(applicationID: interaction.applicationID, token: interaction.token,
                                           channelID: message.channelID ?? interaction.channelID, userID: interaction.invoker?.id,
                                           capabilities: capabilities, messageID: message.id, tokenOnly: tokenOnly)
    }

    func acknowledge(privately: Bool) async throws {
        let isFresh = state.withLock { state in
            guard case .fresh = state.phase else { return false }
            state.phase = .deferred(privately: privately)
            return true
        }
        guard isFresh else { return }
        let platform = Platform.discord
        let id = String(describing: interaction.id)
        if replayed, let receipt = try? await acknowledgements.receipt(for: id, on: platform) {
            // Acknowledged before a restart: answer through that acknowledgement.
            logger.notice("interaction already acknowledged before a restart; answering through it")
            state.withLock { $0.phase = .deferred(privately: receipt.privately) }
            return
        }
        do {
            try await rest.createInteractionResponse(interactionID: interaction.id, token: interaction.token,
                                                     response: .deferred(ephemeral: privately))
        } catch let error as DiscordRESTError where error.isAlreadyAcknowledged {
            logger.notice("interaction was already acknowledged; answering through that acknowledgement")
        } catch {
            state.withLock { $0.phase = .fresh }
            throw error
        }
        let receipt = AcknowledgementReceipt(platform: platform, interactionID: id, privately: privately, acknowledgedAt: clock.now())
        state.withLock { $0.unrecorded = receipt }
        if !defersReceipt { await recordAcknowledgement() }
    }

    /// Writes the receipt of the deferral made by ``acknowledge(privately:)``, once; nothing when
    /// there is none to write. Never throws: a failure is logged (a replay is then acknowledged
    /// again, and Discord's "already acknowledged" is answered through).
    func recordAcknowledgement() async {
        guard let receipt = state.withLock({ state in defer { state.unrecorded = nil }; return state.unrecorded }) else { return }
        do {
            try await acknowledgements.record(receipt)
        } catch {
            logger.warning("could not record an acknowledgement", metadata: ["error": "\(error)"])
        }
    }

    func reply(_ reply: ChatReply) async throws {
        guard let audio = reply.audio else { return try await send(reply) }
        var words = reply
        words.audio = nil
        try await send(words)
        guard capabilities.canAttachFiles else {
            return try await send(.privateNote("🔇 I can't post audio here — a server manager can let me **Attach Files** in this channel."))
        }
        try await sendAudio(audio, privately: reply.isPrivate)
    }

    /// Narration after its line of text: a voice message in the channel (Discord lets bots post
    /// one as a channel message holding only the audio; it is refused in interaction follow-ups
    /// and cannot be edited), else — no permission to send voice messages there (`50173`,
    /// `50013`) or another refusal — the Ogg/Opus file as a follow-up attachment.
    private func sendAudio(_ audio: ChatAudio, privately: Bool) async throws {
        // Where the app came by a user install (a group DM) the bot cannot post a channel message.
        if !privately, !interaction.isUserInstallOnly, let channelID = interaction.channelID {
            let voice = DiscordMessageRenderer.voiceMessage(audio)
            do {
                _ = try await rest.createMessage(channelID: channelID, message: voice.message, files: voice.files)
                return
            } catch let error as DiscordRESTError where !error.isRetryable {
                logger.notice("a voice message was refused; sending the narration as a file", metadata: ["error": "\(error)"])
            }
        }
        let file = DiscordMessageRenderer.audioFile(audio, privately: privately)
        guard takeFollowUp() else { return }
        _ = try await rest.createFollowup(applicationID: interaction.applicationID, token: interaction.token, message: file.message,
                                          files: file.files)
    }

    /// Pages are sent with their pictures as attachments.
    var sendsPictures: Bool { true }

    /// A button press's answer: UPDATE_MESSAGE as its first callback, else like ``reply(_:)``.
    func update(_ reply: ChatReply) async throws {
        let isFreshComponent = interaction.type == .messageComponent && state.withLock { state in
            guard case .fresh = state.phase else { return false }
            state.phase = .answered
            return true
        }
        guard isFreshComponent else { return try await send(reply) }
        let id = String(describing: interaction.id)
        // Only a replay can have been answered already: a live press skips the read (one round
        // trip fewer on every page turn: 0.4–0.5 ms at p50 on PostgreSQL, docs/benchmarks.md).
        if replayed, (try? await acknowledgements.receipt(for: id, on: .discord)) != nil {
            // Answered before a restart, or by the process that ran this shard before: the gateway
            // replayed the press after a RESUME. The message already shows the update, and a
            // second callback would be refused (40060).
            logger.notice("button press already answered before a restart; not answered again")
            return
        }
        do {
            let held = interaction.message?.attachments ?? []
            _ = try await sender.send(reply, capabilities: capabilities) { rendered in
                // A picture the message already shows is kept, not uploaded again.
                let update = DiscordMessageRenderer.keepingHeldPictures(rendered, held: held)
                do {
                    try await self.respond(updating: update)
                } catch where update.files.count < rendered.files.count && DiscordFallbackSender.isRefusal(error) {
                    // Another press replaced the message's pictures since this one was made (two
                    // people pressing together): the kept attachment is gone, so upload it after all.
                    try await self.respond(updating: rendered)
                }
                return nil
            }
        } catch let error as DiscordRESTError where error.isAlreadyAcknowledged {
            // Answered by a process that died before it could record so: nothing more to show.
            logger.notice("button press was already answered; not answered again")
            return
        }
        // Recorded after the update, off the press's path to Discord, so a replay is recognised.
        do {
            try await acknowledgements.record(AcknowledgementReceipt(platform: .discord, interactionID: id, privately: false,
                                                                     acknowledgedAt: clock.now()))
        } catch {
            logger.warning("could not record an acknowledgement", metadata: ["error": "\(error)"])
        }
    }

    /// UPDATE_MESSAGE with `update` as the press's first callback.
    private func respond(updating update: DiscordMessageRenderer.Rendered) async throws {
        var message = update.message
        // An update cannot change whether the message is ephemeral; a card says it stays one.
        message.flags = message.isComponentsV2 ? MessagePayload.componentsV2 : nil
        try await rest.createInteractionResponse(interactionID: interaction.id, token: interaction.token,
                                                 response: .update(message), files: update.files)
    }

    /// Deletes the public answer already given (the original response), so that a request
    /// refused after all leaves no message promising what will not come; what follows is sent as
    /// a follow-up. Best effort: a failure is logged.
    func withdrawReply() async {
        let current = state.withLock { $0 }
        guard case .answered = current.phase else { return }
        guard !current.tokenDead else {
            return logger.warning("a public answer posted in the channel could not be withdrawn")
        }
        do {
            try await rest.deleteOriginalResponse(applicationID: interaction.applicationID, token: interaction.token)
        } catch {
            logger.warning("could not withdraw a public answer", metadata: ["error": "\(error)"])
        }
    }

    private func send(_ reply: ChatReply) async throws {
        let current = state.withLock { state in
            let before = state
            state.phase = .answered
            return before
        }
        if current.tokenDead { return try await postInChannel(reply, editing: current.channelMessageID) }
        let appID = interaction.applicationID
        let token = interaction.token
        do {
            switch current.phase {
            case .fresh:
                _ = try await sender.send(reply, capabilities: capabilities) { rendered in
                    try await self.rest.createInteractionResponse(interactionID: self.interaction.id, token: token,
                                                                  response: .message(rendered.message), files: rendered.files)
                    return nil
                }
            case let .deferred(privately) where privately || !reply.isPrivate:
                let result = try await sender.send(reply, capabilities: capabilities) { rendered in
                    try await self.rest.editOriginalResponse(applicationID: appID, token: token, message: rendered.message,
                                                             files: rendered.files)
                }
                if case let .sent(created?) = result { state.withLock { $0.messageID = created.id } }
            case .deferred:
                // A public "thinking…" cannot become private, and a follow-up sent while it loads
                // would fill it publicly: remove it first, then answer in a private follow-up.
                // Only if it cannot be removed does it keep a neutral mark.
                do {
                    try await rest.deleteOriginalResponse(applicationID: appID, token: token)
                } catch where !DiscordFallbackSender.isDeadToken(error) {
                    logger.warning("could not remove a public deferral before a private answer", metadata: ["error": "\(error)"])
                    _ = try await rest.editOriginalResponse(applicationID: appID, token: token,
                                                            message: MessagePayload(content: "💬", embeds: [], components: []))
                }
                guard takeFollowUp() else { return }
                _ = try await sender.send(reply, capabilities: capabilities) { rendered in
                    try await self.rest.createFollowup(applicationID: appID, token: token, message: rendered.message, files: rendered.files)
                }
            case .answered:
                guard takeFollowUp() else { return }
                _ = try await sender.send(reply, capabilities: capabilities) { rendered in
                    try await self.rest.createFollowup(applicationID: appID, token: token, message: rendered.message, files: rendered.files)
                }
            }
        } catch where DiscordFallbackSender.isDeadToken(error) {
            logger.notice("the interaction's token no longer works; answering in the channel", metadata: ["error": "\(error)"])
            state.withLock { $0.tokenDead = true }
            try await postInChannel(reply, editing: nil)
        }
    }

    /// A public answer as a bot message in the channel (nonce: the interaction id, so a retry
    /// cannot post it twice); a private one cannot be shown there and is only logged.
    private func postInChannel(_ reply: ChatReply, editing messageID: Snowflake?) async throws {
        guard !reply.isPrivate else {
            logger.warning("a private answer could not be shown: the interaction's token no longer works")
            return
        }
        guard !interaction.isUserInstallOnly else {
            logger.warning("an answer could not be shown: the token no longer works, and the bot cannot post here (user install)")
            return
        }
        guard let channelID = interaction.channelID else { return }
        let result = try await sender.send(reply, capabilities: capabilities) { rendered in
            if let messageID {
                return try await self.rest.editMessage(channelID: channelID, messageID: messageID, message: rendered.message,
                                                       files: rendered.files)
            }
            var message = rendered.message
            message.nonce = String(describing: self.interaction.id)
            message.enforceNonce = true
            return try await self.rest.createMessage(channelID: channelID, message: message, files: rendered.files)
        }
        if case let .sent(created?) = result { state.withLock { $0.channelMessageID = created.id } }
    }
}

extension DiscordResponder: NativePollResponder {
    /// The vote as a native poll of its own in the interaction's channel (a poll cannot sit in a
    /// layout message), where the bot may send polls; nil (buttons) where it may not.
    func askPoll(_ vote: ChapterVote, now: Date) async throws -> String? {
        guard !interaction.isUserInstallOnly, DiscordPollMaker.canPostPolls(interaction.appPermissions), let channelID = interaction.channelID else { return nil }
        let message = MessagePayload(nonce: DiscordPollMaker.nonce(for: vote), enforceNonce: true,
                                     poll: DiscordPollMaker.poll(for: vote, now: now))
        let created = try await rest.createMessage(channelID: channelID, message: message)
        logger.info("vote posted as a poll", metadata: ["vote": "\(vote.id)"])
        return String(describing: created.id)
    }
}

extension DiscordResponder {
    /// Counts a follow-up about to be sent; false (and logged) when a user-installed interaction
    /// already sent its 5 (Discord refuses more with `40094`).
    fileprivate func takeFollowUp() -> Bool {
        let limited = interaction.isUserInstallOnly
        let allowed = state.withLock { state in
            guard !limited || state.followUps < UserInstallLimits.followUps else { return false }
            state.followUps += 1
            return true
        }
        if !allowed { logger.warning("a follow-up was not sent: a user-installed interaction allows 5") }
        return allowed
    }
}
