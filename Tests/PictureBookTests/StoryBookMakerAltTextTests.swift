import Foundation
import PictureBook
import StoryDomain
import StoryTestSupport
import Testing

@Suite("Picture book content: the pictures' alt text")
struct StoryBookMakerAltTextTests {
    @Test("a stored story's pages carry their moment for the EPUB's alt text; a page without a picture has none")
    func contentDescribesPictures() async throws {
        let store = InMemoryStore(clock: ManualWallClock())
        let story = StoryFixtures.story()
        _ = try await store.createStory(story, delivery: StoryFixtures.delivery(), quota: nil)
        try await store.saveText(StoryFixtures.written(pages: ["One.", "Two.", "Three."]), for: story.id)
        _ = try await store.saveIllustration(Illustration(data: TestPictures.png(width: 20, height: 10, grain: 0), contentType: "image/png",
                                                          width: 20, height: 10), for: story.id, page: 1)
        try await store.setStatus(.ready, for: story.id, reason: nil)
        let saved = try #require(try await store.story(story.id))
        let content = try #require(try await StoryBookMaker(stories: store).content(of: saved))
        // The fixture's prompt is a model's ("an owl on a branch at night"), so its words describe the picture.
        #expect(content.pages[0].pictureAlt == "An owl on a branch at night.")
        #expect(content.pages[1].pictureAlt == nil && content.pages[1].picture == nil)
        let epub = try #require(try await StoryBookMaker(stories: store).epub(of: saved))
        #expect(epub.count > 0)
    }

    @Test("a stored story's PDF shows each picture's moment under it", .enabled(if: PDFText.isAvailable))
    func pdfCaptionsTheMoment() async throws {
        let store = InMemoryStore(clock: ManualWallClock())
        let story = StoryFixtures.story()
        _ = try await store.createStory(story, delivery: StoryFixtures.delivery(), quota: nil)
        try await store.saveText(StoryFixtures.written(pages: ["One.", "Two."]), for: story.id)
        _ = try await store.saveIllustration(Illustration(data: TestPictures.png(width: 20, height: 10, grain: 0), contentType: "image/png",
                                                          width: 20, height: 10), for: story.id, page: 1)
        try await store.setStatus(.ready, for: story.id, reason: nil)
        let saved = try #require(try await store.story(story.id))
        let book = try #require(try await StoryBookMaker(stories: store).book(of: saved))
        let pages = try PDFText.pages(of: book.pdf)
        #expect(PDFText.words(pages[1]).contains(["An", "owl", "on", "a", "branch", "at", "night"]))
        #expect(!PDFText.words(pages[2]).contains(["owl"]))
    }
}
