import Synchronization

/// Recently shown pictures in memory, bounded by their total size, least recently used first out.
/// Pictures are content-addressed and never change, so a cached copy is always the stored one;
/// callers use it only for ids they have just read from a page, so a deleted picture is never
/// served from here.
public final class ImageCache: Sendable {
    private struct Entry {
        var image: StoredImage
        var lastUse: UInt64
    }

    private struct State {
        var entries: [ImageID: Entry] = [:]
        var bytes = 0
        var tick: UInt64 = 0
    }

    /// The most picture bytes kept.
    public let capacityBytes: Int
    private let state = Mutex(State())

    public init(capacityBytes: Int) {
        self.capacityBytes = max(0, capacityBytes)
    }

    /// The cached picture, or `load`'s result (kept when it fits).
    public func image(_ id: ImageID, load: () async throws -> StoredImage?) async rethrows -> StoredImage? {
        if let hit = cached(id) { return hit }
        guard let loaded = try await load() else { return nil }
        insert(loaded)
        return loaded
    }

    /// Pictures and bytes held now.
    public var usage: (count: Int, bytes: Int) {
        state.withLock { ($0.entries.count, $0.bytes) }
    }

    private func cached(_ id: ImageID) -> StoredImage? {
        state.withLock { state in
            guard var entry = state.entries[id] else { return nil }
            state.tick += 1
            entry.lastUse = state.tick
            state.entries[id] = entry
            return entry.image
        }
    }

    private func insert(_ image: StoredImage) {
        let size = image.data.count
        guard size <= capacityBytes else { return }
        state.withLock { state in
            state.tick += 1
            if let old = state.entries.updateValue(Entry(image: image, lastUse: state.tick), forKey: image.id) {
                state.bytes -= old.image.data.count
            }
            state.bytes += size
            while state.bytes > capacityBytes,
                  let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                state.entries[oldest.key] = nil
                state.bytes -= oldest.value.image.data.count
            }
        }
    }
}
