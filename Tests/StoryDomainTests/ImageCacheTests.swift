import Foundation
import StoryDomain
import Synchronization
import Testing

@Suite("Picture cache: bounded by bytes, least recently used out")
struct ImageCacheTests {
    private func picture(_ name: String, bytes: Int) -> StoredImage {
        StoredImage(id: ImageID(rawValue: name), contentType: "image/png", data: Data(repeating: 7, count: bytes), width: 1, height: 1)
    }

    /// Counts how often the cache had to load.
    private final class Loads: Sendable {
        let count = Mutex(0)
        func load(_ image: StoredImage?) -> StoredImage? {
            count.withLock { $0 += 1 }
            return image
        }
    }

    @Test("a second request is served from memory")
    func hit() async throws {
        let cache = ImageCache(capacityBytes: 1_000)
        let loads = Loads()
        let a = picture("a", bytes: 300)
        #expect(await cache.image(a.id) { loads.load(a) } == a)
        #expect(await cache.image(a.id) { loads.load(a) } == a)
        #expect(loads.count.withLock { $0 } == 1)
        #expect(cache.usage.count == 1 && cache.usage.bytes == 300)
    }

    @Test("past the capacity the least recently used picture goes first")
    func eviction() async throws {
        let cache = ImageCache(capacityBytes: 1_000)
        let loads = Loads()
        let (a, b, c) = (picture("a", bytes: 400), picture("b", bytes: 400), picture("c", bytes: 400))
        _ = await cache.image(a.id) { loads.load(a) }
        _ = await cache.image(b.id) { loads.load(b) }
        _ = await cache.image(a.id) { loads.load(a) } // a is now the most recent
        _ = await cache.image(c.id) { loads.load(c) } // evicts b
        #expect(cache.usage.bytes <= 1_000)
        #expect(loads.count.withLock { $0 } == 3)
        _ = await cache.image(a.id) { loads.load(a) }
        #expect(loads.count.withLock { $0 } == 3, "a stayed")
        _ = await cache.image(b.id) { loads.load(b) }
        #expect(loads.count.withLock { $0 } == 4, "b was evicted and loaded again")
    }

    @Test("a picture larger than the whole cache is returned but not kept; a missing one is not cached")
    func oversizedAndMissing() async throws {
        let cache = ImageCache(capacityBytes: 100)
        let loads = Loads()
        let big = picture("big", bytes: 500)
        #expect(await cache.image(big.id) { loads.load(big) } == big)
        #expect(cache.usage.count == 0)
        #expect(await cache.image(ImageID(rawValue: "gone")) { loads.load(nil) } == nil)
        #expect(await cache.image(ImageID(rawValue: "gone")) { loads.load(nil) } == nil)
        #expect(loads.count.withLock { $0 } == 3)
    }
}
