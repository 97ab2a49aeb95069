import Synchronization

/// Counts calls in progress and the most there ever were at once.
public final class ConcurrencyProbe: Sendable {
    private let counts = Mutex((current: 0, maximum: 0))

    public init() {}

    public func enter() {
        counts.withLock { counts in
            counts.current += 1
            counts.maximum = max(counts.maximum, counts.current)
        }
    }

    public func leave() {
        counts.withLock { $0.current -= 1 }
    }

    public var current: Int { counts.withLock { $0.current } }
    /// The most calls that were in progress at once.
    public var maximum: Int { counts.withLock { $0.maximum } }
}
