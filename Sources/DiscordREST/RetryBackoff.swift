/// Exponential backoff with jitter for retrying 5xx and transport failures.
struct RetryBackoff: Sendable {
    let base: Duration
    let cap: Duration

    /// The pause before retry number `attempt` (1-based): between half and all of `base · 2^(attempt-1)`, capped.
    func delay(attempt: Int) -> Duration {
        let exponential = base * (1 << min(max(attempt - 1, 0), 20))
        let ceiling = min(exponential, cap)
        return ceiling * Double.random(in: 0.5...1.0)
    }
}
