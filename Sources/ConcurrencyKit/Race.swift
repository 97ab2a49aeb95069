/// The one way to wait for whichever of several operations finishes first.
public enum Race {
    /// Runs every contender as a child task; the first to finish, with a value or an error, gives
    /// the answer and the others are cancelled. Structured: when it returns, every contender
    /// has ended (a contender that ignores cancellation is waited for — wrap such work in
    /// ``Detached/run(abandonWhen:_:)``). The caller's cancellation cancels every contender.
    public static func first<T: Sendable>(_ contenders: [@Sendable () async throws -> T]) async throws -> T {
        precondition(!contenders.isEmpty, "a race needs at least one contender")
        return try await withThrowingTaskGroup(of: T.self) { group in
            for contender in contenders {
                group.addTask { try await contender() }
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw CancellationError() }
            return first
        }
    }
}
