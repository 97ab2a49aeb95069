import DiscordModels
import Synchronization

/// Remembers recently handled interaction ids so a replayed event is never handled twice.
/// Bounded: the oldest ids are forgotten first.
public final class InteractionDeduplicator: Sendable {
    private struct State {
        var seen: Set<Snowflake> = []
        var order: [Snowflake] = []
        var head = 0
    }

    private let state = Mutex(State())
    private let capacity: Int

    public init(capacity: Int = 10_000) { self.capacity = max(1, capacity) }

    /// True the first time an id is seen, false for repeats.
    public func firstSighting(of id: Snowflake) -> Bool {
        state.withLock { state in
            guard state.seen.insert(id).inserted else { return false }
            if state.order.count < capacity {
                state.order.append(id)
            } else {
                state.seen.remove(state.order[state.head])
                state.order[state.head] = id
                state.head = (state.head + 1) % capacity
            }
            return true
        }
    }
}
