/// Discord's global REST limit — 50 requests per second per bot token, interaction callbacks and
/// interaction webhooks exempt — which every process of the bot shares.
///
/// ``RateLimiter`` takes one unit for each request that counts against the limit, after the
/// request's own bucket lets it go. ``LocalGlobalRateBudget`` gives this process a fixed share, so
/// processes whose shares add up to 50 together never exceed it; an implementation shared through
/// a database can coordinate the processes instead. Per-route buckets stay per process.
public protocol GlobalRateBudget: Sendable {
    /// Waits until this process may send one more request that counts against the global limit.
    /// - Throws: `CancellationError` when the wait is cancelled.
    func take() async throws
}
