/// Runs work for the same key one at a time, in arrival order; different keys run in parallel.
/// The router uses it per person so that the quota check, the "on its way" message and the
/// stored job of one request finish before that person's next request is checked.
actor KeyedSerialQueue {
    private var tails: [String: Task<Void, Never>] = [:]

    func run<T: Sendable>(_ key: String, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        queuedWork += 1
        defer { queuedWork -= 1 }
        let previous = tails[key]
        let work = Task {
            await previous?.value
            return try await body()
        }
        let tail = Task { _ = try? await work.value }
        tails[key] = tail
        defer { if tails[key] == tail { tails[key] = nil } }
        // The work runs in a task of its own (so the next one can wait for it): pass the
        // caller's cancellation on, or a shutdown would wait for work it meant to cancel.
        return try await withTaskCancellationHandler { try await work.value } onCancel: { work.cancel() }
    }

    /// Keys with work queued or running (for tests).
    var activeKeys: Int { tails.count }
    /// Pieces of work queued or running, all keys together (for tests: which has arrived).
    private(set) var queuedWork = 0
}
