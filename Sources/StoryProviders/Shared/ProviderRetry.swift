import ConcurrencyKit
import Foundation

/// Retries a provider call: exponential backoff with jitter, the provider's own retry hint when
/// it gives one (Gemini `RetryInfo`, `Retry-After`), never for refused requests or exhausted
/// quotas, and never waiting longer than `maxDelay` (a longer hint is treated as exhausted).
public struct ProviderRetry: Sendable {
    public var maxAttempts: Int
    public var baseDelay: Duration
    public var maxDelay: Duration
    /// Sleeps; injected so tests don't wait.
    let sleep: @Sendable (Duration) async throws -> Void
    /// Told of every failed attempt and whether it will be retried (for metrics).
    public var onFailure: @Sendable (_ error: ProviderError, _ willRetry: Bool) -> Void

    public init(maxAttempts: Int = 3, baseDelay: Duration = .seconds(1), maxDelay: Duration = .seconds(60),
                sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
                onFailure: @escaping @Sendable (_ error: ProviderError, _ willRetry: Bool) -> Void = { _, _ in }) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.sleep = sleep
        self.onFailure = onFailure
    }

    /// Runs `operation` (given the 1-based attempt number) until it succeeds, fails for good,
    /// or runs out of attempts; the last error is thrown.
    public func run<T: Sendable>(_ operation: @Sendable (Int) async throws -> T) async throws -> T {
        var attempt = 1
        while true {
            do {
                return try await operation(attempt)
            } catch let error as ProviderError {
                guard error.isRetryable, attempt < maxAttempts else {
                    onFailure(error, false)
                    throw error
                }
                let delay: Duration
                do {
                    delay = try self.delay(after: error, attempt: attempt)
                } catch let exhausted as ProviderError {
                    // A wait hint longer than allowed: the quota is as good as exhausted.
                    onFailure(exhausted, false)
                    throw exhausted
                }
                onFailure(error, true)
                try await sleep(delay)
                attempt += 1
            }
        }
    }

    /// The wait before the next attempt.
    func delay(after error: ProviderError, attempt: Int) throws -> Duration {
        if case let .rateLimited(provider, hint?) = error {
            guard hint <= maxDelay else {
                throw ProviderError.quotaExhausted(provider: provider, detail: "asked to wait \(hint)")
            }
            return hint
        }
        // Jitter in [50 %, 100 %] of the capped delay.
        return Backoff.Policy(first: baseDelay, cap: maxDelay, jitter: 0.5)
            .delay(afterDelays: attempt - 1, random: .random(in: 0...1))
    }
}
