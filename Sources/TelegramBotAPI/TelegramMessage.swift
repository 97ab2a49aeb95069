/// A chat: a private chat with one person, a group, a supergroup or a channel.
public struct TelegramChat: Codable, Sendable, Equatable {
    public var id: Int64
    /// "private", "group", "supergroup", "channel".
    public var type: String
    public var title: String?

    public init(id: Int64, type: String, title: String? = nil) {
        self.id = id
        self.type = type
        self.title = title
    }

    /// A private chat between one person and the bot.
    public var isPrivate: Bool { type == "private" }
}

/// A Telegram account (a person or a bot).
public struct TelegramUser: Codable, Sendable, Equatable {
    public var id: Int64
    public var isBot: Bool
    public var firstName: String
    public var username: String?

    public init(id: Int64, isBot: Bool = false, firstName: String, username: String? = nil) {
        self.id = id
        self.isBot = isBot
        self.firstName = firstName
        self.username = username
    }

    enum CodingKeys: String, CodingKey {
        case id, isBot = "is_bot", firstName = "first_name", username
    }
}

/// One size of a photo Telegram keeps; its `file_id` sends the same picture again without uploading it.
public struct TelegramPhotoSize: Codable, Sendable, Equatable {
    public var fileID: String
    public var fileUniqueID: String
    public var width: Int
    public var height: Int

    public init(fileID: String, fileUniqueID: String, width: Int, height: Int) {
        self.fileID = fileID
        self.fileUniqueID = fileUniqueID
        self.width = width
        self.height = height
    }

    enum CodingKeys: String, CodingKey {
        case fileID = "file_id", fileUniqueID = "file_unique_id", width, height
    }
}

/// A message, as far as the bot reads it.
public struct TelegramMessage: Codable, Sendable, Equatable {
    public var messageID: Int64
    public var chat: TelegramChat
    public var from: TelegramUser?
    public var text: String?
    public var caption: String?
    /// The sizes of a photo message, smallest first.
    public var photo: [TelegramPhotoSize]?
    public var replyMarkup: TelegramInlineKeyboard?

    public init(messageID: Int64, chat: TelegramChat, from: TelegramUser? = nil, text: String? = nil, caption: String? = nil,
                photo: [TelegramPhotoSize]? = nil, replyMarkup: TelegramInlineKeyboard? = nil) {
        self.messageID = messageID
        self.chat = chat
        self.from = from
        self.text = text
        self.caption = caption
        self.photo = photo
        self.replyMarkup = replyMarkup
    }

    enum CodingKeys: String, CodingKey {
        case messageID = "message_id", chat, from, text, caption, photo, replyMarkup = "reply_markup"
    }

    /// The largest size's `file_id`, to send the picture again.
    public var largestPhotoFileID: String? { photo?.max { $0.width * $0.height < $1.width * $1.height }?.fileID }
}
