import Foundation
@testable import StoryStore
import Testing

@Suite("Decoded JSON columns: cached by their exact text")
struct JSONColumnCacheTests {
    private struct Sample: Codable, Equatable, Sendable {
        var name: String
    }

    @Test("the same text gives the same value; other text another; a bad text still throws")
    func decodes() throws {
        let cache = JSONColumnCache<Sample>(capacity: 2)
        #expect(try cache.decode(#"{"name":"Mia"}"#) == Sample(name: "Mia"))
        #expect(try cache.decode(#"{"name":"Mia"}"#) == Sample(name: "Mia"))
        #expect(try cache.decode(#"{"name":"Léa"}"#) == Sample(name: "Léa"))
        // Past the capacity it starts afresh and keeps answering correctly.
        #expect(try cache.decode(#"{"name":"Pip"}"#) == Sample(name: "Pip"))
        #expect(try cache.decode(#"{"name":"Mia"}"#) == Sample(name: "Mia"))
        #expect(throws: (any Error).self) { try cache.decode("not json") }
    }
}
