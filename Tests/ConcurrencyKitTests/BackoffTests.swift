import ConcurrencyKit
import StoryDomain
import StoryTestSupport
import Testing

/// ``Backoff``: exponential delays under a cap, jitter within its share, randomness and time
/// given by the caller.
@Suite("One backoff", .timeLimit(.minutes(1)))
struct BackoffTests {
    @Test("without jitter: first, doubled each time, never above the cap, and again from the start after reset")
    func fixedDelays() {
        var backoff = Backoff(.init(first: .seconds(1), cap: .seconds(60), jitter: 0))
        let delays = (0..<8).map { _ in backoff.next(random: 0.7) }
        #expect(delays == [1, 2, 4, 8, 16, 32, 60, 60].map { Duration.seconds($0) })
        #expect(backoff.delays == 8)
        backoff.reset()
        #expect(backoff.next(random: 0.7) == .seconds(1))
    }

    @Test("a huge number of delays stays at the cap (no overflow)")
    func noOverflow() {
        let policy = Backoff.Policy(first: .milliseconds(500), cap: .seconds(10), jitter: 0)
        #expect(policy.nominalDelay(afterDelays: 1_000_000) == .seconds(10))
        #expect(policy.nominalDelay(afterDelays: -3) == .milliseconds(500))
    }

    @Test("jitter takes at most its share of each delay", arguments: [0.25, 0.5, 1.0])
    func jitterBounds(share: Double) {
        let policy = Backoff.Policy(first: .seconds(4), cap: .seconds(60), jitter: share)
        #expect(policy.delay(afterDelays: 1, random: 0) == .seconds(8))
        #expect(policy.delay(afterDelays: 1, random: 1) == .seconds(8) * (1 - share))
        #expect(policy.delay(afterDelays: 1, random: 0.5) == .seconds(8) * (1 - share / 2))
        var backoff = Backoff(policy)
        for _ in 0..<50 {
            let nominal = policy.nominalDelay(afterDelays: backoff.delays)
            let delay = backoff.next()
            #expect(delay <= nominal && delay >= nominal * (1 - share))
        }
    }

    @Test("the randomness comes from the generator given: the same seed, the same delays")
    func injectedRandomness() {
        func delays(seed: UInt64) -> [Duration] {
            var backoff = Backoff(.init(first: .seconds(2), cap: .seconds(60), jitter: 0.5))
            var generator = SeededGenerator(seed: seed)
            return (0..<6).map { _ in backoff.next(using: &generator) }
        }
        #expect(delays(seed: 7) == delays(seed: 7))
        #expect(delays(seed: 7) != delays(seed: 8))
    }

    @Test("wait sleeps the next delay on the clock given")
    func waitsOnTheClock() async throws {
        let clock = ManualClock()
        let waiting = Task {
            var backoff = Backoff(.init(first: .seconds(3), cap: .seconds(60), jitter: 0))
            var generator = SeededGenerator(seed: 1)
            let first = try await backoff.wait(on: clock, using: &generator)
            let second = try await backoff.wait(on: clock, using: &generator)
            return [first, second]
        }
        await clock.waitForSleepers { $0 == [ManualClock.Instant(offset: .seconds(3))] }
        clock.advance(by: .seconds(3))
        await clock.waitForSleepers { $0 == [ManualClock.Instant(offset: .seconds(9))] }
        clock.advance(by: .seconds(6))
        #expect(try await waiting.value == [.seconds(3), .seconds(6)])
    }
}
