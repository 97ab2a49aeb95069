/// Runs the tasks that must run on one process at a time (command registration, sweeps,
/// retention), among every process sharing the store: the process that leads a task runs it;
/// when that process dies or loses its connection, another one takes the task over.
///
/// ``SoleProcessTaskRunner`` is the answer when one process owns the store (SQLite): it always
/// leads. The PostgreSQL store's runner chooses the leader with an advisory lock.
public protocol SingletonTaskRunner: Sendable {
    /// True when this process is the only one that can ever run a task (it always leads, at once).
    var isSoleProcess: Bool { get }

    /// Runs `body` whenever this process leads `task`, until the calling task is cancelled.
    ///
    /// `body` should run until it is cancelled: it is cancelled when leadership is lost, and
    /// started again if this process leads once more (so what it does must be safe to do again).
    /// Processes that do not lead wait and try again. Returns once cancelled.
    /// - Parameter task: the task's name, the same on every process.
    func run(_ task: String, _ body: @escaping @Sendable () async -> Void) async
}

/// The runner of a process that owns its store alone: it always leads, so `body` runs at once,
/// once, in the calling task.
public struct SoleProcessTaskRunner: SingletonTaskRunner {
    public init() {}

    public var isSoleProcess: Bool { true }

    public func run(_ task: String, _ body: @escaping @Sendable () async -> Void) async {
        await body()
    }
}
