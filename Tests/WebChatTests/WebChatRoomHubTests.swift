import Foundation
import StoryBot
import StoryDomain
import StoryTestSupport
import Testing
@testable import WebChat

/// The hub over real sockets on loopback. That something did not arrive is shown by ordering,
/// never by waiting: a later message on the same socket arrives after anything sent before it.
@Suite("Web chat room hub", .timeLimit(.minutes(1)))
struct WebChatRoomHubTests {
    static func message(_ id: String, _ text: String, at date: Date) -> WebChatMessage {
        WebChatMessage(id: id, author: "Anna", authorId: "anna", text: text, createdAt: date)
    }

    @Test("a public message reaches everyone in its room, and no one in another room")
    func broadcast() async throws {
        let clock = ManualWallClock()
        let hub = WebChatRoomHub(transcript: InMemoryStore(clock: clock), clock: clock)
        let server = try await LoopbackRoomServer.start(hub: hub)
        let anna = try await LoopbackRoomClient.connect(port: server.port, room: "family", user: "anna")
        let ben = try await LoopbackRoomClient.connect(port: server.port, room: "family", user: "ben")
        let neighbour = try await LoopbackRoomClient.connect(port: server.port, room: "neighbours", user: "carl")
        #expect(await hub.memberCount(room: "family") == 2)

        try await hub.publish(Self.message("hello", "Good night, everyone", at: clock.now()), room: "family")
        await anna.waitForMessage("hello")
        await ben.waitForMessage("hello")
        try await hub.publish(Self.message("next-door", "Hello from next door", at: clock.now()), room: "neighbours")
        await neighbour.waitForMessage("next-door")
        #expect(neighbour.messageIDs == ["next-door"], "the family's message never reached the other room")

        for client in [anna, ben, neighbour] { await client.close() }
        await server.stop()
    }

    @Test("a private frame reaches one connection only")
    func privateFrame() async throws {
        let clock = ManualWallClock()
        let hub = WebChatRoomHub(transcript: InMemoryStore(clock: clock), clock: clock)
        let server = try await LoopbackRoomServer.start(hub: hub)
        let anna = try await LoopbackRoomClient.connect(port: server.port, room: "family", user: "anna")
        let ben = try await LoopbackRoomClient.connect(port: server.port, room: "family", user: "ben")

        let secret = WebChatMessage(id: "secret", reply: .privateNote("🔒 only for Anna"), createdAt: clock.now())
        await hub.send(.message(secret), to: try #require(server.connection(of: "anna")), room: "family")
        try await hub.publish(Self.message("after", "Sweet dreams", at: clock.now()), room: "family")
        await anna.waitForMessage("after")
        await ben.waitForMessage("after")
        #expect(anna.messageIDs == ["secret", "after"])
        #expect(ben.messageIDs == ["after"], "sent before the public message, so it would have arrived first")
        #expect(try await hub.history(room: "family").map(\.id) == ["after"], "private messages are never stored")

        for client in [anna, ben] { await client.close() }
        await server.stop()
    }

    @Test("an edit goes to everyone with the message's first time; someone who left gets nothing more")
    func editAndLeave() async throws {
        let clock = ManualWallClock()
        let hub = WebChatRoomHub(transcript: InMemoryStore(clock: clock), clock: clock)
        let server = try await LoopbackRoomServer.start(hub: hub)
        let anna = try await LoopbackRoomClient.connect(port: server.port, room: "family", user: "anna")
        let ben = try await LoopbackRoomClient.connect(port: server.port, room: "family", user: "ben")
        let posted = clock.now()
        try await hub.publish(Self.message("story", "✍️ Writing…", at: posted), room: "family")
        await ben.waitForMessage("story")

        await ben.close()
        await server.left.wait(count: 1)
        #expect(await hub.memberCount(room: "family") == 1)

        clock.advance(by: 60)
        try await hub.publish(Self.message("story", "📖 Page 1", at: clock.now()), room: "family")
        await anna.frames.wait { $0.contains { $0.message?.text == "📖 Page 1" } }
        let edited = try #require(anna.frames.all.last?.message)
        #expect(edited.id == "story" && edited.createdAt == posted)

        await anna.close()
        await server.stop()
    }
}
