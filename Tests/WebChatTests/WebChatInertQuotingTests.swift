import Foundation
import StoryBot
import StoryDomain
import Testing
@testable import WebChat

@Suite("Quoted family text on the web chat's wire")
struct WebChatInertQuotingTests {
    @Test("a hostile theme reaches the page inert, and the page never turns a message's text into a link")
    func inertOnTheWire() throws {
        let request = StoryRequest(theme: "[click](https://evil.example) https://evil.example @everyone", heroName: "Mia", age: 5,
                                   pageCount: 3, seed: 1)
        let story = Story(id: StoryID(rawValue: "story1")!, family: FamilyRef(platform: "web", externalID: "family"),
                          requester: Requester(userID: "w1", displayName: "Anna"), request: request, createdAt: Date())
        let message = WebChatMessage(id: "m1", reply: ReplyRenderer().accepted(story), createdAt: Date())
        let text = try #require(try WebChatWireTests.json(message)["text"] as? String)
        #expect(text.contains("evil.example") && !text.contains("://") && !text.contains("](") && !text.contains("@everyone"))
        let script = WebChatScript.source
        #expect(!script.contains("<a ") && !script.contains("href=\""), "markdown() makes no links")
        #expect(script.contains("return escapeHTML(s).replace(/`([^`]+)`/g"))
    }

    @Test("the door names the invite's room and role, and asks before leaving the room this browser is in")
    func doorAsks() {
        let script = WebChatScript.source
        #expect(script.contains(#""/api/invite-preview""#))
        #expect(script.contains("You are in “${who.roomName}” as ${who.name}. This link is for “${preview.room}” as ${roleWords(preview.role)}."))
        #expect(WebChatPage.html.contains(#"id="switchStay""#) && WebChatPage.html.contains(#"id="switchJoin""#))
    }
}
