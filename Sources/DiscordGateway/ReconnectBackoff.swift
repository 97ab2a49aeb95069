/// Capped exponential reconnect delays (1 s, 2 s, 4 s … 60 s), each shortened by up to 25 % jitter.
struct ReconnectBackoff: Sendable, Equatable {
    static let base = Duration.seconds(1)
    static let cap = Duration.seconds(60)

    private var attempt = 0

    /// The next delay; `jitter` is uniform in [0, 1).
    mutating func next(jitter: Double) -> Duration {
        let nominal = min(Self.cap, Self.base * (1 << min(attempt, 16)))
        attempt += 1
        return nominal * (1 - 0.25 * jitter)
    }

    /// Starts over after a healthy session (READY or RESUMED).
    mutating func reset() { attempt = 0 }
}
