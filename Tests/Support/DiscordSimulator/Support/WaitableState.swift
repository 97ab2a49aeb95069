import Synchronization

/// A value behind a lock that async callers can wait on until it satisfies a condition.
final class WaitableState<Value: Sendable>: Sendable {
    private struct Waiter: Sendable {
        /// Resumes the waiter and returns true when `value` satisfies it.
        let resumeIfSatisfied: @Sendable (Value) -> Bool
        /// Resumes the waiter with no result.
        let cancel: @Sendable () -> Void
    }

    private struct Storage: Sendable {
        var value: Value
        var waiters: [UInt64: Waiter] = [:]
        var nextWaiterID: UInt64 = 0
    }

    private let storage: Mutex<Storage>

    init(_ value: Value) {
        storage = Mutex(Storage(value: value))
    }

    /// Reads the value.
    func read<Result: Sendable>(_ body: (Value) -> Result) -> Result {
        storage.withLock { body($0.value) }
    }

    /// Changes the value, then wakes every waiter whose condition now holds.
    func update<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
        storage.withLock { storage in
            let result = body(&storage.value)
            let value = storage.value
            storage.waiters = storage.waiters.filter { !$0.value.resumeIfSatisfied(value) }
            return result
        }
    }

    /// Waits until `extract` returns a value, or `timeout` passes (nil).
    func wait<Result: Sendable>(timeout: Duration, for extract: @escaping @Sendable (Value) -> Result?) async -> Result? {
        await withTaskGroup(of: Result?.self) { group in
            group.addTask { await self.wait(for: extract) }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    /// Waits until `extract` returns a value; nil when the task is cancelled first.
    private func wait<Result: Sendable>(for extract: @escaping @Sendable (Value) -> Result?) async -> Result? {
        let id = storage.withLock { storage in
            storage.nextWaiterID += 1
            return storage.nextWaiterID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result?, Never>) in
                storage.withLock { storage in
                    if let result = extract(storage.value) {
                        continuation.resume(returning: result)
                    } else if Task.isCancelled {
                        continuation.resume(returning: nil)
                    } else {
                        storage.waiters[id] = Waiter(
                            resumeIfSatisfied: { value in
                                guard let result = extract(value) else { return false }
                                continuation.resume(returning: result)
                                return true
                            },
                            cancel: { continuation.resume(returning: nil) })
                    }
                }
            }
        } onCancel: {
            storage.withLock { $0.waiters.removeValue(forKey: id) }?.cancel()
        }
    }
}
