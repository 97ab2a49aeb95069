import Foundation
@testable import StoryStore
import Synchronization
import Testing

@Suite("Decoded JSON columns: cached by their exact text")
struct JSONColumnCacheTests {
    /// A value that counts how often it is decoded.
    private struct Sample: Decodable, Equatable, Sendable {
        final class Decodes: Sendable {
            let count = Mutex(0)
        }

        var name: String

        init(name: String) { self.name = name }

        init(from decoder: any Decoder) throws {
            struct Fields: Decodable { var name: String }
            name = try Fields(from: decoder).name
            Self.decodes.count.withLock { $0 += 1 }
        }

        static let decodes = Decodes()
    }

    private var decodes: Int { Sample.decodes.count.withLock { $0 } }

    @Test("the same text is decoded once; other text is decoded; past the capacity it starts afresh; a bad text still throws")
    func caches() throws {
        let cache = JSONColumnCache<Sample>(capacity: 2)
        let before = decodes
        #expect(try cache.decode(#"{"name":"Mia"}"#) == Sample(name: "Mia"))
        #expect(decodes == before + 1)
        for _ in 0..<5 {
            #expect(try cache.decode(#"{"name":"Mia"}"#) == Sample(name: "Mia"))
        }
        #expect(decodes == before + 1, "a repeated text comes from the cache")

        #expect(try cache.decode(#"{"name":"Léa"}"#) == Sample(name: "Léa"))
        #expect(try cache.decode(#"{"name": "Mia"}"#) == Sample(name: "Mia"), "keyed by the exact text")
        #expect(decodes == before + 3)

        // The third text found the cache full and started it afresh: the first one is decoded again.
        #expect(try cache.decode(#"{"name":"Pip"}"#) == Sample(name: "Pip"))
        #expect(try cache.decode(#"{"name":"Mia"}"#) == Sample(name: "Mia"))
        #expect(decodes == before + 5)
        #expect(throws: (any Error).self) { try cache.decode("not json") }
    }
}
