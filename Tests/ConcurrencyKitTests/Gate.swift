import Synchronization

/// A wait that ends only when opened (or, for ``wait()``, cancelled). It counts its parked and
/// cancelled waiters, so a test can wait for the code under test to reach it.
final class Gate: Sendable {
    private struct State {
        var waiters: [Int: CheckedContinuation<Void, any Error>] = [:]
        var stubborn: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextID = 0
        var isOpen = false
        var cancelled = 0
        var watchers: [(condition: @Sendable (_ parked: Int, _ cancelled: Int) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []

        mutating func readyWatchers() -> [CheckedContinuation<Void, Never>] {
            let (parked, cancelled) = (waiters.count + stubborn.count, cancelled)
            let ready = watchers.filter { $0.condition(parked, cancelled) }
            watchers.removeAll { $0.condition(parked, cancelled) }
            return ready.map(\.continuation)
        }

        mutating func newID() -> Int {
            defer { nextID += 1 }
            return nextID
        }
    }

    private let state = Mutex(State())

    var cancelledWaiters: Int { state.withLock { $0.cancelled } }

    /// Waits until ``open()``, whatever happens to the waiting task (like a query on a
    /// connection the server ended).
    func waitIgnoringCancellation() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let (open, watchers) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
                if state.isOpen { return (true, []) }
                state.stubborn[state.newID()] = continuation
                return (false, state.readyWatchers())
            }
            if open { continuation.resume() }
            for watcher in watchers { watcher.resume() }
        }
    }

    /// Waits until ``open()``; throws `CancellationError` when cancelled.
    func wait() async throws {
        let id = state.withLock { $0.newID() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (resume, watchers) = state.withLock { state -> (Bool?, [CheckedContinuation<Void, Never>]) in
                    if state.isOpen { return (true, []) }
                    if Task.isCancelled {
                        state.cancelled += 1
                        return (false, state.readyWatchers())
                    }
                    state.waiters[id] = continuation
                    return (nil, state.readyWatchers())
                }
                switch resume {
                case true?: continuation.resume()
                case false?: continuation.resume(throwing: CancellationError())
                case nil: break
                }
                for watcher in watchers { watcher.resume() }
            }
        } onCancel: {
            let (waiter, watchers) = state.withLock { state in
                let waiter = state.waiters.removeValue(forKey: id)
                if waiter != nil { state.cancelled += 1 }
                return (waiter, state.readyWatchers())
            }
            waiter?.resume(throwing: CancellationError())
            for watcher in watchers { watcher.resume() }
        }
    }

    /// Lets every waiter, present and future, through.
    func open() {
        let (waiters, stubborn) = state.withLock { state in
            state.isOpen = true
            defer { (state.waiters, state.stubborn) = ([:], [:]) }
            return (Array(state.waiters.values), Array(state.stubborn.values))
        }
        for waiter in waiters { waiter.resume() }
        for waiter in stubborn { waiter.resume() }
    }

    /// Returns once `count` waiters are parked.
    func waitForWaiters(_ count: Int) async {
        await waitUntil { parked, _ in parked >= count }
    }

    /// Returns once `count` waits were cancelled.
    func waitForCancelled(_ count: Int) async {
        await waitUntil { _, cancelled in cancelled >= count }
    }

    private func waitUntil(_ condition: @escaping @Sendable (_ parked: Int, _ cancelled: Int) -> Bool) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                guard !condition(state.waiters.count + state.stubborn.count, state.cancelled) else { return true }
                state.watchers.append((condition, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
