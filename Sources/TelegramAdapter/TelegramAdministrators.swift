import Foundation
import Logging
import StoryDomain
import TelegramBotAPI

/// The grown-ups of a Telegram family: the chat's administrators (`getChatAdministrators`), kept
/// for a short while so a burst of presses asks Telegram once. In a private chat the one person
/// there is the grown-up.
actor TelegramAdministrators {
    private let client: TelegramBotClient
    private let clock: any WallClock
    private let keepFor: TimeInterval
    private let logger: Logger
    private var cached: [Int64: (ids: Set<Int64>, at: Date)] = [:]

    init(client: TelegramBotClient, clock: any WallClock, keepFor: Duration = .seconds(60), logger: Logger) {
        self.client = client
        self.clock = clock
        self.keepFor = Double(keepFor.components.seconds)
        self.logger = logger
    }

    /// Whether `user` manages `chat`; false when Telegram cannot be asked (never more rights than known).
    func isAdministrator(_ user: Int64, of chat: TelegramChat) async -> Bool {
        if chat.isPrivate { return true }
        let now = clock.now()
        if let entry = cached[chat.id], now.timeIntervalSince(entry.at) < keepFor { return entry.ids.contains(user) }
        do {
            let ids = Set(try await client.getChatAdministrators(chatID: chat.id).filter { !$0.user.isBot }.map(\.user.id))
            cached[chat.id] = (ids, now)
            return ids.contains(user)
        } catch {
            logger.warning("could not read the chat's administrators", metadata: ["chat": "\(chat.id)", "error": "\(error)"])
            return false
        }
    }
}
