import Foundation
import StoryBot
import StoryDomain
import Testing
@testable import WebChat

@Suite("Web chat wire format")
struct WebChatWireTests {
    static let imageID = ImageID(rawValue: String(repeating: "ab", count: 32))
    static let storyID = StoryID(rawValue: "story1")!
    static let at = Date(timeIntervalSince1970: 1_800_000_000)

    static func json(_ value: some Encodable) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: try WebChatJSON.encoder.encode(value)) as? [String: Any])
    }

    @Test("a page reply becomes the bot's message: the page, its picture's URL, buttons and an ISO 8601 time")
    func pageMessage() throws {
        let page = PageView(storyID: Self.storyID, title: "Owl Night", text: "The owl slept.", pageNumber: 2, pageCount: 5,
                            imageID: Self.imageID, footer: "page 2 of 5")
        let reply = ChatReply(page: page, buttons: [[ChatButton(.page(Self.storyID, 3), label: "▶", style: .primary)]])
        let message = WebChatMessage(id: "m1", reply: reply, createdAt: Self.at)
        let object = try Self.json(message)

        #expect(object["author"] as? String == "Magical Stories")
        #expect(object["authorId"] as? String == "bot")
        #expect(object["fromBot"] as? Bool == true)
        #expect(object["isPrivate"] as? Bool == false)
        #expect(object["createdAt"] as? String == "2027-01-15T08:00:00Z")
        let wirePage = try #require(object["page"] as? [String: Any])
        #expect(wirePage["imageUrl"] as? String == "/images/" + Self.imageID.rawValue)
        #expect(wirePage["storyId"] as? String == "story1")
        #expect(wirePage["pageNumber"] as? Int == 2 && wirePage["pageCount"] as? Int == 5)
        let button = try #require((object["buttons"] as? [[[String: Any]]])?.first?.first)
        #expect(button["id"] as? String == "ms:p:story1:3")
        #expect(button["style"] as? String == "primary")
        #expect(button["disabled"] as? Bool == false)

        // What the page sends back decodes to the same message.
        let decoded = try WebChatJSON.decoder.decode(WebChatMessage.self, from: try WebChatJSON.encoder.encode(message))
        #expect(decoded == message)
    }

    @Test("a text reply has no page and no picture; a private one says so")
    func textMessage() throws {
        let object = try Self.json(WebChatMessage(id: "m2", reply: .privateNote("🤫 just for you"), createdAt: Self.at))
        #expect(object["page"] == nil)
        #expect(object["text"] as? String == "🤫 just for you")
        #expect(object["isPrivate"] as? Bool == true)
    }

    @Test("a family member's message is theirs, never the bot's")
    func memberMessage() throws {
        let object = try Self.json(WebChatMessage(id: "m3", author: "Anna", authorId: "anna", text: "/help", createdAt: Self.at))
        #expect(object["author"] as? String == "Anna" && object["authorId"] as? String == "anna")
        #expect(object["fromBot"] as? Bool == false)
    }

    @Test("what the page sends: say, press and ping; anything else does not decode")
    func clientFrames() throws {
        func decode(_ text: String) throws -> WebChatClientFrame {
            try WebChatJSON.decoder.decode(WebChatClientFrame.self, from: Data(text.utf8))
        }
        let say = try decode(#"{"type":"say","text":"/story new theme:owls"}"#)
        #expect(say.type == .say && say.text == "/story new theme:owls")
        let press = try decode(#"{"type":"press","buttonId":"ms:l:2","messageId":"m1"}"#)
        #expect(press.type == .press && press.buttonId == "ms:l:2" && press.messageId == "m1")
        #expect(try decode(#"{"type":"ping"}"#).type == .ping)
        #expect(throws: (any Error).self) { try decode(#"{"type":"shout","text":"hi"}"#) }
        #expect(throws: (any Error).self) { try decode("not json") }
    }

    @Test("what the server sends is one JSON object per frame, with sorted keys")
    func serverFrames() throws {
        #expect(WebChatJSON.text(WebChatServerFrame.notice("✂️ too long")) == #"{"text":"✂️ too long","type":"notice"}"#)
        #expect(WebChatJSON.text(WebChatServerFrame(type: .pong)) == #"{"type":"pong"}"#)
    }
}
