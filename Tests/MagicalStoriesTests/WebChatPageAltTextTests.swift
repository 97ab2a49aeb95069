import Foundation
import MagicalStories
import Operations
import StoryDomain
import Testing
import WebChat

@Suite("Web chat: the page picture's alt text, end to end", .serialized)
struct WebChatPageAltTextTests {
    @Test("a story page reaches the browser with a sentence about its moment, naming the hero")
    func pageCarriesItsMoment() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        _ = try await anna.next("history") { $0.type == "history" }
        try await anna.say("/story new theme:a picnic in the forest name:Mia pages:3")
        let page = try await anna.next("page 1") { $0.message?.page?.footer == "page 1 of 3" }
        let alt = try #require(page.message?.page?.imageAlt)
        #expect(alt.hasPrefix("Mia") && alt.hasSuffix(".") && alt.count <= PageMoment.maxCharacters + 1, "\(alt)")
        #expect(!alt.contains("Illustration for page"))
        await anna.close()
        await app.stop()
    }
}
