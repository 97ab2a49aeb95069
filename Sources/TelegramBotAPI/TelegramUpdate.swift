/// One incoming update from `getUpdates`: only the kinds the bot asks for are read.
public struct TelegramUpdate: Codable, Sendable, Equatable {
    public var updateID: Int64
    public var message: TelegramMessage?
    public var callbackQuery: TelegramCallbackQuery?
    /// The bot's own membership changed in a chat (added, kicked).
    public var myChatMember: TelegramChatMemberUpdated?

    public init(updateID: Int64, message: TelegramMessage? = nil, callbackQuery: TelegramCallbackQuery? = nil,
                myChatMember: TelegramChatMemberUpdated? = nil) {
        self.updateID = updateID
        self.message = message
        self.callbackQuery = callbackQuery
        self.myChatMember = myChatMember
    }

    enum CodingKeys: String, CodingKey {
        case updateID = "update_id", message, callbackQuery = "callback_query", myChatMember = "my_chat_member"
    }

    /// The update kinds the bot reads, named in `allowed_updates`.
    public static let allowedKinds = ["message", "callback_query", "my_chat_member"]
}

/// A press of an inline keyboard button.
public struct TelegramCallbackQuery: Codable, Sendable, Equatable {
    public var id: String
    public var from: TelegramUser
    /// The message the button is under (absent when too old for Telegram to send).
    public var message: TelegramMessage?
    /// The button's `callback_data`.
    public var data: String?

    public init(id: String, from: TelegramUser, message: TelegramMessage? = nil, data: String? = nil) {
        self.id = id
        self.from = from
        self.message = message
        self.data = data
    }
}

/// The bot's membership in a chat changed.
public struct TelegramChatMemberUpdated: Codable, Sendable, Equatable {
    public var chat: TelegramChat
    public var from: TelegramUser
    public var newChatMember: TelegramChatMember

    enum CodingKeys: String, CodingKey {
        case chat, from, newChatMember = "new_chat_member"
    }
}

/// Someone's membership of a chat (`getChatAdministrators`, `my_chat_member`).
public struct TelegramChatMember: Codable, Sendable, Equatable {
    /// "creator", "administrator", "member", "restricted", "left", "kicked".
    public var status: String
    public var user: TelegramUser

    public init(status: String, user: TelegramUser) {
        self.status = status
        self.user = user
    }
}
