import DiscordModels
import DiscordREST
import Logging
import StoryBot
import StoryDomain

/// Delivers story progress and finished stories in the background by editing the
/// interaction's original response; once its token has expired (15 minutes, or after a long
/// restart), the finished story is posted to the channel as a bot message instead.
public struct DiscordTransport: ChatTransport {
    public var platform: String { InteractionTranslator.platform }
    private let rest: DiscordRESTClient
    private let renderer: DiscordMessageRenderer
    private let logger: Logger

    public init(rest: DiscordRESTClient, renderer: DiscordMessageRenderer, logger: Logger) {
        self.rest = rest
        self.renderer = renderer
        self.logger = logger
    }

    public func deliver(_ reply: ChatReply, to address: DeliveryAddress, isFinal: Bool) async throws {
        let capabilities = DiscordDeliveryAddress.capabilities(of: address)
        if let token = address.secret, let application = DiscordDeliveryAddress.applicationID(of: address) {
            let rendered = try await renderer.render(reply, capabilities: capabilities)
            do {
                _ = try await rest.editOriginalResponse(applicationID: application, token: token, message: rendered.message,
                                                        files: rendered.files)
                return
            } catch let error as DiscordRESTError where Self.tokenExpired(error) {
                guard isFinal else { return }
                logger.notice("interaction token expired; posting the story to the channel", metadata: ["channel": "\(address.channelID)"])
            } catch let error as DiscordRESTError where !error.isRetryable {
                logger.error("could not edit the story message", metadata: ["error": "\(error)"])
                return
            }
        } else if !isFinal {
            return
        }
        try await postToChannel(reply, channel: address.channelID, capabilities: capabilities)
    }

    /// Posts a bot message; without permission for pictures, falls back to text.
    private func postToChannel(_ reply: ChatReply, channel: String, capabilities: DiscordMessageRenderer.Capabilities) async throws {
        guard let channelID = Snowflake(channel) else { return }
        var shared = reply
        shared.isPrivate = false
        do {
            let rendered = try await renderer.render(shared, capabilities: capabilities)
            _ = try await rest.createMessage(channelID: channelID, message: rendered.message, files: rendered.files)
        } catch let error as DiscordRESTError where error.isMissingPermissions && capabilities != .textOnly {
            let rendered = try await renderer.render(shared, capabilities: .textOnly)
            do {
                _ = try await rest.createMessage(channelID: channelID, message: rendered.message, files: [])
            } catch let error as DiscordRESTError where !error.isRetryable {
                logger.error("cannot post in the channel", metadata: ["channel": "\(channel)", "error": "\(error)"])
            }
        } catch let error as DiscordRESTError where !error.isRetryable {
            logger.error("cannot post in the channel", metadata: ["channel": "\(channel)", "error": "\(error)"])
        }
    }

    /// 401 invalid webhook token (50027), unknown webhook (10015) or unknown interaction (10062).
    static func tokenExpired(_ error: DiscordRESTError) -> Bool {
        guard case let .http(_, status, code, _) = error else { return false }
        return [50027, 10015, 10062].contains(code ?? 0) || status == 401
    }
}

extension DiscordMessageRenderer.Capabilities {
    static let textOnly = DiscordMessageRenderer.Capabilities(canAttachFiles: false, canEmbedLinks: false)
}
