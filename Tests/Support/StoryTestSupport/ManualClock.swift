import Synchronization

/// A `Clock` that only moves when told to. Sleepers park until ``advance(by:)`` passes their
/// deadline, and a test can wait until the code under test is parked on a given deadline.
public final class ManualClock: Clock {
    public init() {}

    public struct Instant: InstantProtocol, CustomStringConvertible {
        /// Time since the clock was made.
        public var offset: Duration

        public init(offset: Duration) { self.offset = offset }

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
        public var description: String { "\(offset)" }
    }

    private struct Sleeper {
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Int: Sleeper] = [:]
        var nextID = 0
        var watchers: [(condition: @Sendable ([Instant]) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []

        /// Resumes the watchers whose condition now holds.
        mutating func satisfiedWatchers() -> [CheckedContinuation<Void, Never>] {
            let deadlines = sleepers.values.map(\.deadline).sorted()
            let ready = watchers.filter { $0.condition(deadlines) }
            watchers.removeAll { $0.condition(deadlines) }
            return ready.map(\.continuation)
        }
    }

    private let state = Mutex(State())

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Duration { .zero }

    /// The deadlines of the tasks sleeping now, earliest first.
    public var sleepingUntil: [Instant] { state.withLock { $0.sleepers.values.map(\.deadline).sorted() } }

    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = state.withLock { state -> (resume: Bool, watchers: [CheckedContinuation<Void, Never>]) in
                    guard !Task.isCancelled else { return (true, []) }
                    guard deadline > state.now else { return (true, []) }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return (false, state.satisfiedWatchers())
                }
                if outcome.resume {
                    if Task.isCancelled { continuation.resume(throwing: CancellationError()) } else { continuation.resume() }
                }
                for watcher in outcome.watchers { watcher.resume() }
            }
        } onCancel: {
            let (sleeper, watchers) = state.withLock { state in
                let sleeper = state.sleepers.removeValue(forKey: id)
                return (sleeper, state.satisfiedWatchers())
            }
            sleeper?.continuation.resume(throwing: CancellationError())
            for watcher in watchers { watcher.resume() }
        }
    }

    /// Moves time forward and wakes the sleepers whose deadline is reached.
    public func advance(by duration: Duration) {
        let (due, watchers) = state.withLock { state in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.value.deadline <= now }
            for id in due.keys { state.sleepers[id] = nil }
            return (due.values.map(\.continuation), state.satisfiedWatchers())
        }
        for continuation in due { continuation.resume() }
        for watcher in watchers { watcher.resume() }
    }

    /// Returns once the sleeping tasks' deadlines (earliest first) satisfy `condition`.
    public func waitForSleepers(_ condition: @escaping @Sendable ([Instant]) -> Bool) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                guard !condition(state.sleepers.values.map(\.deadline).sorted()) else { return true }
                state.watchers.append((condition, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
