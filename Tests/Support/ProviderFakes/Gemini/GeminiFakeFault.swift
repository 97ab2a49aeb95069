/// A failure the fake plays instead of (or before) a normal answer. Faults are queued per
/// ``GeminiFake/Kind`` and each request consumes one.
public enum GeminiFakeFault: Sendable, Equatable {
    /// 429 RESOURCE_EXHAUSTED with `RetryInfo.retryDelay` (e.g. `"1s"`) and a per-minute `QuotaFailure`.
    case rateLimited(retryDelay: String)
    /// 429 with a `QuotaFailure` whose quotaId is per day (plus a `RetryInfo`, as the real API sends).
    case dailyQuota
    /// 503 UNAVAILABLE (model overloaded).
    case unavailable
    /// 500 INTERNAL.
    case internalError
    /// 404 NOT_FOUND: unknown or retired model.
    case notFound
    /// Waits this long before answering normally: set it past the client's timeout.
    case tooSlow(Duration = .seconds(3))
    /// 200 with `promptFeedback.blockReason: SAFETY` and no candidates (Imagen: only `raiFilteredReason`).
    case blockedPrompt
    /// 200 with a candidate stopped by `finishReason: SAFETY` and no content (Imagen: only `raiFilteredReason`).
    case safetyFinish
    /// 200, `finishReason: MAX_TOKENS`, the story JSON cut in half.
    case truncated
    /// 200, `STOP`, prose instead of JSON.
    case malformedJSON
    /// 200, `STOP`, a valid story with one page too few (too many for a one-page story).
    case wrongPageCount
    /// 200, `STOP`, a valid story whose page 1 has a knife and blood in it (for the bedtime screen).
    case unsafeStory
    /// 200, `STOP`, a text-only answer with no picture (Imagen: `{}`).
    case noImage
    /// 200, `finishReason: IMAGE_SAFETY`, no content.
    case imageSafety
}
