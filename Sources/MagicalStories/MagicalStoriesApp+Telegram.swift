import AsyncHTTPClient
import Logging
import Operations
import ServiceLifecycle
import StoryBot
import StoryDomain
import TelegramAdapter
import TelegramBotAPI

/// The Telegram bot's parts made before the router: its client, sender and delivery.
struct TelegramParts {
    let client: TelegramBotClient
    let sender: TelegramSender
    let transport: TelegramTransport
}

extension MagicalStoriesApp {
    /// Telegram's parts, when `TELEGRAM_TOKEN` is set. Pictures are uploaded once: the `file_id`
    /// Telegram gives each is kept in the key-value store and sent from then on.
    static func telegramParts(_ config: AppConfig, store: AppStore, httpClient: HTTPClient?, stories: StoryService,
                              clock: any WallClock, logger: Logger) -> TelegramParts? {
        guard let token = config.telegram.token, let httpClient else { return nil }
        let client = TelegramBotClient(configuration: TelegramBotConfiguration(apiURL: config.telegram.apiURL, token: token),
                                       httpClient: httpClient, logger: logger.labeled("telegram.api"))
        let sender = TelegramSender(client: client, memory: TelegramMessageMemory(store: store.keyValues),
                                    images: { id in try await stories.image(id) },
                                    retry: TelegramRetry(sleep: { try await clock.sleep(for: $0) }), logger: logger.labeled("telegram"))
        return TelegramParts(client: client, sender: sender, transport: TelegramTransport(sender: sender, logger: logger.labeled("telegram.delivery")))
    }

    /// The Telegram bot over the shared router: long polling, its offset and receipts in the store.
    static func telegramBot(_ config: AppConfig, _ parts: TelegramParts?, router: CommandRouter, store: AppStore, clock: any WallClock,
                            logger: Logger) -> TelegramBot? {
        parts.map { parts in
            TelegramBot(client: parts.client, router: router, sender: parts.sender, store: store.keyValues, receipts: store.acknowledgements,
                        clock: clock, configuration: config.telegram.polling, logger: logger.labeled("telegram"))
        }
    }

    /// The Telegram bot's service, when a token is set: a refused token ends the whole service.
    func telegramServices() -> [ServiceEntry] {
        guard let telegramBot else { return [] }
        return [.init(service: telegramBot, successTerminationBehavior: .gracefullyShutdownGroup,
                      failureTerminationBehavior: .gracefullyShutdownGroup)]
    }
}
