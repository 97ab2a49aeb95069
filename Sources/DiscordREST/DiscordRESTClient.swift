import AsyncHTTPClient
import DiscordModels
import Logging

/// Discord's REST API over AsyncHTTPClient, within Discord's rate limits.
///
/// Every outgoing message is validated before anything is sent; files go as `multipart/form-data`.
/// 5xx and transport failures are retried with backoff, 429s after the limiter's wait, both bounded.
/// Logs and errors name route templates only, never tokens.
public struct DiscordRESTClient: Sendable {
    /// The settings the client was created with.
    public let configuration: DiscordRESTConfiguration
    let httpClient: HTTPClient
    let logger: Logger
    let rateLimiter: RateLimiter

    public init(configuration: DiscordRESTConfiguration, httpClient: HTTPClient, logger: Logger,
                rateLimiter: RateLimiter = RateLimiter()) {
        self.configuration = configuration
        self.httpClient = httpClient
        self.logger = logger
        self.rateLimiter = rateLimiter
    }

    private var preparer: PayloadPreparer { PayloadPreparer(maxFileSize: configuration.maxFileSize) }

    /// `GET /gateway/bot`.
    public func gatewayBot() async throws -> GatewayBot {
        try await send(.gatewayBot, decoding: GatewayBot.self)
    }

    /// `GET /applications/@me`: the current application's id.
    public func currentApplication() async throws -> Snowflake {
        try await send(.currentApplication, decoding: ApplicationIdentity.self).id
    }

    /// The initial response to an interaction; due within 3 seconds of receiving it.
    public func createInteractionResponse(interactionID: Snowflake, token: String, response: InteractionResponse,
                                          files: [FileUpload] = []) async throws {
        let response = try preparer.interactionResponse(response, files: files)
        _ = try await send(.createInteractionResponse(interactionID: interactionID, token: token),
                           body: RequestBody.upload(response, files: files))
    }

    /// Edits (or fills a deferred) initial response; valid for 15 minutes.
    public func editOriginalResponse(applicationID: Snowflake, token: String, message: MessagePayload,
                                     files: [FileUpload] = []) async throws -> CreatedMessage {
        try await sendMessage(.editOriginalResponse(applicationID: applicationID, token: token), message, files)
    }

    /// Deletes the initial response (e.g. a deferral's "thinking…" message).
    public func deleteOriginalResponse(applicationID: Snowflake, token: String) async throws {
        _ = try await send(.deleteOriginalResponse(applicationID: applicationID, token: token))
    }

    /// Sends a follow-up message for an interaction; valid for 15 minutes.
    public func createFollowup(applicationID: Snowflake, token: String, message: MessagePayload,
                               files: [FileUpload] = []) async throws -> CreatedMessage {
        try await sendMessage(.createFollowup(applicationID: applicationID, token: token), message, files)
    }

    /// Posts a message in a channel.
    public func createMessage(channelID: Snowflake, message: MessagePayload,
                              files: [FileUpload] = []) async throws -> CreatedMessage {
        try await sendMessage(.createMessage(channelID: channelID), message, files)
    }

    /// Edits a message the bot sent; new files are added to the listed `attachments`.
    public func editMessage(channelID: Snowflake, messageID: Snowflake, message: MessagePayload,
                            files: [FileUpload] = []) async throws -> CreatedMessage {
        try await sendMessage(.editMessage(channelID: channelID, messageID: messageID), message, files)
    }

    /// Replaces all global commands, or a guild's when `guildID` is set; returns them with ids.
    public func bulkOverwriteCommands(applicationID: Snowflake, guildID: Snowflake?,
                                      commands: [ApplicationCommand]) async throws -> [ApplicationCommand] {
        try await send(.bulkOverwriteCommands(applicationID: applicationID, guildID: guildID),
                       body: RequestBody.json(commands), decoding: [ApplicationCommand].self)
    }

    private func sendMessage(_ route: Route, _ message: MessagePayload,
                             _ files: [FileUpload]) async throws -> CreatedMessage {
        let message = try preparer.message(message, files: files)
        return try await send(route, body: RequestBody.upload(message, files: files), decoding: CreatedMessage.self)
    }
}

/// `GET /applications/@me`, reduced to what the bot reads.
private struct ApplicationIdentity: Decodable {
    var id: Snowflake
}
