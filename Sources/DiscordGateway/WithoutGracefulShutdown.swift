import Synchronization

/// Runs `operation` where swift-service-lifecycle's graceful shutdown does not reach it, and
/// waits for its result; cancelling the caller cancels the operation.
///
/// Graceful shutdown reaches `withGracefulShutdownHandler` through a task-local value that every
/// child task inherits and a detached task does not. The gateway needs this for WSClient, which
/// answers graceful shutdown by closing with 1000 — a code that ends the Discord session — while
/// the gateway hears shutdown through its own handler and closes with a resumable 4000.
///
/// With `signal`, a shutdown requested before the operation attaches its own handler to the
/// signal (a connection not yet open) stops the wait at once with `CancellationError`, and
/// cancels the operation: WSClient does not stop waiting for an upgrade that a blackholed
/// Discord never answers when cancelled, so the attempt is left to end on its own.
func withoutGracefulShutdown<Result: Sendable>(
    until signal: ShutdownSignal? = nil,
    _ operation: @escaping @Sendable () async throws -> Result
) async throws -> Result {
    let outcome = OnceOutcome<Result>()
    let started = Mutex<Task<Void, Never>?>(nil)
    // Attached before the operation starts, so the operation's own handler replaces this one.
    signal?.attach {
        outcome.finish(.failure(CancellationError()))
        started.withLock { $0 }?.cancel()
    }
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            outcome.wait(continuation)
            // Shutdown came first: nothing to start.
            guard !outcome.isFinished else { return }
            let task = Task.detached(priority: Task.currentPriority) {
                do {
                    outcome.finish(.success(try await operation()))
                } catch {
                    outcome.finish(.failure(error))
                }
            }
            started.withLock { $0 = task }
        }
    } onCancel: {
        outcome.finish(.failure(CancellationError()))
        started.withLock { $0 }?.cancel()
    }
}

/// The first of several possible outcomes, handed to one waiting continuation.
private final class OnceOutcome<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, any Error>?
        var result: Swift.Result<Value, any Error>?
        var delivered = false
    }

    private let state = Mutex(State())

    var isFinished: Bool { state.withLock { $0.result != nil } }

    func wait(_ continuation: CheckedContinuation<Value, any Error>) {
        let ready = state.withLock { state -> Swift.Result<Value, any Error>? in
            guard let result = state.result, !state.delivered else {
                state.continuation = continuation
                return nil
            }
            state.delivered = true
            return result
        }
        if let ready { continuation.resume(with: ready) }
    }

    func finish(_ result: Swift.Result<Value, any Error>) {
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
