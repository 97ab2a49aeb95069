/// The parameters of the Bot API methods the bot calls. Optional fields left nil are not sent.

/// How Telegram reads `text` and `caption`: the bot always writes HTML (only `&`, `<`, `>` need escaping).
public enum TelegramParseMode: String, Codable, Sendable { case html = "HTML" }

public struct GetUpdatesRequest: Codable, Sendable, Equatable {
    public var offset: Int64?
    /// Seconds the call may wait for an update (long polling).
    public var timeout: Int
    public var limit: Int?
    public var allowedUpdates: [String]?

    public init(offset: Int64?, timeout: Int, limit: Int? = nil, allowedUpdates: [String]? = nil) {
        self.offset = offset
        self.timeout = timeout
        self.limit = limit
        self.allowedUpdates = allowedUpdates
    }

    enum CodingKeys: String, CodingKey { case offset, timeout, limit, allowedUpdates = "allowed_updates" }
}

public struct SendMessageRequest: Codable, Sendable, Equatable {
    public var chatID: Int64
    public var text: String
    public var parseMode: TelegramParseMode?
    public var replyMarkup: TelegramInlineKeyboard?

    public init(chatID: Int64, text: String, parseMode: TelegramParseMode? = .html, replyMarkup: TelegramInlineKeyboard? = nil) {
        self.chatID = chatID
        self.text = text
        self.parseMode = parseMode
        self.replyMarkup = replyMarkup
    }

    enum CodingKeys: String, CodingKey { case chatID = "chat_id", text, parseMode = "parse_mode", replyMarkup = "reply_markup" }
}

/// `sendPhoto`: `photo` is a `file_id` Telegram already has, or `attach://<name>` for an upload
/// sent in the same multipart request.
public struct SendPhotoRequest: Codable, Sendable, Equatable {
    public var chatID: Int64
    public var photo: String
    public var caption: String?
    public var parseMode: TelegramParseMode?
    public var replyMarkup: TelegramInlineKeyboard?

    public init(chatID: Int64, photo: String, caption: String?, parseMode: TelegramParseMode? = .html,
                replyMarkup: TelegramInlineKeyboard? = nil) {
        self.chatID = chatID
        self.photo = photo
        self.caption = caption
        self.parseMode = parseMode
        self.replyMarkup = replyMarkup
    }

    enum CodingKeys: String, CodingKey {
        case chatID = "chat_id", photo, caption, parseMode = "parse_mode", replyMarkup = "reply_markup"
    }
}

/// A photo as `editMessageMedia` takes it.
public struct TelegramInputMediaPhoto: Codable, Sendable, Equatable {
    public var type = "photo"
    /// A `file_id`, or `attach://<name>` for a part of the same multipart request.
    public var media: String
    public var caption: String?
    public var parseMode: TelegramParseMode?

    public init(media: String, caption: String?, parseMode: TelegramParseMode? = .html) {
        self.media = media
        self.caption = caption
        self.parseMode = parseMode
    }

    enum CodingKeys: String, CodingKey { case type, media, caption, parseMode = "parse_mode" }
}

public struct EditMessageMediaRequest: Codable, Sendable, Equatable {
    public var chatID: Int64
    public var messageID: Int64
    public var media: TelegramInputMediaPhoto
    public var replyMarkup: TelegramInlineKeyboard?

    public init(chatID: Int64, messageID: Int64, media: TelegramInputMediaPhoto, replyMarkup: TelegramInlineKeyboard?) {
        self.chatID = chatID
        self.messageID = messageID
        self.media = media
        self.replyMarkup = replyMarkup
    }

    enum CodingKeys: String, CodingKey { case chatID = "chat_id", messageID = "message_id", media, replyMarkup = "reply_markup" }
}

public struct EditMessageTextRequest: Codable, Sendable, Equatable {
    public var chatID: Int64
    public var messageID: Int64
    public var text: String
    public var parseMode: TelegramParseMode?
    public var replyMarkup: TelegramInlineKeyboard?

    public init(chatID: Int64, messageID: Int64, text: String, parseMode: TelegramParseMode? = .html,
                replyMarkup: TelegramInlineKeyboard? = nil) {
        self.chatID = chatID
        self.messageID = messageID
        self.text = text
        self.parseMode = parseMode
        self.replyMarkup = replyMarkup
    }

    enum CodingKeys: String, CodingKey {
        case chatID = "chat_id", messageID = "message_id", text, parseMode = "parse_mode", replyMarkup = "reply_markup"
    }
}

public struct EditMessageCaptionRequest: Codable, Sendable, Equatable {
    public var chatID: Int64
    public var messageID: Int64
    public var caption: String?
    public var parseMode: TelegramParseMode?
    public var replyMarkup: TelegramInlineKeyboard?

    public init(chatID: Int64, messageID: Int64, caption: String?, parseMode: TelegramParseMode? = .html,
                replyMarkup: TelegramInlineKeyboard? = nil) {
        self.chatID = chatID
        self.messageID = messageID
        self.caption = caption
        self.parseMode = parseMode
        self.replyMarkup = replyMarkup
    }

    enum CodingKeys: String, CodingKey {
        case chatID = "chat_id", messageID = "message_id", caption, parseMode = "parse_mode", replyMarkup = "reply_markup"
    }
}

public struct DeleteMessageRequest: Codable, Sendable, Equatable {
    public var chatID: Int64
    public var messageID: Int64

    public init(chatID: Int64, messageID: Int64) {
        self.chatID = chatID
        self.messageID = messageID
    }

    enum CodingKeys: String, CodingKey { case chatID = "chat_id", messageID = "message_id" }
}

public struct AnswerCallbackQueryRequest: Codable, Sendable, Equatable {
    public var callbackQueryID: String
    public var text: String?

    public init(callbackQueryID: String, text: String? = nil) {
        self.callbackQueryID = callbackQueryID
        self.text = text
    }

    enum CodingKeys: String, CodingKey { case callbackQueryID = "callback_query_id", text }
}

public struct SetMyCommandsRequest: Codable, Sendable, Equatable {
    public var commands: [TelegramBotCommand]

    public init(commands: [TelegramBotCommand]) { self.commands = commands }
}

public struct ChatRequest: Codable, Sendable, Equatable {
    public var chatID: Int64

    public init(chatID: Int64) { self.chatID = chatID }

    enum CodingKeys: String, CodingKey { case chatID = "chat_id" }
}

/// A method without parameters (`getMe`).
public struct NoParameters: Codable, Sendable, Equatable {
    public init() {}
}
