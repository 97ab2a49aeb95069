import Synchronization

/// Holds back whoever waits on it until a test opens it: lets a test stop a fake in the
/// middle of its work (a writer writing, an illustrator painting) and look around.
public final class AsyncGate: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    public init(open: Bool = false) {
        state.withLock { $0.isOpen = open }
    }

    /// Lets every waiter, present and future, through.
    public func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    public var isOpen: Bool { state.withLock { $0.isOpen } }

    /// Returns once the gate is open.
    public func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let passNow = state.withLock { state in
                guard !state.isOpen else { return true }
                state.waiters.append(continuation)
                return false
            }
            if passNow { continuation.resume() }
        }
    }
}
