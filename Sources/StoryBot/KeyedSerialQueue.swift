import Synchronization

/// Runs work for the same key one at a time, in arrival order; different keys run in parallel.
/// The router uses it per person so that the quota check, the "on its way" message and the
/// stored job of one request finish before that person's next request is checked.
///
/// Structured: the work runs in the caller's task (so the caller's cancellation reaches it),
/// after the work queued before it under the same key has ended.
actor KeyedSerialQueue {
    private var tails: [String: Turn] = [:]

    func run<T: Sendable>(_ key: String, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        queuedWork += 1
        defer { queuedWork -= 1 }
        let previous = tails[key]
        let turn = Turn()
        tails[key] = turn
        defer {
            turn.end()
            if tails[key] === turn { tails[key] = nil }
        }
        // Waited for even when cancelled: the order of one key's work is kept.
        await previous?.ended()
        return try await body()
    }

    /// Keys with work queued or running (for tests).
    var activeKeys: Int { tails.count }
    /// Pieces of work queued or running, all keys together (for tests: which has arrived).
    private(set) var queuedWork = 0
}

/// One piece of work's place in its key's line: the next one waits until it ends.
private final class Turn: Sendable {
    private struct State {
        var isEnded = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    func end() {
        let waiting = state.withLock { state in
            state.isEnded = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Returns once ``end()`` was called, cancelled or not.
    func ended() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ended = state.withLock { state in
                if !state.isEnded { state.waiting.append(continuation) }
                return state.isEnded
            }
            if ended { continuation.resume() }
        }
    }
}
