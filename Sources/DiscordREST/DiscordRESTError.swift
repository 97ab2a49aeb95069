import DiscordModels

/// Why a Discord REST call failed. Descriptions name the route template only, never a token.
public enum DiscordRESTError: Error, CustomStringConvertible, Sendable {
    /// Discord answered with an error status; `code` is its JSON error code when the body had one.
    case http(route: String, status: Int, code: Int?, message: String)
    /// Still rate limited after the configured retries.
    case rateLimited(route: String, retryAfter: Duration)
    /// The payload or its files break one of Discord's limits; nothing was sent.
    case invalidPayload(PayloadLimitError)
    /// Too many 401/403/429 responses recently; sending now would risk a temporary IP ban.
    case invalidRequestGuard
    /// The request failed below HTTP (connection, timeout) after the configured retries.
    case transport(route: String, description: String)
    /// The response body was not what the route returns.
    case decoding(route: String)

    /// `10062 Unknown interaction`: the token expired, or the 3-second window was missed.
    public var isUnknownInteraction: Bool { code == 10062 }
    /// `40060 Interaction has already been acknowledged`.
    public var isAlreadyAcknowledged: Bool { code == 40060 }
    /// `50013 Missing Permissions`.
    public var isMissingPermissions: Bool { code == 50013 }

    /// Whether trying again later may succeed.
    public var isRetryable: Bool {
        switch self {
        case let .http(_, status, code, _): status >= 500 || status == 429 || code == 130000
        case .rateLimited, .transport, .invalidRequestGuard: true
        case .invalidPayload, .decoding: false
        }
    }

    /// Discord's JSON error code, if any.
    public var code: Int? {
        if case let .http(_, _, code, _) = self { code } else { nil }
    }

    public var description: String {
        switch self {
        case let .http(route, status, code, message):
            "Discord HTTP \(status) on \(route): \(message)" + (code.map { " (code \($0))" } ?? "")
        case let .rateLimited(route, retryAfter):
            "Discord rate limit on \(route), retry after \(retryAfter)"
        case let .invalidPayload(error):
            "Payload not sent: \(error)"
        case .invalidRequestGuard:
            "Not sent: too many invalid (401/403/429) responses in the last 10 minutes"
        case let .transport(route, description):
            "Discord request \(route) failed: \(description)"
        case let .decoding(route):
            "Unexpected response body from \(route)"
        }
    }
}
