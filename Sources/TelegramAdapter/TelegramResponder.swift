import Logging
import StoryBot
import StoryDomain
import Synchronization
import TelegramBotAPI

/// Answers one update. Telegram has no private answers in a group: a private reply is posted in
/// the chat like any other. A story asked for here is delivered to the message ``reply(_:)``
/// posted, and carries the update's id as its request id, so an update seen again after a
/// restart never makes a second story.
final class TelegramResponder: ChatResponder {
    private struct State {
        var posted: TelegramSender.Posted?
        var pressed: TelegramSender.Posted?
    }

    private let chat: Int64
    private let updateID: Int64
    private let userID: String
    private let sender: TelegramSender
    private let state: Mutex<State>

    /// - Parameter pressed: the message whose button was pressed, for ``update(_:)``.
    init(chat: Int64, updateID: Int64, userID: String, pressed: TelegramSender.Posted?, sender: TelegramSender) {
        self.chat = chat
        self.updateID = updateID
        self.userID = userID
        self.sender = sender
        state = Mutex(State(posted: nil, pressed: pressed))
    }

    var deliveryAddress: DeliveryAddress {
        TelegramDeliveryAddress.make(chat: chat, posted: state.withLock { $0.posted }, userID: userID, requestID: "u\(updateID)")
    }

    var updatedMessageAddress: DeliveryAddress? {
        state.withLock { $0.pressed }.map { TelegramDeliveryAddress.make(chat: chat, posted: $0) }
    }

    /// A press was answered (`answerCallbackQuery`) before the router saw it; a command needs nothing.
    func acknowledge(privately: Bool) async throws {}

    func reply(_ reply: ChatReply) async throws {
        let posted = try await sender.post(TelegramRenderedMessage(reply), in: chat)
        state.withLock { $0.posted = posted }
    }

    func update(_ reply: ChatReply) async throws {
        guard let pressed = state.withLock({ $0.pressed }) else { return try await self.reply(reply) }
        let now = try await sender.edit(pressed, to: TelegramRenderedMessage(reply), in: chat)
        state.withLock { $0.pressed = now }
    }

    func withdrawReply() async {
        guard let posted = state.withLock({ state in defer { state.posted = nil }; return state.posted }) else { return }
        await sender.delete(posted.messageID, in: chat)
    }
}
