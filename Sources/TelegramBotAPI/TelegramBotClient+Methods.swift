import Foundation

/// The Bot API methods the bot uses, typed.
extension TelegramBotClient {
    public func getMe() async throws(TelegramBotError) -> TelegramUser {
        try await call("getMe", NoParameters())
    }

    /// Long polling: waits up to `request.timeout` seconds for updates after `offset`.
    public func getUpdates(_ request: GetUpdatesRequest) async throws(TelegramBotError) -> [TelegramUpdate] {
        try await call("getUpdates", request, extraTimeout: .seconds(request.timeout))
    }

    public func sendMessage(_ request: SendMessageRequest) async throws(TelegramBotError) -> TelegramMessage {
        try await call("sendMessage", request)
    }

    /// Sends a photo: `upload` is the picture's bytes (sent as the `photo` field), or nil when
    /// `request.photo` is a `file_id` Telegram already has.
    public func sendPhoto(_ request: SendPhotoRequest, upload: TelegramUpload? = nil) async throws(TelegramBotError) -> TelegramMessage {
        guard var upload else { return try await call("sendPhoto", request) }
        upload.name = "photo"
        return try await call("sendPhoto", PhotoFieldOmitted(request), uploads: [upload])
    }

    /// Replaces a message's photo (and caption and buttons); `upload` is sent when `media` is `attach://…`.
    public func editMessageMedia(_ request: EditMessageMediaRequest, upload: TelegramUpload? = nil) async throws(TelegramBotError)
        -> TelegramMessage {
        try await call("editMessageMedia", request, uploads: upload.map { [$0] } ?? [])
    }

    public func editMessageText(_ request: EditMessageTextRequest) async throws(TelegramBotError) -> TelegramMessage {
        try await call("editMessageText", request)
    }

    public func editMessageCaption(_ request: EditMessageCaptionRequest) async throws(TelegramBotError) -> TelegramMessage {
        try await call("editMessageCaption", request)
    }

    public func deleteMessage(_ request: DeleteMessageRequest) async throws(TelegramBotError) {
        let _: Bool = try await call("deleteMessage", request)
    }

    public func answerCallbackQuery(_ request: AnswerCallbackQueryRequest) async throws(TelegramBotError) {
        let _: Bool = try await call("answerCallbackQuery", request)
    }

    public func setMyCommands(_ commands: [TelegramBotCommand]) async throws(TelegramBotError) {
        let _: Bool = try await call("setMyCommands", SetMyCommandsRequest(commands: commands))
    }

    public func getChatAdministrators(chatID: Int64) async throws(TelegramBotError) -> [TelegramChatMember] {
        try await call("getChatAdministrators", ChatRequest(chatID: chatID))
    }
}

/// `sendPhoto`'s parameters without `photo`: the picture is the multipart field of that name.
private struct PhotoFieldOmitted: Encodable {
    let request: SendPhotoRequest

    init(_ request: SendPhotoRequest) { self.request = request }

    enum CodingKeys: String, CodingKey { case chatID = "chat_id", caption, parseMode = "parse_mode", replyMarkup = "reply_markup" }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(request.chatID, forKey: .chatID)
        try container.encodeIfPresent(request.caption, forKey: .caption)
        try container.encodeIfPresent(request.parseMode, forKey: .parseMode)
        try container.encodeIfPresent(request.replyMarkup, forKey: .replyMarkup)
    }
}
