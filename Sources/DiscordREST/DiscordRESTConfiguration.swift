/// Settings for ``DiscordRESTClient``. Its description redacts the token.
public struct DiscordRESTConfiguration: Sendable, CustomStringConvertible {
    /// Base URL every request goes to, without a trailing slash.
    public var apiURL: String
    /// The bot token, sent as `Authorization: Bot <token>` on non-interaction routes. Secret.
    public var token: String
    /// `DiscordBot ($url, $version)`, as Discord requires.
    public var userAgent: String
    /// Limit for one attempt, including reading the response.
    public var requestTimeout: Duration
    /// Extra attempts after a 5xx or transport failure, with exponential backoff and jitter.
    public var maxRetries: Int
    /// Extra attempts after a 429, each after the limiter's wait.
    public var maxRateLimitRetries: Int
    /// Backoff before the first retry; doubles per attempt up to ``maxRetryDelay``.
    public var retryBaseDelay: Duration
    /// Upper bound for one backoff pause.
    public var maxRetryDelay: Duration
    /// Largest accepted upload per file (Discord's default for bots: 10 MiB).
    public var maxFileSize: Int
    /// Largest response body read.
    public var maxResponseSize: Int

    public init(apiURL: String = "https://discord.com/api/v10", token: String,
                userAgent: String = "DiscordBot (https://github.com/magical-stories, 1.0)",
                requestTimeout: Duration = .seconds(15), maxRetries: Int = 3, maxRateLimitRetries: Int = 3,
                retryBaseDelay: Duration = .milliseconds(500), maxRetryDelay: Duration = .seconds(8),
                maxFileSize: Int = 10 * 1024 * 1024, maxResponseSize: Int = 4 * 1024 * 1024) {
        var apiURL = apiURL
        while apiURL.hasSuffix("/") { apiURL.removeLast() }
        self.apiURL = apiURL
        self.token = token
        self.userAgent = userAgent
        self.requestTimeout = requestTimeout
        self.maxRetries = maxRetries
        self.maxRateLimitRetries = maxRateLimitRetries
        self.retryBaseDelay = retryBaseDelay
        self.maxRetryDelay = maxRetryDelay
        self.maxFileSize = maxFileSize
        self.maxResponseSize = maxResponseSize
    }

    public var description: String {
        "DiscordRESTConfiguration(apiURL: \(apiURL), token: <redacted>, userAgent: \(userAgent), "
            + "requestTimeout: \(requestTimeout), maxRetries: \(maxRetries), maxRateLimitRetries: \(maxRateLimitRetries))"
    }
}
