/// Heartbeat bookkeeping for one connection: the interval, when the next beat is due, and
/// whether the last beat still waits for its ACK.
struct HeartbeatTracker: Sendable, Equatable {
    /// From HELLO.
    let interval: Duration
    /// When the next heartbeat is due.
    private(set) var nextBeat: ContinuousClock.Instant
    /// A heartbeat was sent and not acknowledged yet.
    private(set) var awaitingAck = false
    private var lastSent: ContinuousClock.Instant?

    init(interval: Duration, firstBeat: ContinuousClock.Instant) {
        self.interval = interval
        self.nextBeat = firstBeat
    }

    /// Records a beat sent at `now`; the next one is due a full interval later.
    mutating func sent(now: ContinuousClock.Instant) {
        awaitingAck = true
        lastSent = now
        nextBeat = now.advanced(by: interval)
    }

    /// Records an ACK and returns the round-trip time of the beat it acknowledges.
    mutating func acknowledged(now: ContinuousClock.Instant) -> Duration? {
        defer { awaitingAck = false }
        guard awaitingAck, let lastSent else { return nil }
        return lastSent.duration(to: now)
    }
}
