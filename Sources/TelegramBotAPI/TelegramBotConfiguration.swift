import Foundation

/// Where the Bot API is and which bot speaks: the token goes only into the URL's path
/// (`/bot<token>/<method>`) and is never logged, printed or put in an error (``redact(_:)``).
public struct TelegramBotConfiguration: Sendable {
    /// Telegram's own Bot API server.
    public static let defaultAPIURL = "https://api.telegram.org"

    /// The Bot API's base URL without a trailing slash (`TELEGRAM_API_URL`; a local simulator in tests).
    public var apiURL: String
    /// The bot's token from @BotFather (`TELEGRAM_TOKEN`): a secret.
    public var token: String
    /// How long an ordinary call may take; a long poll adds its own `timeout` to this.
    public var requestTimeout: Duration
    /// The largest answer read (a `getUpdates` batch of 100 updates fits many times over).
    public var maxResponseBytes: Int

    public init(apiURL: String = TelegramBotConfiguration.defaultAPIURL, token: String, requestTimeout: Duration = .seconds(30),
                maxResponseBytes: Int = 8 << 20) {
        var base = apiURL
        while base.hasSuffix("/") { base.removeLast() }
        self.apiURL = base
        self.token = token
        self.requestTimeout = requestTimeout
        self.maxResponseBytes = maxResponseBytes
    }

    /// The URL of one method: the only place the token is written.
    func url(of method: String) -> String { "\(apiURL)/bot\(token)/\(method)" }

    /// `text` with the token replaced by `<redacted>` (errors from the HTTP layer may quote the URL).
    public func redact(_ text: String) -> String {
        guard !token.isEmpty else { return text }
        return text.replacingOccurrences(of: token, with: "<redacted>")
    }

    /// The bot's numeric id: the token's part before the colon (not secret; nil when malformed).
    public var botID: Int64? { token.split(separator: ":").first.flatMap { Int64($0) } }
}

extension TelegramBotConfiguration: CustomStringConvertible {
    public var description: String { "TelegramBotConfiguration(apiURL: \(apiURL), token: <redacted>)" }
}
