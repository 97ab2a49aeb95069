extension OpenAIFake {
    /// The kind of call a request is.
    public enum Kind: String, Sendable, CaseIterable {
        case chat
        case image
    }

    /// Which server the fake behaves as.
    public enum Flavor: Sendable, Equatable {
        /// OpenAI: Bearer key required, strict `json_schema` validated, `max_completion_tokens`
        /// honoured (`max_tokens` refused, as by reasoning models), images served.
        case openAI
        /// Ollama's `/v1` layer as an older server: no auth, `json_schema` refused with 400 (only
        /// JSON mode), `max_tokens` honoured and `max_completion_tokens` ignored, no images route.
        case ollama
    }

    /// Something to go wrong on the next call of a kind; each injected fault is consumed by one
    /// request, in order — except ``latency(_:)``, which applies to every later call of its kind.
    public enum Fault: Sendable, Equatable {
        /// Every later call of the kind waits this long before answering (not consumed).
        case latency(Duration)
        /// 429 "Rate limit reached for requests" with `retry-after` when given.
        case rateLimited(retryAfter: String?)
        /// 429 with `retry-after-ms`.
        case rateLimitedMilliseconds(String)
        /// 429 `insufficient_quota`: no retry will help.
        case insufficientQuota
        /// 503.
        case unavailable
        /// 503 with `x-should-retry: false`.
        case unavailableDoNotRetry
        /// 500.
        case internalError
        /// 200 with `message.refusal` and no content.
        case refusal
        /// 200 with `finish_reason: content_filter` and no content.
        case contentFilter
        /// 200 with `finish_reason: length` and the JSON cut in half.
        case truncated
        /// 200 with text that is not JSON (images: base64 that is no picture).
        case malformedJSON
        /// 200 with one page more than asked for.
        case wrongPageCount
        /// 400 `moderation_blocked` (images) / content policy (chat).
        case moderationBlocked
        /// Answers only after the fake's `slowDelay`, past any sensible test timeout.
        case tooSlow
    }
}
