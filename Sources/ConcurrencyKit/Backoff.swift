/// The one backoff: exponential delays (`first`, twice that, four times … never above `cap`),
/// each shortened by a random part of up to ``Policy/jitter`` of itself. A value: the caller
/// gives the randomness (a seeded generator in tests), and ``wait(on:using:)`` sleeps on the
/// clock it is given.
public struct Backoff: Sendable, Equatable {
    /// The delays of one kind of retry.
    public struct Policy: Sendable, Equatable {
        /// The delay before the first retry.
        public var first: Duration
        /// No delay is longer.
        public var cap: Duration
        /// The share of each delay that randomness may take away, in 0…1: 0 for fixed delays,
        /// 1 for full jitter (anywhere from nothing to the whole delay).
        public var jitter: Double

        public init(first: Duration, cap: Duration, jitter: Double) {
            self.first = first
            self.cap = cap
            self.jitter = min(1, max(0, jitter))
        }

        /// The delay after `failures` earlier delays (0 for the first), before jitter.
        public func nominalDelay(afterDelays failures: Int) -> Duration {
            let doublings = min(max(failures, 0), 40)
            // Past the cap there is no need to double further (and no overflow).
            var delay = first
            for _ in 0..<doublings where delay < cap { delay *= 2 }
            return min(delay, cap)
        }

        /// The delay after `failures` earlier delays, with `unit` (0…1) of the jitter taken away.
        public func delay(afterDelays failures: Int, random unit: Double) -> Duration {
            nominalDelay(afterDelays: failures) * (1 - jitter * min(1, max(0, unit)))
        }
    }

    public let policy: Policy
    /// Delays given since the start or the last ``reset()``.
    public private(set) var delays = 0

    public init(_ policy: Policy) { self.policy = policy }

    /// The next delay; `unit` in 0…1 is the randomness (uniform for jitter as designed).
    public mutating func next(random unit: Double) -> Duration {
        defer { delays += 1 }
        return policy.delay(afterDelays: delays, random: unit)
    }

    /// The next delay, its randomness drawn from `generator`.
    public mutating func next(using generator: inout some RandomNumberGenerator) -> Duration {
        next(random: .random(in: 0...1, using: &generator))
    }

    /// The next delay, with system randomness.
    public mutating func next() -> Duration {
        var generator = SystemRandomNumberGenerator()
        return next(using: &generator)
    }

    /// Sleeps on `clock` for the next delay, and returns it.
    @discardableResult
    public mutating func wait<C: Clock<Duration>>(on clock: C, using generator: inout some RandomNumberGenerator) async throws -> Duration {
        let delay = next(using: &generator)
        try await clock.sleep(for: delay)
        return delay
    }

    /// Sleeps on `clock` for the next delay, with system randomness, and returns it.
    @discardableResult
    public mutating func wait<C: Clock<Duration>>(on clock: C) async throws -> Duration {
        var generator = SystemRandomNumberGenerator()
        return try await wait(on: clock, using: &generator)
    }

    /// Starts over (after a success).
    public mutating func reset() { delays = 0 }
}
