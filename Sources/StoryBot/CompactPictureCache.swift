import StoryDomain
import Synchronization

/// A ``PictureCompactor`` that encodes each stored picture once: compact copies are kept by image
/// id (ids are content hashes, so a kept copy never goes stale), least recently used dropped first
/// beyond a byte budget. Only PNGs are encoded; a copy no smaller than its PNG is not used.
public final class CompactPictureCache: PictureCompactor {
    private struct Entry {
        /// nil: sent as stored (encoding failed or saved nothing).
        var compact: StoredImage?
        var lastUse: UInt64
        var bytes: Int { compact?.data.count ?? 0 }
    }

    private struct State {
        var entries: [ImageID: Entry] = [:]
        var bytes = 0
        var tick: UInt64 = 0
        var encodings = 0
    }

    /// The most bytes of compact copies kept.
    public let budget: Int
    /// The most entries kept (pictures sent as stored hold no bytes but still an entry).
    public let maxEntries: Int
    private let encode: @Sendable (StoredImage) async -> StoredImage?
    private let state = Mutex(State())

    /// - Parameters:
    ///   - budget: bytes of compact copies kept (4 MiB: ~270 built-in pages as WebP).
    ///   - maxEntries: entries kept.
    ///   - encode: the compact copy of a PNG (same id), or nil; run outside the cache's lock.
    public init(budget: Int = 4 << 20, maxEntries: Int = 1_024, encode: @escaping @Sendable (StoredImage) async -> StoredImage?) {
        self.budget = budget
        self.maxEntries = maxEntries
        self.encode = encode
    }

    /// How many pictures were encoded so far (cache misses), for tests and measurements.
    public var encodings: Int { state.withLock { $0.encodings } }

    public func compact(_ image: StoredImage) async -> StoredImage? {
        guard image.contentType == "image/png" else { return nil }
        let hit = state.withLock { state -> Entry? in
            guard var entry = state.entries[image.id] else { return nil }
            state.tick += 1
            entry.lastUse = state.tick
            state.entries[image.id] = entry
            return entry
        }
        if let hit { return hit.compact }
        let encoded = await encode(image).flatMap { $0.data.count < image.data.count ? $0 : nil }
        state.withLock { state in
            state.encodings += 1
            state.tick += 1
            if let old = state.entries[image.id] { state.bytes -= old.bytes }
            let entry = Entry(compact: encoded, lastUse: state.tick)
            state.entries[image.id] = entry
            state.bytes += entry.bytes
            while state.bytes > budget || state.entries.count > maxEntries,
                  let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                state.bytes -= oldest.value.bytes
                state.entries[oldest.key] = nil
            }
        }
        return encoded
    }
}
