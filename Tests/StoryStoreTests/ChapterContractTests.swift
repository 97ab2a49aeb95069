import Foundation
import StoryDomain
import StoryTestSupport
import Testing
@testable import StoryStore

/// Tonight's chapter, the same on every store: a chapter keeps its link (chain, previous
/// chapter, number, the previous title and summary); the library shows a chain as one entry,
/// in reading order, placed by its newest chapter; deleting a chapter leaves the others together.
@Suite("Storage contract: chapters")
struct ChapterContractTests {
    static let delivery = DeliveryAddress(platform: "web", channelID: "family", messageID: "m1")
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))

    static func chapter(_ id: String, after previous: String, series: String, number: Int, minutes: Double) -> Story {
        var story = Fixtures.story(id: id, theme: "a lost kite", at: Date(timeIntervalSince1970: 1_800_000_000 + minutes * 60))
        story.request.heroSheet = Fixtures.sheet
        story.request.chapter = ChapterLink(seriesID: StoryID(rawValue: series)!, previousStoryID: StoryID(rawValue: previous)!,
                                            number: number, previousTitle: "Chapter \(number - 1)",
                                            previousSummary: "Mia and Ember walked in the quiet forest.")
        return story
    }

    /// Stores: `first` (chapter 1), `alone` (another story), `second`, `third` (chapters 2 and 3).
    func fill(_ ports: StoreBackend.Ports) async throws {
        let stories: [Story] = [
            Fixtures.story(id: "first", at: Date(timeIntervalSince1970: 1_800_000_000)),
            Fixtures.story(id: "alone", theme: "a quiet owl", at: Date(timeIntervalSince1970: 1_800_000_000 + 60)),
            Self.chapter("second", after: "first", series: "first", number: 2, minutes: 2),
            Self.chapter("third", after: "second", series: "first", number: 3, minutes: 3),
        ]
        for story in stories {
            _ = try await ports.stories.createStory(story, delivery: Self.delivery, quota: nil)
            try await ports.stories.saveText(Fixtures.written(pages: 3, title: "Title of \(story.id)"), for: story.id)
        }
    }

    @Test("a chapter's link is kept and read back with the story and its pages", arguments: StoreBackend.allCases)
    func linkKept(_ backend: StoreBackend) async throws {
        let ports = try await backend.make(clock: clock)
        try await fill(ports)
        let third = try #require(try await ports.stories.story(StoryID(rawValue: "third")!))
        #expect(third.request.chapter == Self.chapter("third", after: "second", series: "first", number: 3, minutes: 3).request.chapter)
        #expect(third.request.heroSheet == Fixtures.sheet)
        let snapshot = try #require(try await ports.stories.pageSnapshot(StoryID(rawValue: "second")!, page: 1))
        #expect(snapshot.story.request.chapter?.number == 2)
        #expect(try await ports.stories.story(StoryID(rawValue: "alone")!)?.request.chapter == nil)
    }

    @Test("the library shows a chain as one entry in reading order, placed by its newest chapter; a deleted chapter leaves the rest",
          arguments: StoreBackend.allCases)
    func libraryAndDeletion(_ backend: StoreBackend) async throws {
        let ports = try await backend.make(clock: clock)
        try await fill(ports)
        let library = try await ports.stories.library(of: Fixtures.family, offset: 0, limit: 5)
        #expect(library.total == 2)
        #expect(library.items.map(\.id.rawValue) == ["first", "alone"], "the chain's newest chapter is the newest story")
        #expect(library.items[0].chapters.map(\.id.rawValue) == ["first", "second", "third"])
        #expect(library.items[0].chapters.map(\.chapterOrder) == [1, 2, 3])
        #expect(library.items[1].chapters.isEmpty)
        let paged = try await ports.stories.library(of: Fixtures.family, offset: 1, limit: 5)
        #expect(paged.items.map(\.id.rawValue) == ["alone"] && paged.total == 2)

        // Deleting the middle chapter, then the first: the chain holds.
        #expect(try await ports.stories.deleteStory(StoryID(rawValue: "second")!))
        #expect(try await ports.stories.chapters(ofSeries: StoryID(rawValue: "first")!, in: Fixtures.family).map(\.id.rawValue)
            == ["first", "third"])
        #expect(try await ports.stories.deleteStory(StoryID(rawValue: "first")!))
        let left = try await ports.stories.chapters(ofSeries: StoryID(rawValue: "first")!, in: Fixtures.family)
        #expect(left.map(\.id.rawValue) == ["third"] && left.first?.chapterNumber == 3)
        #expect(try await ports.stories.pageSnapshot(StoryID(rawValue: "third")!, page: 3) != nil, "later chapters stay readable")
        let after = try await ports.stories.library(of: Fixtures.family, offset: 0, limit: 5)
        #expect(after.items.map(\.id.rawValue) == ["third", "alone"] && after.total == 2)
        // Another family sees none of it.
        #expect(try await ports.stories.chapters(ofSeries: StoryID(rawValue: "first")!,
                                                 in: FamilyRef(platform: "web", externalID: "other")).isEmpty)
    }
}
