/// What went wrong with one Bot API call. Descriptions never contain the token.
public enum TelegramBotError: Error, Sendable, Equatable {
    /// Telegram answered `{"ok":false, "error_code":…, "description":…, "parameters":…}`.
    case api(method: String, code: Int, description: String, retryAfter: Int? = nil, migrateToChatID: Int64? = nil)
    /// The request did not get an answer (connection refused, reset, timed out).
    case transport(method: String, description: String)
    /// An answer came that is not the Bot API's envelope, or whose result is not what was asked for.
    case decoding(method: String, status: Int)

    /// The Bot API's error code (HTTP-like: 400, 403, 409, 429…); nil without an answer.
    public var code: Int? {
        if case let .api(_, code, _, _, _) = self { code } else { nil }
    }

    /// Telegram's description ("Bad Request: message is not modified: …").
    public var apiDescription: String? {
        if case let .api(_, _, description, _, _) = self { description } else { nil }
    }

    /// Seconds to wait before calling again (429 Too Many Requests).
    public var retryAfter: Int? {
        if case let .api(_, _, _, retryAfter, _) = self { retryAfter } else { nil }
    }

    /// A group became a supergroup: its new chat id.
    public var migrateToChatID: Int64? {
        if case let .api(_, _, _, _, migrate) = self { migrate } else { nil }
    }

    /// 409 Conflict: another process polls the same token with `getUpdates` (or a webhook is set).
    public var isConflict: Bool { code == 409 }

    /// 429 Too Many Requests.
    public var isRateLimited: Bool { code == 429 }

    /// 400 "message is not modified": the edit asked for what the message already shows.
    public var isNotModified: Bool { code == 400 && (apiDescription?.contains("message is not modified") ?? false) }

    /// 401/404 on any call: the token is wrong or was revoked (retrying cannot help).
    public var isBadToken: Bool { code == 401 || code == 404 }

    /// 403: the bot was kicked or blocked, or may not write there.
    public var isForbidden: Bool { code == 403 }

    /// Worth trying again later: no answer, Telegram's own trouble (5xx) or a rate limit.
    public var isRetryable: Bool {
        switch self {
        case .transport: true
        case let .api(_, code, _, _, _): code == 429 || code >= 500
        case let .decoding(_, status): status >= 500
        }
    }
}

extension TelegramBotError: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .api(method, code, description, retryAfter, migrate):
            var text = "Telegram \(method) failed: \(code) \(description)"
            if let retryAfter { text += " (retry after \(retryAfter) s)" }
            if let migrate { text += " (migrated to chat \(migrate))" }
            return text
        case let .transport(method, description): return "Telegram \(method) got no answer: \(description)"
        case let .decoding(method, status): return "Telegram \(method) answered something unreadable (HTTP \(status))"
        }
    }
}
