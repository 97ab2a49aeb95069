import Logging
import StoryBot
import StoryDomain
import TelegramBotAPI

/// Delivers story progress, finished stories and filled-in pages: the story's message is
/// edited (a text message that becomes a page with a picture is replaced by a photo), or posted
/// when there is none; the outcome names the message's new address so later edits follow it.
public struct TelegramTransport: ChatTransport {
    public var platform: Platform { .telegram }
    private let sender: TelegramSender
    private let logger: Logger

    public init(sender: TelegramSender, logger: Logger) {
        self.sender = sender
        self.logger = logger
    }

    public func deliver(_ reply: ChatReply, to address: DeliveryAddress, isFinal: Bool) async throws -> DeliveryOutcome {
        guard let chat = Int64(address.channelID) else { return .skipped }
        let message = TelegramRenderedMessage(reply)
        do {
            let now: TelegramSender.Posted
            if let current = TelegramDeliveryAddress.posted(at: address) {
                now = try await sender.edit(current, to: message, in: chat)
                if now == current { return .shown(movedTo: nil) }
            } else {
                guard isFinal else { return .skipped }
                now = try await sender.post(message, in: chat)
            }
            var moved = TelegramDeliveryAddress.make(chat: chat, posted: now, userID: address.userID, requestID: address.requestID)
            moved.secret = address.secret
            return .shown(movedTo: moved)
        } catch let error as TelegramBotError where !error.isRetryable {
            logger.notice("Telegram refused a delivery", metadata: ["chat": "\(chat)", "error": "\(error)"])
            return .refused(reason: error.description)
        }
    }
}
