import Configuration
import TelegramAdapter
import TelegramBotAPI

/// The Telegram bot's settings, read with the rest of ``AppConfig`` (docs/telegram.md).
///
/// | key (JSON path)     | environment         | default |
/// |---------------------|---------------------|---------|
/// | `telegram.token`    | `TELEGRAM_TOKEN`    | none (secret; set → the Telegram bot runs) |
/// | `telegram.apiUrl`   | `TELEGRAM_API_URL`  | `https://api.telegram.org` (a local Bot API server or a test's simulator) |
public struct TelegramSettings: Sendable, Equatable, CustomStringConvertible {
    /// The bot's token from @BotFather. Secret: never logged or printed.
    public var token: String?
    public var apiURL = TelegramBotConfiguration.defaultAPIURL
    /// How polling waits after a 409 and after failures (not read from the environment: tests shorten them).
    public var polling = TelegramBot.Configuration()

    public init() {}

    init(reader: ConfigReader) throws {
        token = SettingValues.nonEmpty(reader.string(forKey: "telegram.token", isSecret: true))
        apiURL = reader.string(forKey: "telegram.apiUrl", default: apiURL)
        guard apiURL.hasPrefix("http://") || apiURL.hasPrefix("https://") else {
            throw AppConfigError.invalid(key: "TELEGRAM_API_URL", value: apiURL, expected: "an http(s) URL")
        }
    }

    public var description: String { token == nil ? "off" : "on (token redacted, \(apiURL))" }
}
