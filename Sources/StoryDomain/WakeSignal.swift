/// Wakes idle workers when new work arrives. A notification with nobody waiting is kept for
/// the next waiter, so no wake-up is lost.
actor WakeSignal {
    private var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    private var nextWaiter = 0
    private var pending = false

    func notify() {
        if waiters.isEmpty {
            pending = true
            return
        }
        for waiter in waiters.values { waiter.resume() }
        waiters.removeAll()
    }

    /// Returns on the next notification or when the task is cancelled.
    func wait() async {
        if pending {
            pending = false
            return
        }
        let id = nextWaiter
        nextWaiter += 1
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume()
                } else {
                    waiters[id] = continuation
                }
            }
        } onCancel: {
            Task { await self.cancel(id) }
        }
    }

    private func cancel(_ id: Int) {
        waiters.removeValue(forKey: id)?.resume()
    }
}
