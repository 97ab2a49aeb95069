/// A token bucket: `capacity` tokens, refilled at `perMinute`; each message takes one. A pure
/// value: time is given, never read.
struct TokenBucket: Sendable {
    let capacity: Double
    let perSecond: Double
    private var tokens: Double
    private var updated: ContinuousClock.Instant

    init(capacity: Int, perMinute: Int, now: ContinuousClock.Instant) {
        self.capacity = Double(max(1, capacity))
        perSecond = Double(max(1, perMinute)) / 60
        tokens = self.capacity
        updated = now
    }

    /// Takes a token: zero when one was there, else how long to wait for it (it is then
    /// reserved, so the next message waits its own turn after this one).
    mutating func take(at now: ContinuousClock.Instant) -> Duration {
        let elapsed = now - updated
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        tokens = min(capacity, tokens + max(0, seconds) * perSecond)
        updated = now
        tokens -= 1
        guard tokens < 0 else { return .zero }
        return .milliseconds(Int((-tokens / perSecond * 1_000).rounded(.up)))
    }
}
