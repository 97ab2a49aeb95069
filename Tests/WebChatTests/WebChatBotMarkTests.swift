import Foundation
import Testing
@testable import WebChat

@Suite("The bot's mark on the wire and on the page")
struct WebChatBotMarkTests {
    @Test("a member's message never carries fromBot, a bot's always does; the page badges only those, and its sign-out buttons are in the 👤 dialog")
    func mark() throws {
        let said = WebChatMessage(id: "m1", author: "Magical Stories", authorId: "w1", text: "hi", createdAt: Date())
        #expect(try WebChatWireTests.json(said)["fromBot"] as? Bool == false, "even with the bot's name, a member's words are a member's")
        let script = WebChatScript.source
        #expect(script.contains(#"if (m.fromBot) who.appendChild(el("span", "badge", "✨ story machine"))"#))
        #expect(script.contains(#"(m.fromBot ? " bot" : "")"#))
        #expect(WebChatPage.css.contains(".msg .who .badge"))
        #expect(WebChatPage.html.contains(#"id="signOut""#) && WebChatPage.html.contains(#"id="signOutEverywhere""#))
        #expect(script.contains(#""/api/signout/everywhere""#))
    }
}
