import Synchronization

extension PostgresJobQueue {
    /// The jobs this process's workers are running: those ``PostgresJobQueue/claimNext(now:)``
    /// handed out and whose run has not ended (finished, retried, released, or its lease found
    /// lost). Only these are renewed by ``PostgresJobQueue/renewLeases()``.
    ///
    /// A claim whose COMMIT was written but never answered (the connection ended under it) may
    /// have been applied: the job is then running under this process's name, but no worker got
    /// it. Renewing every job under that name would keep it so forever; renewing only these lets
    /// its lease run out, so a sweep puts it back in the queue.
    final class Claims: Sendable {
        /// Each job's claim number: a job given back and claimed again is a new claim.
        private struct State {
            var running: [Int64: UInt64] = [:]
            var nextClaim: UInt64 = 0
        }

        private let state = Mutex(State())

        /// A worker got the job.
        func claimed(_ jobID: Int64) {
            state.withLock { state in
                state.nextClaim += 1
                state.running[jobID] = state.nextClaim
            }
        }

        /// The job's run ended here (or it is no longer this process's).
        func ended(_ jobID: Int64) {
            state.withLock { _ = $0.running.removeValue(forKey: jobID) }
        }

        /// The claims to renew now.
        func snapshot() -> [Int64: UInt64] { state.withLock { $0.running } }

        /// Of the claims in `renewing`, those not in `held` (the renewal found them no longer this
        /// process's) are renewed no more, unless claimed again meanwhile.
        func keep(only held: Set<Int64>, of renewing: [Int64: UInt64]) {
            state.withLock { state in
                for (jobID, claim) in renewing where !held.contains(jobID) && state.running[jobID] == claim {
                    state.running[jobID] = nil
                }
            }
        }
    }
}
