import Foundation
import StoryDomain
import Testing

/// The library's entry for a chain of chapters, decided once for every store.
@Suite("Library entry: a chain of chapters is one entry")
struct LibraryEntryTests {
    static func summary(_ id: String, chapter: Int? = nil) -> StorySummary {
        StorySummary(id: StoryID(rawValue: id)!, title: id, status: .ready, pageCount: 5, heroName: "Mia",
                     requester: Requester(userID: "mia", displayName: "Mia"), createdAt: Date(timeIntervalSince1970: 0),
                     chapterNumber: chapter)
    }

    @Test("a chain's first kept chapter lists them all; a story on its own lists none; an empty chain has no entry")
    func entries() throws {
        let chain = [Self.summary("one"), Self.summary("two", chapter: 2), Self.summary("three", chapter: 3)]
        let entry = try #require(StorySummary.libraryEntry(ofChain: chain))
        #expect(entry.id == chain[0].id && entry.chapters == chain)
        let alone = try #require(StorySummary.libraryEntry(ofChain: [Self.summary("solo")]))
        #expect(alone.id.rawValue == "solo" && alone.chapters.isEmpty)
        #expect(StorySummary.libraryEntry(ofChain: []) == nil)
        let secondKept = try #require(StorySummary.libraryEntry(ofChain: Array(chain.dropFirst())))
        #expect(secondKept.id.rawValue == "two" && secondKept.chapters.count == 2, "the first chapter deleted: the next one leads")
    }
}
