import Synchronization

/// A timer whose deadline can be moved, earlier or later, at any time. ``run(onFire:)`` fires
/// once per deadline that is reached without being replaced.
final class DeadlineTimer: Sendable {
    private struct State {
        var deadline: ContinuousClock.Instant?
        /// Bumped by every ``schedule(at:)``.
        var generation = 0
        /// The run loop, parked until the deadline changes.
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    /// Replaces the deadline.
    func schedule(at deadline: ContinuousClock.Instant) {
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
        while !Task.isCancelled {
            let (deadline, generation) = state.withLock { ($0.deadline, $0.generation) }
            if let deadline, deadline <= .now {
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
                    group.addTask { try? await Task.sleep(until: deadline, clock: .continuous) }
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
