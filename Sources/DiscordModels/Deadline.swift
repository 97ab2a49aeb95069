/// A wait for another party (a database every process shares, a service) that gives up after a
/// while in real time, so that a party that stopped answering counts as failed instead of
/// holding the caller forever.
public enum Deadline {
    /// The other party did not answer within `timeout`.
    public struct Missed: Error, CustomStringConvertible {
        public let timeout: Duration
        public var description: String { "no answer within \(timeout)" }
    }

    /// `operation`'s answer, or ``Missed`` once `timeout` (real time) has passed; the operation
    /// is cancelled then. Its errors, and the caller's cancellation, are thrown as they are.
    public static func answer<T: Sendable>(within timeout: Duration,
                                           _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let answer = first else { throw Missed(timeout: timeout) }
            return answer
        }
    }
}
