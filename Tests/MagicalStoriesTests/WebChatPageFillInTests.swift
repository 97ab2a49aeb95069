import Foundation
import StoryDomain
import Testing
import WebChat

@Suite("Web chat: pages fill in", .serialized)
struct WebChatPageFillInTests {
    @Test("a page turned to before its picture shows it in every browser of the room as soon as it is painted")
    func pageFillsInEverywhere() async throws {
        let gate = GatedIllustrator(holding: [2])
        let app = try await TestApp.start(illustrator: gate)
        defer { app.removeFiles() }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        let ben = try await ChatTestClient.join(app, room: "family", name: "Ben")
        _ = try await ben.next("history") { $0.type == "history" }
        try await anna.say("/story new theme:owls name:Mia pages:3")
        let page1 = try await ben.next("page 1") { $0.message?.page?.pageNumber == 1 && $0.message?.page?.imageUrl != nil }
        let messageID = try #require(page1.message?.id)
        let next = try #require(page1.message?.buttons.first?[2])

        try await ben.press(next.id, on: messageID)
        let waiting = try await anna.next("page 2 without its picture") { $0.message?.id == messageID && $0.message?.page?.pageNumber == 2 }
        #expect(waiting.message?.page?.imageUrl == nil)
        #expect(waiting.message?.page?.text.contains("still being painted") == true)

        gate.release(page: 2)
        for browser in [anna, ben] {
            let filled = try await browser.next("page 2 filled in", timeout: .seconds(10)) {
                $0.message?.id == messageID && $0.message?.page?.pageNumber == 2 && $0.message?.page?.imageUrl != nil
            }
            #expect(filled.message?.page?.text.contains("still being painted") == false)
        }
        await anna.close()
        await ben.close()
        await app.stop()
    }
}
