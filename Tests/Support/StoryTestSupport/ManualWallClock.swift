import Foundation
import StoryDomain
import Synchronization

/// A clock that only moves when told to: for tests and simulations. Its ``sleep(for:)`` parks
/// until ``advance(by:)`` moves time past the deadline, so code that waits on the clock (an idle
/// poll, a retry's backoff) is driven by the test, never by real time.
public final class ManualWallClock: WallClock {
    private struct Sleeper {
        var deadline: Date
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Date
        var sleepers: [Int: Sleeper] = [:]
        var nextSleeper = 0
        /// Tests waiting for a number of sleepers: (count, continuation).
        var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state: Mutex<State>

    public init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        state = Mutex(State(now: start))
    }

    public func now() -> Date { state.withLock { $0.now } }

    /// Moves time forward and wakes every sleeper whose deadline is reached, earliest first.
    public func advance(by seconds: TimeInterval) {
        let due = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.now += seconds
            let now = state.now
            let ready = state.sleepers.filter { $0.value.deadline <= now }.sorted { $0.value.deadline < $1.value.deadline }
            for (id, _) in ready { state.sleepers[id] = nil }
            return ready.map(\.value.continuation)
        }
        for continuation in due { continuation.resume() }
    }

    /// Moves time forward by a `Duration`.
    public func advance(by duration: Duration) {
        advance(by: duration.timeInterval)
    }

    /// Waits until the clock is moved `duration` past now. A zero or negative duration returns at once.
    public func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        guard duration > .zero else { return }
        let id = state.withLock { state in
            defer { state.nextSleeper += 1 }
            return state.nextSleeper
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let watchers = state.withLock { state -> [CheckedContinuation<Void, Never>]? in
                    // Checked under the lock: a concurrent cancellation either finds the sleeper or stops it being stored.
                    guard !Task.isCancelled else { return nil }
                    state.sleepers[id] = Sleeper(deadline: state.now + duration.timeInterval, continuation: continuation)
                    let count = state.sleepers.count
                    let satisfied = state.watchers.filter { $0.count <= count }
                    state.watchers.removeAll { $0.count <= count }
                    return satisfied.map(\.continuation)
                }
                guard let watchers else {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                for watcher in watchers { watcher.resume() }
            }
        } onCancel: {
            state.withLock { $0.sleepers.removeValue(forKey: id) }?.continuation.resume(throwing: CancellationError())
        }
    }

    /// How many tasks are parked in ``sleep(for:)`` now.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Returns once at least `count` tasks are parked in ``sleep(for:)``: the point where a test
    /// knows the code under test is idle and waiting on time.
    public func waitForSleepers(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                guard state.sleepers.count < count else { return true }
                state.watchers.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }
}

extension Duration {
    /// The duration in seconds, as `Date` arithmetic wants it.
    var timeInterval: TimeInterval {
        let parts = components
        return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
    }
}
