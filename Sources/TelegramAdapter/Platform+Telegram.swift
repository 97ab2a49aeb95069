import StoryDomain

extension Platform {
    /// Telegram: families are chats (a private chat with the bot is a family of one).
    public static let telegram: Platform = "telegram"
}
