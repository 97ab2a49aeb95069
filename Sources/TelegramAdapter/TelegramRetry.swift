import ConcurrencyKit
import TelegramBotAPI

/// How a call that failed for a passing reason is tried again: a 429 waits its `retry_after`
/// (never less), Telegram's 5xx and network failures back off; anything else is thrown at once.
public struct TelegramRetry: Sendable {
    public var attempts: Int
    public var backoff: Backoff.Policy
    /// Sleeps for a duration (injected: tests use a fast or recording one).
    public var sleep: @Sendable (Duration) async throws -> Void

    public init(attempts: Int = 5, backoff: Backoff.Policy = .init(first: .seconds(1), cap: .seconds(30), jitter: 0.5),
                sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) {
        self.attempts = max(1, attempts)
        self.backoff = backoff
        self.sleep = sleep
    }

    /// Runs `call`, trying again while it fails for a passing reason and attempts remain.
    public func run<T: Sendable>(_ call: @Sendable () async throws(TelegramBotError) -> T) async throws -> T {
        var failures = 0
        while true {
            do {
                return try await call()
            } catch {
                failures += 1
                guard error.isRetryable, failures < attempts else { throw error }
                try await sleep(Self.delay(after: error, failures: failures, policy: backoff))
            }
        }
    }

    /// The wait before trying again: the 429's `retry_after`, else the backoff's next delay.
    static func delay(after error: TelegramBotError, failures: Int, policy: Backoff.Policy) -> Duration {
        if let seconds = error.retryAfter { return .seconds(max(1, seconds)) }
        return policy.delay(afterDelays: failures - 1, random: .random(in: 0...1))
    }
}
