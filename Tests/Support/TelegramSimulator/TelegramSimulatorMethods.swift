import Foundation
import ProviderFakes

/// The Bot API methods the simulator answers.
struct TelegramSimulatorMethods: Sendable {
    let state: TelegramSimulatorState

    static let maxCaption = 1_024
    static let maxText = 4_096
    static let notModified = "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message"

    /// Answers one call: the envelope and its HTTP status.
    func handle(_ method: String, body: Data, contentType: String) async -> (FakeJSON, Int) {
        let (parameters, uploads) = Self.parameters(body, contentType: contentType)
        await state.record(TelegramSimulatorCall(method: method, parameters: parameters, uploads: uploads.mapValues(\.data),
                                                 at: .now, errorCode: nil))
        let answer: Result<FakeJSON, Failure>
        if let failure = await state.takeFailure(method) {
            answer = .failure(Failure(code: failure.0, description: failure.1, retryAfter: failure.2))
        } else {
            answer = await run(method, parameters, uploads: uploads)
        }
        switch answer {
        case let .success(result):
            return (["ok": true, "result": result], 200)
        case let .failure(failure):
            await state.setLastErrorCode(failure.code)
            var envelope: [String: FakeJSON] = ["ok": false, "error_code": .number(Double(failure.code)),
                                                "description": .string(failure.description)]
            if let retryAfter = failure.retryAfter { envelope["parameters"] = ["retry_after": .number(Double(retryAfter))] }
            return (.object(envelope), failure.code)
        }
    }

    struct Failure: Error {
        var code: Int
        var description: String
        var retryAfter: Int? = nil

        static func bad(_ text: String) -> Failure { Failure(code: 400, description: "Bad Request: \(text)") }
    }

    private func run(_ method: String, _ p: FakeJSON, uploads: [String: TelegramMultipartReader.File]) async -> Result<FakeJSON, Failure> {
        do {
            switch method {
            case "getMe":
                return .success(["id": .number(Double(TelegramSimulator.botUserID)), "is_bot": true, "first_name": "Magical Stories",
                                 "username": .string(TelegramSimulator.botUsername)])
            case "getUpdates": return .success(try await getUpdates(p))
            case "sendMessage": return .success(try await sendMessage(p))
            case "sendPhoto": return .success(try await sendPhoto(p, uploads: uploads))
            case "editMessageMedia": return .success(try await editMessageMedia(p, uploads: uploads))
            case "editMessageText": return .success(try await editMessageText(p))
            case "editMessageCaption": return .success(try await editMessageCaption(p))
            case "deleteMessage":
                guard let chat = p["chat_id"]?.int64, let id = p["message_id"]?.int64, await state.remove(id, in: chat) else {
                    throw Failure.bad("message to delete not found")
                }
                return .success(true)
            case "answerCallbackQuery":
                guard p["callback_query_id"]?.string != nil else { throw Failure.bad("query is too old and response timeout expired or query ID is invalid") }
                return .success(true)
            case "setMyCommands":
                guard let commands = p["commands"]?.array, commands.count <= 100 else { throw Failure.bad("commands must be an array") }
                for command in commands {
                    guard let name = command["command"]?.string, (1...32).contains(name.count),
                          name.allSatisfy({ $0.isLowercase || $0.isNumber || $0 == "_" }),
                          let description = command["description"]?.string, (1...256).contains(description.count)
                    else { throw Failure.bad("BOT_COMMAND_INVALID") }
                }
                await state.setCommands(p["commands"])
                return .success(true)
            case "getChatAdministrators":
                guard let chat = p["chat_id"]?.int64 else { throw Failure.bad("chat not found") }
                guard await state.chatType(chat) != "private" else { throw Failure.bad("there are no administrators in the private chat") }
                return .success(.array(await state.administrators[chat] ?? []))
            default:
                throw Failure(code: 404, description: "Not Found: method not found")
            }
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure.bad("\(error)"))
        }
    }

    private func getUpdates(_ p: FakeJSON) async throws -> FakeJSON {
        let poll = await state.startPoll()
        let offset = p["offset"]?.int64
        let allowed = p["allowed_updates"]?.array?.compactMap(\.string)
        let limit = min(100, max(1, p["limit"]?.int ?? 100))
        let deadline = ContinuousClock.now + .seconds(min(60, max(0, p["timeout"]?.int ?? 0)))
        while true {
            guard await state.isCurrentPoll(poll) else {
                throw Failure(code: 409, description: "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running")
            }
            let pending = await state.pending(offset: offset, allowed: allowed, limit: limit)
            if !pending.isEmpty || ContinuousClock.now >= deadline { return .array(pending) }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    private func sendMessage(_ p: FakeJSON) async throws -> FakeJSON {
        let chat = try Self.chat(p)
        try await checkMaySend(to: chat)
        let text = try Self.checked(p["text"]?.string ?? "", parseMode: p["parse_mode"]?.string, limit: Self.maxText, what: "message")
        guard !text.isEmpty else { throw Failure.bad("message text is empty") }
        try Self.checkKeyboard(p["reply_markup"])
        let message = await state.store(TelegramSimulatorMessage(id: 0, chatID: chat, text: p["text"]?.string, caption: nil, photoFileID: nil,
                                                                 replyMarkup: p["reply_markup"], fromBot: true))
        return message.json(chatType: await state.chatType(chat))
    }

    private func sendPhoto(_ p: FakeJSON, uploads: [String: TelegramMultipartReader.File]) async throws -> FakeJSON {
        let chat = try Self.chat(p)
        try await checkMaySend(to: chat)
        if let caption = p["caption"]?.string {
            _ = try Self.checked(caption, parseMode: p["parse_mode"]?.string, limit: Self.maxCaption, what: "message caption")
        }
        try Self.checkKeyboard(p["reply_markup"])
        let fileID = try await photo(p["photo"]?.string, uploads: uploads, field: "photo")
        let message = await state.store(TelegramSimulatorMessage(id: 0, chatID: chat, text: nil, caption: p["caption"]?.string,
                                                                 photoFileID: fileID, replyMarkup: p["reply_markup"], fromBot: true))
        return message.json(chatType: await state.chatType(chat))
    }

    private func editMessageMedia(_ p: FakeJSON, uploads: [String: TelegramMultipartReader.File]) async throws -> FakeJSON {
        let (chat, id) = (try Self.chat(p), p["message_id"]?.int64 ?? 0)
        guard var message = await state.message(id, in: chat) else { throw Failure.bad("message to edit not found") }
        guard message.photoFileID != nil else { throw Failure.bad("there is no media in the message to edit") }
        guard let media = p["media"], media["type"]?.string == "photo", let reference = media["media"]?.string else {
            throw Failure.bad("can't parse InputMedia: media not found")
        }
        let caption = media["caption"]?.string
        if let caption { _ = try Self.checked(caption, parseMode: media["parse_mode"]?.string, limit: Self.maxCaption, what: "message caption") }
        try Self.checkKeyboard(p["reply_markup"])
        if reference == message.photoFileID, caption == message.caption, p["reply_markup"] == message.replyMarkup {
            throw Failure.bad(String(Self.notModified.dropFirst("Bad Request: ".count)))
        }
        message.photoFileID = try await photo(reference, uploads: uploads, field: nil)
        message.caption = caption
        message.replyMarkup = p["reply_markup"]
        return await state.store(message).json(chatType: await state.chatType(chat))
    }

    private func editMessageText(_ p: FakeJSON) async throws -> FakeJSON {
        let (chat, id) = (try Self.chat(p), p["message_id"]?.int64 ?? 0)
        guard var message = await state.message(id, in: chat) else { throw Failure.bad("message to edit not found") }
        guard message.photoFileID == nil else { throw Failure.bad("there is no text in the message to edit") }
        let text = p["text"]?.string ?? ""
        _ = try Self.checked(text, parseMode: p["parse_mode"]?.string, limit: Self.maxText, what: "message")
        try Self.checkKeyboard(p["reply_markup"])
        if text == message.text, p["reply_markup"] == message.replyMarkup {
            throw Failure.bad(String(Self.notModified.dropFirst("Bad Request: ".count)))
        }
        message.text = text
        message.replyMarkup = p["reply_markup"]
        return await state.store(message).json(chatType: await state.chatType(chat))
    }

    private func editMessageCaption(_ p: FakeJSON) async throws -> FakeJSON {
        let (chat, id) = (try Self.chat(p), p["message_id"]?.int64 ?? 0)
        guard var message = await state.message(id, in: chat), message.photoFileID != nil else {
            throw Failure.bad("message to edit not found")
        }
        let caption = p["caption"]?.string
        if let caption { _ = try Self.checked(caption, parseMode: p["parse_mode"]?.string, limit: Self.maxCaption, what: "message caption") }
        try Self.checkKeyboard(p["reply_markup"])
        if caption == message.caption, p["reply_markup"] == message.replyMarkup {
            throw Failure.bad(String(Self.notModified.dropFirst("Bad Request: ".count)))
        }
        message.caption = caption
        message.replyMarkup = p["reply_markup"]
        return await state.store(message).json(chatType: await state.chatType(chat))
    }

    /// The `file_id` of a photo given as a known `file_id`, `attach://name`, or a file field.
    private func photo(_ reference: String?, uploads: [String: TelegramMultipartReader.File], field: String?) async throws -> String {
        if let reference, reference.hasPrefix("attach://") {
            guard let file = uploads[String(reference.dropFirst("attach://".count))] else { throw Failure.bad("wrong HTTP URL specified") }
            return await state.keepUpload(file.data)
        }
        if let reference, !reference.isEmpty {
            guard await state.hasFile(reference) else { throw Failure.bad("wrong file identifier/HTTP URL specified") }
            return reference
        }
        guard let field, let file = uploads[field], !file.data.isEmpty else { throw Failure.bad("there is no photo in the request") }
        return await state.keepUpload(file.data)
    }

    private static func chat(_ p: FakeJSON) throws -> Int64 {
        guard let chat = p["chat_id"]?.int64 else { throw Failure.bad("chat not found") }
        return chat
    }

    /// A new message to a private chat whose person never wrote to the bot is refused, as Telegram does.
    private func checkMaySend(to chat: Int64) async throws {
        guard await state.maySend(to: chat) else {
            throw Failure(code: 403, description: "Forbidden: bot can't initiate conversation with a user")
        }
    }

    /// The visible text, after checking it parses and fits.
    private static func checked(_ text: String, parseMode: String?, limit: Int, what: String) throws -> String {
        var visible = text
        if parseMode == "HTML" {
            do {
                visible = try TelegramHTMLText.visibleText(text)
            } catch {
                throw Failure.bad("can't parse entities: \(error.reason)")
            }
        } else if parseMode != nil {
            throw Failure.bad("unsupported parse_mode")
        }
        guard TelegramHTMLText.length(visible) <= limit else { throw Failure.bad("\(what) is too long") }
        return visible
    }

    private static func checkKeyboard(_ markup: FakeJSON?) throws {
        guard let markup else { return }
        guard let rows = markup["inline_keyboard"]?.array else { throw Failure.bad("can't parse reply keyboard markup JSON object") }
        for row in rows {
            for button in row.array ?? [] {
                guard let text = button["text"]?.string, !text.isEmpty else { throw Failure.bad("text buttons are unallowed in the inline keyboard") }
                if let data = button["callback_data"]?.string {
                    guard (1...64).contains(data.utf8.count) else { throw Failure.bad("BUTTON_DATA_INVALID") }
                } else if button["url"]?.string == nil {
                    throw Failure.bad("can't find field \"callback_data\"")
                }
            }
        }
    }

    /// Multipart fields that are always text, never JSON.
    static let textFields: Set<String> = ["text", "caption", "photo", "parse_mode"]

    /// JSON bodies as they are; multipart fields parsed as JSON where they are JSON.
    static func parameters(_ body: Data, contentType: String) -> (FakeJSON, [String: TelegramMultipartReader.File]) {
        if contentType.hasPrefix("multipart/form-data"), let form = TelegramMultipartReader.read(body, contentType: contentType) {
            var object: [String: FakeJSON] = [:]
            for (name, value) in form.fields {
                guard !textFields.contains(name) else {
                    object[name] = .string(value)
                    continue
                }
                object[name] = FakeJSON.parse(Data(value.utf8)).flatMap { json -> FakeJSON? in
                    if case .string = json { return nil }
                    return json
                } ?? .string(value)
            }
            return (.object(object), form.files)
        }
        return (FakeJSON.parse(body) ?? .object([:]), [:])
    }
}

extension FakeJSON {
    /// A whole number (chat ids are 64-bit).
    var int64: Int64? {
        if case let .number(value) = self { Int64(exactly: value) } else if case let .string(text) = self { Int64(text) } else { nil }
    }
}
