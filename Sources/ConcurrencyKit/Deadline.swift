/// A wait for another party (a database every process shares, a service) that gives up after a
/// while, so that a party that stopped answering counts as failed instead of holding the caller
/// forever. A ``Race`` between the operation and a sleep on `clock`.
public enum Deadline {
    /// The other party did not answer within `timeout`.
    public struct Missed: Error, CustomStringConvertible {
        public let timeout: Duration
        public var description: String { "no answer within \(timeout)" }
    }

    /// `operation`'s answer, or ``Missed`` once `timeout` has passed on `clock` (real time unless
    /// a test gives its own); the operation is cancelled then. Its errors, and the caller's
    /// cancellation, are thrown as they are.
    public static func answer<T: Sendable, C: Clock<Duration>>(
        within timeout: Duration, clock: C = ContinuousClock(),
        _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let outcome: Outcome<T> = try await Race.first([
            { .answered(try await operation()) },
            {
                try await clock.sleep(for: timeout)
                return .missed
            },
        ])
        guard case let .answered(value) = outcome else { throw Missed(timeout: timeout) }
        return value
    }

    private enum Outcome<T: Sendable>: Sendable {
        case answered(T)
        case missed
    }
}
