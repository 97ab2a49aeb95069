import Foundation
import Synchronization

/// Values recently decoded from a JSON text column, keyed by the exact text, so a hot read path
/// (every page turn reads the story's character sheet and the page's scene) decodes each text
/// once. A given text always decodes to the same value, so an entry is never stale.
public final class JSONColumnCache<Value: Decodable & Sendable>: Sendable {
    private let capacity: Int
    private let values = Mutex([String: Value]())

    /// - Parameter capacity: entries kept; when full, the cache starts afresh (cheap, and the
    ///   hot entries come back on their next read).
    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The value `text` decodes to.
    public func decode(_ text: String) throws -> Value {
        if let hit = values.withLock({ $0[text] }) { return hit }
        let value = try JSONColumn.decode(Value.self, from: text)
        values.withLock { values in
            if values.count >= capacity { values.removeAll(keepingCapacity: true) }
            values[text] = value
        }
        return value
    }
}
