/// Runs `operation` where swift-service-lifecycle's graceful shutdown does not reach it, and
/// waits for its result; cancelling the caller cancels the operation.
///
/// Graceful shutdown reaches `withGracefulShutdownHandler` through a task-local value that every
/// child task inherits and a detached task does not. The gateway needs this for WSClient, which
/// answers graceful shutdown by closing with 1000 — a code that ends the Discord session — while
/// the gateway hears shutdown through its own handler and closes with a resumable 4000.
func withoutGracefulShutdown<Result: Sendable>(
    _ operation: @escaping @Sendable () async throws -> Result
) async throws -> Result {
    let task = Task.detached(priority: Task.currentPriority, operation: operation)
    return try await withTaskCancellationHandler {
        try await task.value
    } onCancel: {
        task.cancel()
    }
}
