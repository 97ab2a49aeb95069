import DiscordModels
import DiscordREST
import Logging
import StoryBot
import StoryDomain
import Synchronization

/// Answers one interaction under Discord's rules: one initial callback within 3 s (a deferral
/// for commands, UPDATE_MESSAGE for page turns), then edits of `@original` and follow-ups.
final class DiscordResponder: ChatResponder {
    private enum Phase {
        /// Nothing sent yet.
        case fresh
        /// Deferred ("thinking…"); `privately` says whether the pending message is ephemeral.
        case deferred(privately: Bool)
        /// The original response has content.
        case answered
    }

    private let interaction: Interaction
    private let rest: DiscordRESTClient
    private let renderer: DiscordMessageRenderer
    private let capabilities: DiscordMessageRenderer.Capabilities
    private let uploads: ConcurrencyLimiter
    private let logger: Logger
    private let phase = Mutex(Phase.fresh)

    /// - Parameter uploads: bounds the replies carrying a picture that are rendered and sent at
    ///   once, so a burst of page turns holds a few pictures in memory, not hundreds.
    init(interaction: Interaction, rest: DiscordRESTClient, renderer: DiscordMessageRenderer, uploads: ConcurrencyLimiter,
         logger: Logger) {
        self.interaction = interaction
        self.rest = rest
        self.renderer = renderer
        self.uploads = uploads
        capabilities = DiscordMessageRenderer.Capabilities(interaction.appPermissions)
        self.logger = logger
    }

    /// The interaction's original response, edited by background work for 15 minutes; after
    /// that the transport posts to the channel.
    var deliveryAddress: DeliveryAddress {
        DiscordDeliveryAddress.make(applicationID: interaction.applicationID, token: interaction.token,
                                    channelID: interaction.channelID, userID: interaction.invoker?.id, capabilities: capabilities)
    }

    func acknowledge(privately: Bool) async throws {
        let shouldSend = phase.withLock { phase in
            guard case .fresh = phase else { return false }
            phase = .deferred(privately: privately)
            return true
        }
        guard shouldSend else { return }
        try await rest.createInteractionResponse(interactionID: interaction.id, token: interaction.token,
                                                 response: .deferred(ephemeral: privately))
    }

    func reply(_ reply: ChatReply) async throws {
        try await withUploadPermit(for: reply) { try await self.send(reply) }
    }

    func update(_ reply: ChatReply) async throws {
        try await withUploadPermit(for: reply) { try await self.sendUpdate(reply) }
    }

    /// Runs `body` holding an upload permit when the reply shows a picture.
    private func withUploadPermit(for reply: ChatReply, _ body: @Sendable () async throws -> Void) async throws {
        guard reply.page?.imageID != nil else { return try await body() }
        try await uploads.withPermit(body)
    }

    private func send(_ reply: ChatReply) async throws {
        let rendered = try await renderer.render(reply, capabilities: capabilities)
        let current = phase.withLock { phase in
            let before = phase
            phase = .answered
            return before
        }
        switch current {
        case .fresh:
            try await rest.createInteractionResponse(interactionID: interaction.id, token: interaction.token,
                                                     response: .message(rendered.message), files: rendered.files)
        case let .deferred(privately) where privately || !reply.isPrivate:
            _ = try await rest.editOriginalResponse(applicationID: interaction.applicationID, token: interaction.token,
                                                    message: rendered.message, files: rendered.files)
        case .deferred:
            // A public "thinking…" cannot become private. A follow-up sent while it is still
            // loading would fill it (publicly), so: fill it with a placeholder, answer in a
            // private follow-up, then delete the placeholder.
            let appID = interaction.applicationID
            _ = try await rest.editOriginalResponse(applicationID: appID, token: interaction.token,
                                                    message: MessagePayload(content: "💬", embeds: [], components: []))
            _ = try await rest.createFollowup(applicationID: appID, token: interaction.token,
                                              message: rendered.message, files: rendered.files)
            try await rest.deleteOriginalResponse(applicationID: appID, token: interaction.token)
        case .answered:
            _ = try await rest.createFollowup(applicationID: interaction.applicationID, token: interaction.token,
                                              message: rendered.message, files: rendered.files)
        }
    }

    private func sendUpdate(_ reply: ChatReply) async throws {
        let isFreshComponent = interaction.type == .messageComponent && phase.withLock { phase in
            guard case .fresh = phase else { return false }
            phase = .answered
            return true
        }
        guard isFreshComponent else { return try await send(reply) }
        var rendered = try await renderer.render(reply, capabilities: capabilities)
        // An update cannot change whether the message is ephemeral.
        rendered.message.flags = nil
        try await rest.createInteractionResponse(interactionID: interaction.id, token: interaction.token,
                                                 response: .update(rendered.message), files: rendered.files)
    }
}
