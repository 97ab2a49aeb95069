import Synchronization

/// Bounds how many of the router's privacy checks may be running at once, counting the ones
/// a deferral stopped waiting for (``DiscordBot/answersPrivately(_:within:slots:)``): an
/// abandoned check runs on until its database reads answer. In a burst of 300 commands that
/// left up to 300 checks alive, 3.7 MB of task frames at the peak (heaptrack, docs/benchmarks.md
/// session 20); past the bound a command gets the public deferral at once, as past the budget.
public final class PrivacyCheckSlots: Sendable {
    private let limit: Int
    private let running = Mutex(0)

    /// `limit` checks at once; at least one.
    public init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Takes a slot, or answers false when every slot is taken.
    func take() -> Bool {
        running.withLock { running in
            guard running < limit else { return false }
            running += 1
            return true
        }
    }

    /// Gives back a slot taken by ``take()``.
    func giveBack() {
        running.withLock { $0 = max(0, $0 - 1) }
    }

    /// Checks running now (tests and metrics).
    var taken: Int { running.withLock { $0 } }
}
