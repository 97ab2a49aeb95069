import Foundation
import StoryBot
import StoryDomain
import StoryTestSupport
import Testing
@testable import WebChat

/// A deleted story leaves every screen: the hub over real sockets on loopback.
@Suite("Web chat: a deleted story leaves every screen", .timeLimit(.minutes(5)))
struct WebChatStoryDeletionTests {
    static let gone = StoryID(rawValue: "gone1")!
    static let kept = StoryID(rawValue: "kept1")!

    static func page(_ story: StoryID, id: String, at date: Date) -> WebChatMessage {
        WebChatMessage(id: id, reply: ChatReply(page: PageView(storyID: story, title: "Owl Night", text: "The owl slept.", pageNumber: 1,
                                                               pageCount: 2, imageID: nil, footer: "page 1 of 2")), createdAt: date)
    }

    @Test("the messages showing a story (page, book, narration) are known by the story; others are not")
    func shownStory() {
        let at = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(Self.page(Self.gone, id: "p", at: at).shownStory == "gone1")
        let book = BookView(storyID: Self.gone, family: FamilyRef(platform: .web, externalID: "family"), title: "Owl Night",
                            filename: "owl-night.epub", format: .epub)
        #expect(WebChatMessage(id: "b", reply: ChatReply(text: "📚", book: book), createdAt: at).shownStory == "gone1")
        let audio = ChatAudio(storyID: Self.gone, part: .whole, data: Data(), duration: 12, waveform: Data(), filename: "owl-night.ogg")
        #expect(WebChatMessage(id: "a", reply: ChatReply(text: "🎧", audio: audio), createdAt: at).shownStory == "gone1")
        #expect(WebChatMessage(id: "t", reply: ChatReply(text: "Goodnight"), createdAt: at).shownStory == nil)
        #expect(WebChatMessage(id: "m", author: "Anna", authorId: "anna", text: "/books/gone1", createdAt: at).shownStory == nil)
    }

    @Test("deleting stories takes their messages out of the history and tells every browser of the room, no other room")
    func deletion() async throws {
        let room = try await WebChatRoomHubTests.Room.start()
        let anna = try await room.connect("anna")
        let ben = try await room.connect("ben")
        let neighbour = try await room.connect("carl", room: "neighbours")
        let now = room.clock.now()
        try await room.hub.publish(Self.page(Self.gone, id: "gone-page", at: now), room: "family")
        try await room.hub.publish(Self.page(Self.kept, id: "kept-page", at: now), room: "family")
        try await room.hub.publish(WebChatRoomHubTests.message("words", "What a story!", at: now), room: "family")
        await ben.waitForMessage("words")

        try await room.hub.storiesDeleted([Self.gone.rawValue], room: "family")
        for client in [anna, ben] {
            await client.frames.wait { $0.contains { $0.type == "storyDeleted" && $0.storyId == "gone1" } }
        }
        #expect(try await room.hub.history(room: "family").map(\.id) == ["kept-page", "words"], "a reload shows no trace")

        try await room.hub.publish(WebChatRoomHubTests.message("next-door", "Hello", at: now), room: "neighbours")
        await neighbour.waitForMessage("next-door")
        #expect(!neighbour.frames.all.contains { $0.type == "storyDeleted" }, "another room never hears of it")

        // Another process deleted a story: its history is already clean, the browsers here are told.
        await room.hub.relayStoryDeleted(Self.kept.rawValue, room: "family")
        await anna.frames.wait { $0.contains { $0.type == "storyDeleted" && $0.storyId == "kept1" } }
        for client in [anna, ben, neighbour] { await client.close() }
        await room.server.stop()
    }

    @Test("the web chat's responder takes deleted stories off the room's screens")
    func responder() async throws {
        let room = try await WebChatRoomHubTests.Room.start()
        let anna = try await room.connect("anna")
        try await room.hub.publish(Self.page(Self.gone, id: "gone-page", at: room.clock.now()), room: "family")
        let responder = WebChatResponder(hub: room.hub, room: "family", connection: UUID(), userID: "anna", pressedMessageID: nil,
                                         pressedMessageIsPublic: false, linkBase: nil)
        await responder.storiesDeleted([Self.gone])
        await anna.frames.wait { $0.contains { $0.type == "storyDeleted" && $0.storyId == "gone1" } }
        #expect(try await room.hub.history(room: "family").isEmpty)
        await anna.close()
        await room.server.stop()
    }
}
