/// Requests sent by every process of the bot, counted in one place they all reach (a database),
/// timed by that place's own clock: at most `limit` in any `window`, granted one at a time.
public protocol SharedRateWindow: Sendable {
    /// Counts one request if fewer than `limit` went in the last `window`.
    /// - Returns: nil when the request may go; otherwise how long to wait before asking again.
    /// - Throws: when the shared place cannot be reached or refuses.
    func take(limit: Int, window: Duration) async throws -> Duration?
}
