import Foundation
import MagicalStories
import Operations
import StoryBot
import StoryDomain
import Testing
import WebChat

@Suite("Web chat: plain words that ask for a story (real WebSocket on loopback)", .serialized)
struct WebChatPlainWordsTests {
    @Test("\"please tell Mia a story about a dragon\" makes the story for everyone; chat stays chat; \"read it again\" is one tap")
    func plainWords() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        let ben = try await ChatTestClient.join(app, room: "family", name: "Ben")
        _ = try await anna.next("history") { $0.type == "history" }
        _ = try await ben.next("history") { $0.type == "history" }

        try await anna.say("please tell Mia a story about a dragon")
        _ = try await ben.next("Anna's words") { $0.message?.author == "Anna" && $0.message?.text?.contains("dragon") == true }
        let ack = try await ben.next("on its way") { $0.message?.fromBot == true && $0.message?.text?.contains("on its way") == true }
        #expect(ack.message?.text?.contains("for Mia") == true && ack.message?.isPrivate == false)
        let ackID = try #require(ack.message?.id)
        let page1 = try await ben.next("page 1") { $0.message?.id == ackID && $0.message?.page != nil }
        #expect(page1.message?.page?.text.contains("Mia") == true)
        _ = try await anna.next("page 1 for Anna too") { $0.message?.id == ackID && $0.message?.page != nil }

        // Ordinary chat gets no answer: after a round trip, nothing from the bot followed it.
        try await anna.say("good night grandma")
        _ = try await anna.next("Anna's good night") { $0.message?.text == "good night grandma" }
        try await anna.roundTrip()
        let afterGoodNight = await anna.all().drop(while: { $0.message?.text != "good night grandma" }).dropFirst()
        #expect(afterGoodNight.allSatisfy { $0.message?.fromBot != true }, "\(afterGoodNight.compactMap(\.message?.text))")

        // "read it again": a private suggestion with one button; pressing it opens the story at page 1.
        try await anna.say("read it again")
        let suggestion = try await anna.next("suggestion") { $0.message?.isPrivate == true && $0.message?.buttons.isEmpty == false }
        let button = try #require(suggestion.message?.buttons.first?.first)
        #expect(button.id == ComponentID.open(StoryID(rawValue: page1.message?.page?.storyId ?? "")!).encoded)
        try await anna.press(button.id, on: try #require(suggestion.message?.id))
        let reread = try await anna.next("the story again") { $0.message?.page?.pageNumber == 1 && $0.message?.id != ackID }
        #expect(reread.message?.page?.storyId == page1.message?.page?.storyId)

        // The suggestion was Anna's alone.
        try await ben.roundTrip()
        #expect(await ben.all().compactMap(\.message).allSatisfy { !$0.isPrivate })
        await anna.close()
        await ben.close()
        await app.stop()
    }
}
