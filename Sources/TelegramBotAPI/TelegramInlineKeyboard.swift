/// Buttons under a message (`reply_markup`).
public struct TelegramInlineKeyboard: Codable, Sendable, Equatable {
    public var inlineKeyboard: [[TelegramInlineButton]]

    public init(_ rows: [[TelegramInlineButton]]) { inlineKeyboard = rows }

    enum CodingKeys: String, CodingKey { case inlineKeyboard = "inline_keyboard" }

    /// The most bytes of `callback_data` Telegram accepts.
    public static let maxCallbackDataBytes = 64
}

/// One inline button: pressing it sends `callbackData` back as a callback query.
public struct TelegramInlineButton: Codable, Sendable, Equatable {
    public var text: String
    public var callbackData: String?
    public var url: String?

    public init(text: String, callbackData: String) {
        self.text = text
        self.callbackData = callbackData
        url = nil
    }

    public init(text: String, url: String) {
        self.text = text
        self.url = url
        callbackData = nil
    }

    enum CodingKeys: String, CodingKey { case text, callbackData = "callback_data", url }
}

/// A command in the bot's menu (`setMyCommands`).
public struct TelegramBotCommand: Codable, Sendable, Equatable {
    public var command: String
    public var description: String

    public init(command: String, description: String) {
        self.command = command
        self.description = description
    }
}
