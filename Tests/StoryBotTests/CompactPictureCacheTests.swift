import Foundation
import StoryBot
import StoryDomain
import Synchronization
import Testing

@Suite("Compact picture cache: each picture encoded once, bounded in bytes")
struct CompactPictureCacheTests {
    static func png(_ index: Int, bytes: Int = 1_000) -> StoredImage {
        StoredImage(id: ImageID(rawValue: String(format: "%064x", index)), contentType: "image/png", data: Data(count: bytes),
                    width: 768, height: 512)
    }

    /// A fake encoder: a copy a tenth of the size, as WebP.
    static func tenth(_ image: StoredImage) -> StoredImage? {
        StoredImage(id: image.id, contentType: "image/webp", data: Data(count: image.data.count / 10), width: image.width, height: image.height)
    }

    @Test("A page turned to again is not encoded again")
    func encodesOnce() async {
        let cache = CompactPictureCache(budget: 1 << 20, encode: Self.tenth)
        let first = await cache.compact(Self.png(1))
        let again = await cache.compact(Self.png(1))
        #expect(first?.contentType == "image/webp" && first?.data.count == 100)
        #expect(again == first && cache.encodings == 1)
    }

    @Test("Beyond the budget the least recently used copy goes first")
    func boundedLRU() async {
        let cache = CompactPictureCache(budget: 250, encode: Self.tenth)
        _ = await cache.compact(Self.png(1))
        _ = await cache.compact(Self.png(2))
        _ = await cache.compact(Self.png(1))
        _ = await cache.compact(Self.png(3))  // 300 B > 250: picture 2, the least recently used, goes
        #expect(cache.encodings == 3)
        _ = await cache.compact(Self.png(1))
        #expect(cache.encodings == 3, "picture 1 was kept")
        _ = await cache.compact(Self.png(2))
        #expect(cache.encodings == 4, "picture 2 was dropped")
    }

    @Test("Pictures already compact, copies no smaller and failed encodings are sent as stored, and remembered")
    func sentAsStored() async {
        let cache = CompactPictureCache(encode: { _ in nil })
        #expect(await cache.compact(Self.png(1)) == nil)
        #expect(await cache.compact(Self.png(1)) == nil && cache.encodings == 1)
        var jpeg = Self.png(2)
        jpeg.contentType = "image/jpeg"
        #expect(await cache.compact(jpeg) == nil && cache.encodings == 1)
        let bigger = CompactPictureCache(encode: { image in
            StoredImage(id: image.id, contentType: "image/webp", data: Data(count: image.data.count + 1), width: 1, height: 1)
        })
        #expect(await bigger.compact(Self.png(3)) == nil)
    }
}
