import Foundation

/// Runs blocking work (a socket read, a process waited for) on a thread of its own, never on one
/// of the concurrency pool's threads: on a two-core machine the pool has two, shared by every test
/// running in parallel and by the servers they talk to, and a test blocked on one starves them all
/// (servers then time their clients out: answers that never came, in a parallel run).
enum OwnThread {
    static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
        }
    }
}
