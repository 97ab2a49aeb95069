import Foundation
import ProviderFakes

/// The tests' side: updates injected as people would make them, and what the bot sent.
extension TelegramSimulator {
    /// A person in the simulated chats.
    public struct Person: Sendable {
        public var id: Int64
        public var name: String

        public init(id: Int64, name: String) {
            self.id = id
            self.name = name
        }

        var json: FakeJSON { ["id": .number(Double(id)), "is_bot": false, "first_name": .string(name)] }
    }

    /// Someone types `text` in `chat` (a group when the id is negative, else their private chat).
    /// Returns the update's id.
    @discardableResult
    public func say(_ text: String, in chat: Int64, from person: Person) async -> Int64 {
        let type = await state.chatType(chat)
        if type == "private" { await state.markStarted(chat) }
        let message = await state.store(TelegramSimulatorMessage(id: 0, chatID: chat, text: text, caption: nil, photoFileID: nil,
                                                                 replyMarkup: nil, fromBot: false))
        var json = message.json(chatType: type).object ?? [:]
        json["from"] = person.json
        return await state.addUpdate(["message": .object(json)])
    }

    /// Someone presses the button carrying `data` under the bot's message `messageID`.
    @discardableResult
    public func press(_ data: String, on messageID: Int64, in chat: Int64, by person: Person) async -> Int64 {
        let type = await state.chatType(chat)
        let message = await state.message(messageID, in: chat)?.json(chatType: type) ?? ["message_id": .number(Double(messageID))]
        return await state.addUpdate(["callback_query": ["id": .string("cq\(UInt32.random(in: 0...UInt32.max))"), "from": person.json,
                                                         "message": message, "data": .string(data), "chat_instance": "1"]])
    }

    /// The bot is removed from (`kicked`) or added to (`member`) a group.
    @discardableResult
    public func botMembership(_ status: String, in chat: Int64, by person: Person) async -> Int64 {
        await state.addUpdate(["my_chat_member": [
            "chat": ["id": .number(Double(chat)), "type": .string(await state.chatType(chat))], "from": person.json, "date": 1_700_000_000,
            "old_chat_member": ["status": "member", "user": ["id": .number(Double(Self.botUserID)), "is_bot": true, "first_name": "Magical Stories"]],
            "new_chat_member": ["status": .string(status), "user": ["id": .number(Double(Self.botUserID)), "is_bot": true, "first_name": "Magical Stories"]],
        ]])
    }

    /// Telegram sends update `id` again (a bot that stopped before its offset confirmed it).
    public func redeliver(_ id: Int64) async { await state.redeliver(id) }

    /// The chat's kind ("group", "supergroup", "private").
    public func setChatType(_ type: String, of chat: Int64) async { await state.setChatType(type, of: chat) }

    /// The chat's administrators (its creator first).
    public func setAdministrators(_ people: [Person], of chat: Int64) async {
        await state.setAdministrators(people.enumerated().map { index, person in
            ["status": index == 0 ? "creator" : "administrator", "user": person.json]
        }, of: chat)
    }

    /// The next `times` calls of `method` fail with `code` (429 carries `retry_after`).
    public func fail(_ method: String, code: Int, description: String, retryAfter: Int? = nil, times: Int = 1) async {
        await state.fail(method, code: code, description: description, retryAfter: retryAfter, times: times)
    }

    /// Every call of `method` (all calls when nil), oldest first.
    public func calls(_ method: String? = nil) async -> [TelegramSimulatorCall] {
        await state.calls.filter { method == nil || $0.method == method }
    }

    /// The messages now in `chat`, oldest first (deleted ones are gone).
    public func messages(in chat: Int64) async -> [TelegramSimulatorMessage] {
        (await state.messages[chat] ?? [:]).values.sorted { $0.id < $1.id }
    }

    /// The bot's messages now in `chat`.
    public func botMessages(in chat: Int64) async -> [TelegramSimulatorMessage] {
        await messages(in: chat).filter(\.fromBot)
    }

    /// Pictures uploaded so far (not counting those sent again by `file_id`).
    public var uploadCount: Int { get async { await state.uploadCount } }

    /// The commands of the last `setMyCommands`.
    public var commands: FakeJSON? { get async { await state.commands } }

    /// Updates not yet confirmed by an offset.
    public var unconfirmedUpdates: Int { get async { await state.pending(offset: nil, allowed: nil, limit: 1_000).count } }

    /// Waits until `condition` holds, checking every 20 ms, for at most `deadline`. False when it never did.
    public func wait(upTo deadline: Duration = .seconds(20), until condition: @Sendable (TelegramSimulator) async -> Bool) async -> Bool {
        let end = ContinuousClock.now + deadline
        while ContinuousClock.now < end {
            if await condition(self) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return await condition(self)
    }
}
