import DiscordModels
import DiscordREST
import Logging
import StoryBot

/// Sends one reply through one Discord write, with the fallbacks that keep a story from being
/// lost to a refusal: where the bot may not attach files or embed links (403 `50013`), as text;
/// after a 400 (Discord's field errors are logged), once more as a plain, safe rendering
/// (trimmed text, the picture as a plain attachment; a card: a minimal Container); and only when that is refused too, a
/// kind note in its place. Other failures (a dead token, 5xx, 429, the network) are thrown for
/// the caller to route or retry.
struct DiscordFallbackSender: Sendable {
    /// What the write ended in.
    enum Result: Sendable {
        /// Discord accepted a message carrying the reply (the message, when Discord returned one).
        case sent(CreatedMessage?)
        /// Every rendering was refused; `reason` is Discord's last answer (the kind note may have been shown).
        case refused(String)
    }

    let renderer: DiscordMessageRenderer
    let logger: Logger

    static let refusalNote = "📖 This page couldn't be shown here, but the story is safe in your library — open it with `/story read`."

    func send(_ reply: ChatReply, capabilities: DiscordMessageRenderer.Capabilities,
              through write: (DiscordMessageRenderer.Rendered) async throws -> CreatedMessage?) async throws -> Result {
        var capabilities = capabilities
        var refusal: String
        do {
            return .sent(try await write(try await renderer.render(reply, capabilities: capabilities)))
        } catch let error as DiscordRESTError where error.isMissingPermissions && capabilities != capabilities.withoutPermissions {
            capabilities = capabilities.withoutPermissions
            do {
                return .sent(try await write(try await renderer.render(reply, capabilities: capabilities)))
            } catch let error where Self.isRefusal(error) {
                refusal = "\(error)"
            }
        } catch let error where Self.isRefusal(error) {
            refusal = "\(error)"
        }
        logger.error("Discord refused a message; sending it again as plain text", metadata: ["error": "\(refusal)"])
        do {
            return .sent(try await write(try await renderer.renderPlain(reply, capabilities: capabilities)))
        } catch let error where Self.isRefusal(error) {
            refusal = "\(error)"
        }
        logger.error("Discord refused the plain message too; showing a kind note instead", metadata: ["error": "\(refusal)"])
        do {
            // In the message's layout: a card stays a card (a minimal one), an embed message classic.
            var note = try await renderer.render(ChatReply(text: Self.refusalNote, isPrivate: reply.isPrivate),
                                                 capabilities: capabilities.withoutPermissions)
            note.files = []
            _ = try await write(note)
        } catch let error where Self.isRefusal(error) {
            logger.error("Discord refused the kind note as well", metadata: ["error": "\(error)"])
        }
        return .refused(refusal)
    }

    /// Discord said no to this message (400 or 403) or it broke a limit before sending: sending
    /// the same thing again would fail again.
    static func isRefusal(_ error: any Error) -> Bool {
        guard let error = error as? DiscordRESTError else { return false }
        switch error {
        case let .http(_, status, code, _): return (status == 400 && code != 40060) || status == 403 || status == 413
        case .invalidPayload: return true
        case .rateLimited, .invalidRequestGuard, .transport, .decoding: return false
        }
    }

    /// 401 `50027` invalid webhook token, 404 `10015` unknown webhook or 404 `10062` unknown
    /// interaction: the interaction's token no longer works, at whatever age.
    static func isDeadToken(_ error: any Error) -> Bool {
        guard let error = error as? DiscordRESTError, case let .http(_, status, code, _) = error else { return false }
        return [50027, 10015, 10062].contains(code ?? 0) || status == 401
    }
}
