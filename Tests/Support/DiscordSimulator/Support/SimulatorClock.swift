import Foundation
import Synchronization

/// The simulator's notion of time: the real clock plus an offset tests can advance.
final class SimulatorClock: Sendable {
    private let offset = Mutex(Duration.zero)

    /// The current instant, including any advanced time.
    var now: ContinuousClock.Instant { ContinuousClock.now + offset.withLock { $0 } }

    /// The current wall-clock date, including any advanced time.
    var date: Date {
        let advanced = offset.withLock { $0 }
        return Date().addingTimeInterval(advanced.seconds)
    }

    /// Moves the simulator's time forward without waiting.
    func advance(by duration: Duration) {
        offset.withLock { $0 += duration }
    }
}

extension Duration {
    /// The duration in (fractional) seconds.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
