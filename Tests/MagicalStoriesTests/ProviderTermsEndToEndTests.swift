import Foundation
import MagicalStories
import Operations
import ProviderFakes
import StoryDomain
import StoryProviders
import Testing
import WebChat

/// Gemini's API terms exclude services directed to or likely to be used by people under 18: with
/// Gemini configured (over HTTP to loopback fakes), a child's story, a story in a chat marked as
/// children's and a child's reading aloud never call it, while a grown-up's do.
@Suite("Provider terms end to end", .serialized)
struct ProviderTermsEndToEndTests {
    static let family = FamilyRef(platform: "web", externalID: "family")

    /// Asks for a story and returns page 1 once the whole story is made.
    func story(_ client: ChatTestClient, app: TestApp, hero: String) async throws -> TestFrame {
        try await client.say("/story new theme:\"a sleepy dragon\" name:\(hero) age:5 pages:3")
        let page = try await client.next("\(hero)'s page 1", timeout: .seconds(30)) {
            $0.message?.page != nil && $0.message?.page?.text.contains(hero) == true
        }
        try await waitUntilReady(app.app.stories, id: try #require(page.message?.page?.storyId), family: Self.family)
        return page
    }

    @Test("a child's story and a children's chat's stories are made without Gemini; a grown-up's is Gemini's")
    func childrenNeverCallGemini() async throws {
        let gemini = GeminiFake()
        try await gemini.start()
        let app = try await TestApp.start { config in
            config.storyProvider = .gemini
            config.imageProvider = .gemini
            config.gemini = .init(apiURL: gemini.baseURL, apiKey: gemini.apiKey, textModel: "gemini-test", imageModel: "gemini-image-test")
        }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        let leo = try await ChatTestClient.join(app, room: "family", name: "Leo", role: .child)

        let childs = try await story(leo, app: app, hero: "Leo")
        #expect(gemini.requests(kind: .text) == 0 && gemini.requests(kind: .image) == 0, "the child's story never called Gemini")
        let (_, picture, _) = try await app.get(try #require(childs.message?.page?.imageUrl), as: leo.member)
        #expect(PNGInspector.inspect(picture)?.width == 768, "painted by the built-in illustrator")

        _ = try await story(anna, app: app, hero: "Mia")
        #expect(gemini.requests(kind: .text) == 1 && gemini.requests(kind: .image) == 3, "the grown-up's story is Gemini's")

        // A grown-up marks the chat as children's: her stories there no longer call Gemini either.
        try await anna.say("/settings set audience:children")
        _ = try await anna.next("settings saved") { $0.message?.text?.contains("This chat is for: children") == true }
        _ = try await story(anna, app: app, hero: "Ada")
        #expect(gemini.requests(kind: .text) == 1 && gemini.requests(kind: .image) == 3)

        await anna.close()
        await leo.close()
        await app.stop()
        await gemini.stop()
        app.removeFiles()
    }

    @Test("a child's 🔊 is read by the built-in voice; a grown-up's by Gemini's speech")
    func childrenListenWithoutGemini() async throws {
        let speech = SpeechFake()
        try await speech.start()
        let app = try await TestApp.start { config in
            config.gemini.apiKey = speech.apiKey
            config.gemini.apiURL = speech.geminiURL
            config.narration.provider = .gemini
        }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        let leo = try await ChatTestClient.join(app, room: "family", name: "Leo", role: .child)
        let page1 = try await story(anna, app: app, hero: "Mia")
        let messageID = try #require(page1.message?.id)
        let listen = try #require(page1.message?.buttons.dropFirst().first?.first)

        try await leo.press(listen.id, on: messageID)
        let childHeard = try await leo.next("page 1 read to Leo", timeout: .seconds(60)) { $0.message?.audio != nil }
        #expect(speech.requests.isEmpty, "the child's listening never called Gemini")
        #expect(childHeard.message?.audio?.url.hasSuffix("/p1") == true)

        try await anna.say("/story listen page:2")
        _ = try await anna.next("page 2 read to Anna", timeout: .seconds(60)) { $0.message?.audio?.url.hasSuffix("/p2") == true }
        #expect(speech.requests.count == 1, "the grown-up's listening is Gemini's")

        await anna.close()
        await leo.close()
        await app.stop()
        await speech.stop()
        app.removeFiles()
    }
}
