import Synchronization

/// Wakes idle workers when new work arrives. A notification with nobody waiting is kept for
/// the next waiter, so no wake-up is lost. `notify()` is synchronous: callable from anywhere.
/// Made before the services that add jobs and handed to ``StoryWorkerPool``, which waits on it.
public final class WakeSignal: Sendable {
    private struct State {
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter = 0
        var pending = false
    }

    private let state = Mutex(State())

    public init() {}

    /// New work is waiting.
    public func notify() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard !state.waiters.isEmpty else {
                state.pending = true
                return []
            }
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns on the next notification or when the task is cancelled.
    public func wait() async {
        let id: Int? = state.withLock { state in
            if state.pending {
                state.pending = false
                return nil
            }
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        guard let id else { return }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state in
                    if Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }
}
