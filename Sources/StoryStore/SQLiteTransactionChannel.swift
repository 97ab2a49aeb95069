import Foundation
import GRDB
import Synchronization

/// Hands an async transaction body's statements to GRDB's writer thread, which runs them inside
/// one synchronous `write { }` and waits for the next (``serve(_:)``) until the body finishes.
final class SQLiteTransactionChannel: Sendable {
    private typealias Job = @Sendable (Result<Database, any Error>) -> Void

    private struct State {
        var jobs: [Job] = []
        /// Set when the body finished: commit (true) or roll back (false).
        var committing: Bool?
        /// Set when the writer is no longer served: later statements fail with it.
        var closed: (any Error)?
    }

    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)

    /// Runs `work` on the writer's connection (called by the body).
    func run<Value: Sendable>(_ work: @escaping @Sendable (Database) throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
            let job: Job = { connection in continuation.resume(with: Result { try work(try connection.get()) }) }
            let refused = state.withLock { state -> (any Error)? in
                if let closed = state.closed { return closed }
                state.jobs.append(job)
                return nil
            }
            if let refused { continuation.resume(throwing: refused) } else { wake.signal() }
        }
    }

    /// Ends the body: the writer commits (or rolls back) and returns.
    func finish(committing: Bool) {
        state.withLock { $0.committing = committing }
        wake.signal()
    }

    /// Runs the body's statements on the writer's thread; returns to commit, throws to roll back.
    func serve(_ db: Database) throws {
        while true {
            wake.wait()
            let next = state.withLock { state -> (job: Job?, committing: Bool?) in
                state.jobs.isEmpty ? (nil, state.committing) : (state.jobs.removeFirst(), nil)
            }
            if let job = next.job {
                job(.success(db))
            } else if let committing = next.committing {
                if committing { return }
                throw CancellationError()
            }
        }
    }

    /// The writer is no longer served (the transaction ended, or never began): statements still
    /// waiting, and any sent later, fail with `error`.
    func close(_ error: any Error) {
        let waiting = state.withLock { state -> [Job] in
            state.closed = error
            defer { state.jobs = [] }
            return state.jobs
        }
        for job in waiting { job(.failure(error)) }
    }
}
