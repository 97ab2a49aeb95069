import Synchronization

/// The one place that starts work outside the caller's task tree, for the two things a task
/// group cannot do: stop waiting for an operation that ignores cancellation (a query on a
/// connection the server ended, a WebSocket upgrade nobody answers), and run an operation
/// without the caller's task-local values (swift-service-lifecycle's graceful shutdown).
public enum Detached {
    /// What becomes of an operation the caller stopped waiting for.
    public enum WhenAbandoned: Sendable {
        /// It is cancelled (and, abandoned before it started, never starts).
        case cancelled
        /// It always starts and runs to its end untouched (closing a connection must finish
        /// even when nobody waits for it).
        case leftRunning
    }

    /// Runs `operation` in a detached task and waits for its result. The wait stops with
    /// `CancellationError` when the caller is cancelled, or when the `abandon` action handed to
    /// `abandonWhen` is called; the operation is then treated as `whenAbandoned` says.
    /// - Parameter abandonWhen: told, before the operation starts, the action that abandons it.
    public static func run<T: Sendable>(
        whenAbandoned: WhenAbandoned = .cancelled,
        abandonWhen: (@escaping @Sendable () -> Void) -> Void = { _ in },
        _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let outcome = OnceOutcome<T>()
        let started = Mutex<Task<Void, Never>?>(nil)
        let abandon: @Sendable () -> Void = {
            outcome.finish(.failure(CancellationError()))
            if whenAbandoned == .cancelled { started.withLock { $0 }?.cancel() }
        }
        abandonWhen(abandon)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                outcome.wait(continuation)
                // Abandoned first: nothing to start, unless it must run regardless.
                guard whenAbandoned == .leftRunning || !outcome.isFinished else { return }
                let task = Task.detached(priority: Task.currentPriority) {
                    do {
                        outcome.finish(.success(try await operation()))
                    } catch {
                        outcome.finish(.failure(error))
                    }
                }
                started.withLock { $0 = task }
                // Abandoned while the task was being made.
                if whenAbandoned == .cancelled, outcome.isFinished { task.cancel() }
            }
        } onCancel: {
            abandon()
        }
    }
}

/// The first of several possible outcomes, handed to one waiting continuation.
private final class OnceOutcome<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, any Error>?
        var result: Result<Value, any Error>?
        var delivered = false
    }

    private let state = Mutex(State())

    var isFinished: Bool { state.withLock { $0.result != nil } }

    func wait(_ continuation: CheckedContinuation<Value, any Error>) {
        let ready = state.withLock { state -> Result<Value, any Error>? in
            guard let result = state.result, !state.delivered else {
                state.continuation = continuation
                return nil
            }
            state.delivered = true
            return result
        }
        if let ready { continuation.resume(with: ready) }
    }

    func finish(_ result: Result<Value, any Error>) {
        let waiting = state.withLock { state -> CheckedContinuation<Value, any Error>? in
            guard state.result == nil else { return nil }
            state.result = result
            guard let continuation = state.continuation else { return nil }
            state.continuation = nil
            state.delivered = true
            return continuation
        }
        waiting?.resume(with: result)
    }
}
