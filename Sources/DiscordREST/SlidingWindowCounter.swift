/// Counts events in a trailing time window (the invalid-request guard).
struct SlidingWindowCounter: Sendable {
    let window: Duration
    /// Event times, oldest first; entries before `start` are expired and awaiting compaction.
    private var events: [ContinuousClock.Instant] = []
    private var start = 0

    init(window: Duration) { self.window = window }

    /// Events within the window ending at `now`.
    mutating func count(at now: ContinuousClock.Instant) -> Int {
        prune(now)
        return events.count - start
    }

    /// When the oldest event in the window leaves it.
    mutating func nextExpiry(at now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        prune(now)
        return start < events.count ? events[start] + window : nil
    }

    mutating func record(_ now: ContinuousClock.Instant) {
        events.append(now)
    }

    private mutating func prune(_ now: ContinuousClock.Instant) {
        while start < events.count, events[start] + window <= now { start += 1 }
        if start > 64, start * 2 > events.count {
            events.removeFirst(start)
            start = 0
        }
    }
}
