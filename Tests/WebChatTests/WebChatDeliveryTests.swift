import Foundation
import StoryBot
import StoryDomain
import StoryTestSupport
import Testing
@testable import WebChat

/// Replies and background deliveries, checked in the room's transcript (what a newcomer is shown).
@Suite("Web chat replies and deliveries")
struct WebChatDeliveryTests {
    let clock = ManualWallClock()
    let transcript: InMemoryStore
    let hub: WebChatRoomHub

    init() {
        transcript = InMemoryStore(clock: clock)
        hub = WebChatRoomHub(transcript: transcript, clock: clock, historyLimit: 3)
    }

    func responder(pressed: String? = nil, pressedIsPublic: Bool = false) -> WebChatResponder {
        WebChatResponder(hub: hub, room: "family", connection: UUID(), userID: "anna", pressedMessageID: pressed,
                         pressedMessageIsPublic: pressedIsPublic, linkBase: nil)
    }

    @Test("a public reply is stored under the id its story will be delivered to; a private one is never stored")
    func replies() async throws {
        let responder = responder()
        #expect(responder.deliveryAddress.platform == "web" && responder.deliveryAddress.channelID == "family")
        #expect(responder.deliveryAddress.messageID == responder.replyMessageID)

        try await responder.reply(.privateNote("only for Anna"))
        #expect(try await hub.history(room: "family").isEmpty)
        try await responder.reply(ChatReply(text: "✨ on its way"))
        let stored = try await hub.history(room: "family")
        #expect(stored.map(\.id) == [responder.replyMessageID])
        #expect(stored.first?.text == "✨ on its way")
    }

    @Test("a public update replaces the pressed message only when that is a public message of the room")
    func updates() async throws {
        try await responder(pressed: "shared", pressedIsPublic: true).update(ChatReply(text: "page 2"))
        #expect(try await hub.history(room: "family").map(\.id) == ["shared"])
        #expect(responder(pressed: "shared", pressedIsPublic: true).updatedMessageAddress?.messageID == "shared")

        let fromPrivate = responder(pressed: "someone-elses", pressedIsPublic: false)
        #expect(fromPrivate.updatedMessageAddress == nil)
        try await fromPrivate.update(ChatReply(text: "page 3"))
        #expect(try await hub.history(room: "family").map(\.id) == ["shared", fromPrivate.replyMessageID],
                "posted as a new message, not over a message the room does not share")
    }

    @Test("a background delivery edits the story's message for the whole room, in its place in the conversation")
    func transport() async throws {
        let transport = WebChatTransport(hub: hub)
        let address = DeliveryAddress(platform: "web", channelID: "family", messageID: "story-message")
        #expect(try await transport.deliver(ChatReply(text: "✍️ Writing…"), to: address, isFinal: false) == .shown(movedTo: nil))
        let posted = clock.now()
        clock.advance(by: 90)
        let page = ChatReply(text: "📖 page 1", isPrivate: true)
        #expect(try await transport.deliver(page, to: address, isFinal: true) == .shown(movedTo: nil))

        let history = try await hub.history(room: "family")
        #expect(history.count == 1)
        #expect(history.first?.text == "📖 page 1")
        #expect(history.first?.isPrivate == false, "a story is read together")
        let entry = try #require(try await transcript.entry(id: "story-message"))
        #expect(entry.createdAt == posted, "it keeps its place in the conversation")
        #expect(entry.updatedAt == clock.now())
    }

    @Test("history is the room's newest messages, oldest first, and only that room's")
    func history() async throws {
        for index in 1...4 {
            try await hub.publish(WebChatMessage(id: "m\(index)", author: "Anna", authorId: "anna", text: "hello \(index)",
                                                 createdAt: clock.now()), room: "family")
            clock.advance(by: 1)
        }
        try await hub.publish(WebChatMessage(id: "other", author: "Ben", authorId: "ben", text: "elsewhere", createdAt: clock.now()),
                              room: "neighbours")
        #expect(try await hub.history(room: "family").map(\.id) == ["m2", "m3", "m4"])
        #expect(try await hub.history(room: "neighbours").map(\.id) == ["other"])
    }
}
