import Synchronization

/// Things that happened, in order, with a way to wait until what a test expects has happened:
/// an observable event to wait for instead of sleeping and hoping.
public final class Recorder<Element: Sendable>: Sendable {
    private struct Waiter {
        var id: Int
        var condition: @Sendable ([Element]) -> Bool
        var continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var elements: [Element] = []
        var waiters: [Waiter] = []
        var nextWaiter = 0
    }

    private let state = Mutex(State())

    public init() {}

    public func append(_ element: Element) {
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.elements.append(element)
            let elements = state.elements
            let ready = state.waiters.filter { $0.condition(elements) }
            state.waiters.removeAll { $0.condition(elements) }
            return ready.map(\.continuation)
        }
        for continuation in ready { continuation.resume() }
    }

    /// Everything recorded so far.
    public var all: [Element] { state.withLock { $0.elements } }

    public var count: Int { state.withLock { $0.elements.count } }

    /// Returns what was recorded once `condition` holds for it (at once if it already does).
    /// Returns early, with what there is, if the task is cancelled (a test's time limit).
    @discardableResult
    public func wait(until condition: @escaping @Sendable ([Element]) -> Bool) async -> [Element] {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state in
                    guard !condition(state.elements), !Task.isCancelled else { return true }
                    state.waiters.append(Waiter(id: id, condition: condition, continuation: continuation))
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index)
            }
            waiter?.continuation.resume()
        }
        return all
    }

    /// Returns what was recorded once there are at least `count` elements.
    @discardableResult
    public func wait(count: Int) async -> [Element] {
        await wait { $0.count >= count }
    }
}
