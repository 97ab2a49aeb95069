import Synchronization

/// A timer whose deadline can be moved, earlier or later, at any time. ``run(onFire:)`` fires
/// once per deadline that is reached without being replaced. Time comes from the injected
/// clock, so tests drive it by hand.
final class DeadlineTimer<C: Clock>: Sendable {
    private struct State {
        var deadline: C.Instant?
        /// Bumped by every ``schedule(at:)``.
        var generation = 0
        /// The run loop, parked until the deadline changes.
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let clock: C
    private let state = Mutex(State())

    init(clock: C) {
        self.clock = clock
    }

    /// Replaces the deadline.
    func schedule(at deadline: C.Instant) {
        let waiter = state.withLock { state in
            state.deadline = deadline
            state.generation += 1
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Runs until the task is cancelled.
    func run(onFire: () -> Void) async {
        let clock = self.clock
        while !Task.isCancelled {
            let (deadline, generation) = state.withLock { ($0.deadline, $0.generation) }
            if let deadline, deadline <= clock.now {
                let stillCurrent = state.withLock { state in
                    guard state.generation == generation else { return false }
                    state.deadline = nil
                    return true
                }
                if stillCurrent { onFire() }
                continue
            }
            // Sleep until the deadline, unless a new one replaces it first.
            await withTaskGroup(of: Void.self) { group in
                if let deadline {
                    group.addTask { try? await clock.sleep(until: deadline, tolerance: nil) }
                }
                group.addTask { await self.rescheduled(since: generation) }
                await group.next()
                group.cancelAll()
            }
        }
    }

    /// Returns once the deadline changed after `generation`, or on cancellation.
    private func rescheduled(since generation: Int) async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state in
                    // Checked under the lock, so a concurrent cancellation either sees the waiter or stops it being stored.
                    guard state.generation == generation, !Task.isCancelled else { return true }
                    state.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
    }
}

extension DeadlineTimer where C == ContinuousClock {
    /// A timer on the real, monotonic clock.
    convenience init() {
        self.init(clock: ContinuousClock())
    }
}
