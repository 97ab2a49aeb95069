import Foundation
import StoryBot
import StoryDomain
import StoryTestSupport
import Testing

@Suite("/story book: the router offers a finished story's picture book")
struct StoryBookCommandTests {
    @Test("typed and structured input both make the command")
    func parsing() throws {
        #expect(try CommandParser().parse("/story book The Sleepy Dragon") == .storyBook(story: "The Sleepy Dragon"))
        #expect(try CommandParser().parse("/story book story:Moon") == .storyBook(story: "Moon"))
        #expect(throws: CommandParseError.missingValue(option: "story")) { try CommandParser().parse("/story book") }
        #expect(ChatInput.command(.storyBook(story: "x")).metricLabel == "story.book")
        #expect(try CommandParser().parse("/story book Moon format:epub") == .storyBook(story: "Moon", format: .epub))
        #expect(try CommandParser().parse("/story book story:Moon format:PDF") == .storyBook(story: "Moon", format: .pdf))
        #expect(throws: CommandParseError.badValue(option: "format", hint: "`pdf` or `epub`")) {
            try CommandParser().parse("/story book Moon format:mobi")
        }
    }

    @Test("a finished story: a public reply carrying its book, named after its title")
    func readyStory() async throws {
        let harness = RouterHarness()
        let story = try await harness.readyStory()
        let responder = await harness.handle(.command(.storyBook(story: story.id.rawValue)))
        #expect(responder.acknowledgedPrivately == false)
        let reply = try #require(responder.replies.last)
        let book = try #require(reply.book)
        #expect(book.storyID == story.id && book.family == RouterHarness.family)
        #expect(book.filename == "mia-and-the-quiet-night.pdf")
        #expect(!reply.isPrivate && reply.text?.contains("Mia and the Quiet Night") == true)
    }

    @Test("format:epub offers the EPUB edition, named .epub")
    func epubStory() async throws {
        let harness = RouterHarness()
        let story = try await harness.readyStory()
        let responder = await harness.handle(.command(.storyBook(story: story.id.rawValue, format: .epub)))
        let book = try #require(responder.replies.last?.book)
        #expect(book.format == .epub && book.filename == "mia-and-the-quiet-night.epub")
        #expect(responder.replies.last?.text?.contains("EPUB") == true)
    }

    @Test("a story still being made, or not found: a kind private note and no book")
    func notReady() async throws {
        let harness = RouterHarness()
        let story = StoryFixtures.story("making1", family: RouterHarness.family, requester: RouterHarness.parent)
        _ = try await harness.store.createStory(story, delivery: StoryFixtures.delivery(), quota: nil)
        try await harness.store.saveText(StoryFixtures.written(for: story.request), for: story.id)
        try await harness.store.setStatus(.illustrating, for: story.id, reason: nil)
        let making = await harness.handle(.command(.storyBook(story: "making1")))
        #expect(making.acknowledgedPrivately == true)
        #expect(making.replies.last?.isPrivate == true && making.replies.last?.book == nil)
        #expect(making.replies.last?.text?.contains("still being made") == true)

        let missing = await harness.handle(.command(.storyBook(story: "no such story")))
        #expect(missing.acknowledgedPrivately == true && missing.replies.last?.book == nil)
        #expect(missing.replies.last?.text?.contains("couldn't find") == true)
    }

    @Test("file names are plain letters, digits and dashes", arguments: [
        ("The Sleepy Dragon!", "the-sleepy-dragon.pdf"), ("Zoë & the Moon", "zo-the-moon.pdf"), ("Зоряна ніч", "picture-book.pdf"),
    ])
    func filenames(title: String, expected: String) {
        #expect(BookView.filename(forTitle: title) == expected)
    }
}
