import Foundation
import StoryDomain
import StoryTestSupport
import Testing

/// Pictures as chats are sent them: made when a page's picture is saved (before the page is
/// shown), read as kept on every send, and made once for a picture saved before forms were kept.
@Suite("Chat pictures: each picture's WebP made once, when it is saved")
struct ChatPicturesTests {
    /// A fake encoder: the picture's first two bytes as "WebP", each call noted in `journal`.
    struct HalfWebP: ChatFormEncoder {
        let journal: Recorder<String>

        func chatForm(of data: Data, contentType: String) async -> ChatForm {
            journal.append("chat form")
            return .copy(contentType: "image/webp", data: data.prefix(2))
        }
    }

    @Test("each page's chat form is made as its picture is saved, before the page is shown, and read back as kept")
    func madeWhenSaved() async throws {
        let harness = try await PipelineHarness(pages: 3)
        let pipeline = harness.pipeline(illustrator: harness.illustrator(), chatForms: HalfWebP(journal: harness.journal))
        #expect(await pipeline.process(try await harness.claim()) == .delivered)
        #expect(harness.journal.all == ["writing", "painting 1 of 3", "paint 1", "chat form", "firstPage",
                                        "paint 2", "chat form", "paint 3", "chat form", "ready"])
        for page in try await harness.store.pages(of: harness.story.id) {
            let id = try #require(page.imageID)
            let stored = try #require(try await harness.store.image(id))
            let shown = try #require(try await harness.store.chatPicture(id))
            #expect(shown.contentType == "image/webp" && shown.data == stored.data.prefix(2) && shown.id == id)
            #expect(stored.contentType == "image/png", "the stored picture stays as painted")
        }
    }

    /// Paints a 5-byte "PNG" that comes with its chat form, as the built-in illustrator's pages do.
    struct SelfEncodingIllustrator: Illustrator {
        let name = "self-encoding"

        func illustrate(_ request: IllustrationRequest) async throws -> Illustration {
            let page = UInt8(request.pageNumber)
            return Illustration(data: Data([0x89, 0x50, 0x4E, 0x47, page]), contentType: "image/png", width: 4, height: 4,
                                chatForm: .copy(contentType: "image/webp", data: Data([0x52, page])))
        }
    }

    @Test("a form the illustrator made from its pixels is kept as it is: the picture is not encoded again")
    func madeByTheIllustrator() async throws {
        let harness = try await PipelineHarness(pages: 3)
        let parts = StoryPipeline.Parts(repository: harness.store, queue: harness.store, writer: ScriptedWriter.fitting(),
                                        illustrator: SelfEncodingIllustrator(), listener: harness.listener,
                                        chatForms: HalfWebP(journal: harness.journal))
        let pipeline = StoryPipeline(parts: parts, clock: harness.clock)
        #expect(await pipeline.process(try await harness.claim()) == .delivered)
        #expect(!harness.journal.all.contains("chat form"), "nothing decoded or encoded: \(harness.journal.all)")
        for page in try await harness.store.pages(of: harness.story.id) {
            let id = try #require(page.imageID)
            let shown = try #require(try await harness.store.chatPicture(id))
            #expect(shown.contentType == "image/webp" && shown.data == Data([0x52, UInt8(page.number)]))
        }
    }

    @Test("a picture with a kept form is read without encoding; one saved before is encoded once, then read as kept")
    func keptOrMadeOnce() async throws {
        let clock = ManualWallClock()
        let store = InMemoryStore(clock: clock)
        let story = StoryFixtures.story(createdAt: clock.now())
        _ = try await store.createStory(story, delivery: StoryFixtures.delivery(), quota: nil)
        try await store.saveText(StoryFixtures.written(for: story.request), for: story.id)
        let journal = Recorder<String>()
        let pictures = ChatPictures(repository: store, encoder: HalfWebP(journal: journal))
        let picture = Illustration(data: Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3]), contentType: "image/png", width: 4, height: 4)

        let kept = try await store.saveIllustration(picture, chatForm: .asStored, for: story.id, page: 1)
        let stored = try await store.image(kept)
        #expect(try await pictures.picture(kept) == stored, "kept as stored: sent as stored")
        #expect(journal.all.isEmpty, "nothing encoded")

        let old = try await store.saveIllustration(Illustration(data: Data([0x89, 0x50, 0x4E, 0x47, 9]), contentType: "image/png",
                                                                width: 4, height: 4), for: story.id, page: 2)
        let first = try await pictures.picture(old)
        #expect(first?.contentType == "image/webp" && first?.data == Data([0x89, 0x50]))
        #expect(try await pictures.picture(old) == first)
        #expect(try await store.chatPicture(old) == first, "kept for every later send (and other processes)")
        #expect(journal.all == ["chat form"], "encoded once")

        #expect(try await pictures.picture(ImageID(rawValue: String(repeating: "e", count: 64))) == nil)
        #expect(journal.all.count == 1, "nothing encoded for a picture that does not exist")
    }
}
