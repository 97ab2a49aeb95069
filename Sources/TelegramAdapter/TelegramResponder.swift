import Logging
import StoryBot
import StoryDomain
import Synchronization
import TelegramBotAPI

/// Answers one update. Telegram has no private answers in a group: a private reply there goes to
/// the asker's own chat with the bot, and when they have not opened one (a bot cannot write
/// first) the group is told only that a private answer waits, never what it says. A story asked for here is delivered to the message ``reply(_:)``
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
        if reply.isPrivate, Self.isGroup(chat), let person = Int64(userID) {
            return try await replyPrivately(reply, to: person)
        }
        let posted = try await sender.post(TelegramRenderedMessage(reply), in: chat)
        state.withLock { $0.posted = posted }
    }

    func update(_ reply: ChatReply) async throws {
        // A private answer to a press in a group must not replace the page everyone sees.
        if reply.isPrivate, Self.isGroup(chat) { return try await self.reply(reply) }
        guard let pressed = state.withLock({ $0.pressed }) else { return try await self.reply(reply) }
        let now = try await sender.edit(pressed, to: TelegramRenderedMessage(reply), in: chat)
        state.withLock { $0.pressed = now }
    }

    /// Groups and supergroups have negative chat ids; a private chat's id is its person's.
    static func isGroup(_ chat: Int64) -> Bool { chat < 0 }

    /// Sends `reply` to `person`'s own chat with the bot; when Telegram refuses (they never
    /// pressed Start there), the group gets a hint without the answer's words.
    private func replyPrivately(_ reply: ChatReply, to person: Int64) async throws {
        do {
            _ = try await sender.post(TelegramRenderedMessage(reply), in: person)
        } catch {
            let hint = ChatReply(text: "🔒 I have a private answer for you. Open a chat with me, press Start, then ask again here.")
            _ = try await sender.post(TelegramRenderedMessage(hint), in: chat)
        }
    }

    func withdrawReply() async {
        guard let posted = state.withLock({ state in defer { state.posted = nil }; return state.posted }) else { return }
        await sender.delete(posted.messageID, in: chat)
    }
}
