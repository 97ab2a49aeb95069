import Synchronization

/// Carries a graceful-shutdown request to whichever connection is running, or remembers it
/// for the next one.
final class ShutdownSignal: Sendable {
    private struct State {
        var isRequested = false
        var notify: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())

    var isRequested: Bool { state.withLock { $0.isRequested } }

    /// Requests shutdown and notifies the current connection.
    func trigger() {
        let notify = state.withLock { state -> (@Sendable () -> Void)? in
            state.isRequested = true
            return state.notify
        }
        notify?()
    }

    /// Registers the current connection's handler; calls it at once when shutdown was already requested.
    func attach(_ notify: @escaping @Sendable () -> Void) {
        let requested = state.withLock { state in
            state.notify = notify
            return state.isRequested
        }
        if requested { notify() }
    }

    func detach() {
        state.withLock { $0.notify = nil }
    }
}
