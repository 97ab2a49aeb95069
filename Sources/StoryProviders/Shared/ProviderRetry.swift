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

    public init(maxAttempts: Int = 3, baseDelay: Duration = .seconds(1), maxDelay: Duration = .seconds(60),
                sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.sleep = sleep
    }

    /// Runs `operation` (given the 1-based attempt number) until it succeeds, fails for good,
    /// or runs out of attempts; the last error is thrown.
    public func run<T: Sendable>(_ operation: @Sendable (Int) async throws -> T) async throws -> T {
        var attempt = 1
        while true {
            do {
                return try await operation(attempt)
            } catch let error as ProviderError {
                guard error.isRetryable, attempt < maxAttempts else { throw error }
                let delay = try delay(after: error, attempt: attempt)
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
        let exponential = baseDelay * Int(pow(2, Double(attempt - 1)))
        let capped = min(exponential, maxDelay)
        // Full jitter in [50 %, 100 %] of the capped delay.
        return capped * Double.random(in: 0.5...1)
    }
}
