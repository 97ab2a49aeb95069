import Foundation
import StoryBot
import StoryDomain
import Testing

@Suite("ReplyRenderer: illustrations:text shows each page's own picture as text art")
struct TextArtPageTests {
    let renderer = ReplyRenderer()

    func snapshot(_ mode: IllustrationMode, status: StoryStatus, imageID: ImageID?) -> PageSnapshot {
        let id = StoryID(rawValue: "story")!
        let story = Story(id: id, family: FamilyRef(platform: "web", externalID: "f"), requester: Requester(userID: "u", displayName: "U"),
                          request: StoryRequest(theme: "owls", heroName: "Mia", age: 5, pageCount: 3, seed: 1, illustrations: mode),
                          title: "Owl Night", status: status, createdAt: Date())
        return PageSnapshot(story: story, page: StoryPage(storyID: id, number: 1, text: "Text 1.",
                                                           scene: PageScene(timeOfDay: .night, action: .sleeping), imagePrompt: "",
                                                           imageID: imageID))
    }

    @Test("a painted page carries its picture, marked to be drawn as text, and no emoji line")
    func paintedPage() throws {
        let view = try #require(renderer.page(snapshot(.textArt, status: .ready, imageID: ImageID(rawValue: "img1"))).page)
        #expect(view.imageID == ImageID(rawValue: "img1"))
        #expect(view.showsPictureAsText)
        #expect(view.text == "Text 1.")
        #expect(!view.awaitsPicture)
    }

    @Test("a page still being painted says so and fills in later, as with pictures")
    func awaitingPicture() throws {
        let view = try #require(renderer.page(snapshot(.textArt, status: .illustrating, imageID: nil)).page)
        #expect(view.awaitsPicture && view.showsPictureAsText && view.imageID == nil)
        #expect(view.text.contains("still being painted"))
    }

    @Test("a text-art story made before pictures were painted for it keeps its emoji line")
    func olderStory() throws {
        let view = try #require(renderer.page(snapshot(.textArt, status: .ready, imageID: nil)).page)
        #expect(view.text.hasPrefix("🌙 ✨") && view.text.hasSuffix("Text 1."))
        #expect(!view.awaitsPicture)
    }

    @Test("pictures and text-only pages are unchanged: never drawn as text")
    func otherModes() throws {
        let pictures = try #require(renderer.page(snapshot(.pictures, status: .ready, imageID: ImageID(rawValue: "img1"))).page)
        #expect(!pictures.showsPictureAsText && pictures.imageID == ImageID(rawValue: "img1"))
        let off = try #require(renderer.page(snapshot(.off, status: .ready, imageID: ImageID(rawValue: "img1"))).page)
        #expect(!off.showsPictureAsText && off.imageID == nil && off.text == "Text 1.")
    }
}
