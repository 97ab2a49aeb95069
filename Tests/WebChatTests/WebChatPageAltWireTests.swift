import Foundation
import StoryBot
import StoryDomain
import Testing
@testable import WebChat

@Suite("Web chat wire format: the page picture's alt text")
struct WebChatPageAltWireTests {
    @Test("a page's description travels as imageAlt; it is left out when there is none")
    func imageAlt() throws {
        var view = PageView(storyID: WebChatWireTests.storyID, title: "Owl Night", text: "The owl slept.", pageNumber: 1, pageCount: 3,
                            imageID: WebChatWireTests.imageID, footer: "page 1 of 3")
        let without = try #require(try WebChatWireTests.json(WebChatMessage(id: "m1", reply: ChatReply(page: view),
                                                                            createdAt: WebChatWireTests.at))["page"] as? [String: Any])
        #expect(without.keys.contains("imageAlt") == false)
        view.imageAlt = "Mia and Pip the owl sleep soundly in the forest at night."
        let message = WebChatMessage(id: "m2", reply: ChatReply(page: view), createdAt: WebChatWireTests.at)
        let page = try #require(try WebChatWireTests.json(message)["page"] as? [String: Any])
        #expect(page["imageAlt"] as? String == "Mia and Pip the owl sleep soundly in the forest at night.")
        let decoded = try JSONDecoder().decode(WebChatMessage.Page.self, from: JSONEncoder().encode(message.page))
        #expect(decoded.imageAlt == view.imageAlt)
    }
}
