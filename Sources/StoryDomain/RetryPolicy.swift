import ConcurrencyKit
import Foundation

/// How often and how soon a failed job runs again: exponential backoff with a cap.
public struct RetryPolicy: Sendable, Equatable {
    public var maxAttempts: Int
    public var baseDelay: TimeInterval
    public var maxDelay: TimeInterval
    /// Runs of a job whose story is made but could not be shown (the platform down, rate
    /// limiting, or unreachable): with the default delays, about two hours of trying.
    public var maxDeliveryAttempts: Int
    /// Leases of a job that may run out (its process died or froze) before the story is given up
    /// and the family told: a story that crashes every process it touches must not loop forever.
    /// A process dying under a story by chance (a deploy, the machine) is rare; three in a row is
    /// the story. These are apart from `maxAttempts`: an orphan is taken at once, without backoff.
    public var maxLeaseExpiries: Int

    public init(maxAttempts: Int = 4, baseDelay: TimeInterval = 5, maxDelay: TimeInterval = 300, maxDeliveryAttempts: Int = 30,
                maxLeaseExpiries: Int = 3) {
        self.maxAttempts = maxAttempts
        self.maxLeaseExpiries = maxLeaseExpiries
        self.maxDeliveryAttempts = maxDeliveryAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
    }

    /// The wait before attempt `attempt + 1`, given `attempt` attempts so far (1-based).
    public func delay(afterAttempt attempt: Int) -> TimeInterval {
        let delay = Backoff.Policy(first: .seconds(baseDelay), cap: .seconds(maxDelay), jitter: 0)
            .nominalDelay(afterDelays: attempt - 1)
        return Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
    }
}
