import Foundation
import StoryBot
import StoryDomain
import StoryTestSupport
import Testing
@testable import WebChat

/// The hub over real sockets on loopback. That something did not arrive is shown by ordering,
/// never by waiting: a later message on the same socket arrives after anything sent before it.
@Suite("Web chat room hub", .timeLimit(.minutes(5)))
struct WebChatRoomHubTests {
    static func message(_ id: String, _ text: String, at date: Date) -> WebChatMessage {
        WebChatMessage(id: id, author: "Anna", authorId: "anna", text: text, createdAt: date)
    }

    /// A hub over an in-memory transcript, served on loopback.
    struct Room {
        let clock: ManualWallClock
        let store: InMemoryStore
        let hub: WebChatRoomHub
        let server: LoopbackRoomServer

        static func start() async throws -> Room {
            let clock = ManualWallClock()
            let store = InMemoryStore(clock: clock)
            let hub = WebChatRoomHub(transcript: store, clock: clock)
            return Room(clock: clock, store: store, hub: hub, server: try await LoopbackRoomServer.start(hub: hub))
        }

        func connect(_ user: String, room: String = "family") async throws -> LoopbackRoomClient {
            try await LoopbackRoomClient.connect(port: server.port, room: room, user: user)
        }
    }

    @Test("a public message reaches everyone in its room, and no one in another room")
    func broadcast() async throws {
        let room = try await Room.start()
        let anna = try await room.connect("anna")
        let ben = try await room.connect("ben")
        let neighbour = try await room.connect("carl", room: "neighbours")
        #expect(await room.hub.memberCount(room: "family") == 2)

        try await room.hub.publish(Self.message("hello", "Good night, everyone", at: room.clock.now()), room: "family")
        await anna.waitForMessage("hello")
        await ben.waitForMessage("hello")
        try await room.hub.publish(Self.message("next-door", "Hello from next door", at: room.clock.now()), room: "neighbours")
        await neighbour.waitForMessage("next-door")
        #expect(neighbour.messageIDs == ["next-door"], "the family's message never reached the other room")

        for client in [anna, ben, neighbour] { await client.close() }
        await room.server.stop()
    }

    @Test("a private frame reaches one connection only")
    func privateFrame() async throws {
        let room = try await Room.start()
        let anna = try await room.connect("anna")
        let ben = try await room.connect("ben")

        let secret = WebChatMessage(id: "secret", reply: .privateNote("🔒 only for Anna"), createdAt: room.clock.now())
        await room.hub.send(.message(secret), to: try #require(room.server.connection(of: "anna")), room: "family")
        try await room.hub.publish(Self.message("after", "Sweet dreams", at: room.clock.now()), room: "family")
        await anna.waitForMessage("after")
        await ben.waitForMessage("after")
        #expect(anna.messageIDs == ["secret", "after"])
        #expect(ben.messageIDs == ["after"], "sent before the public message, so it would have arrived first")
        #expect(try await room.hub.history(room: "family").map(\.id) == ["after"], "private messages are never stored")

        for client in [anna, ben] { await client.close() }
        await room.server.stop()
    }

    @Test("an edit goes to everyone with the message's first time; someone who left gets nothing more")
    func editAndLeave() async throws {
        let room = try await Room.start()
        let anna = try await room.connect("anna")
        let ben = try await room.connect("ben")
        let posted = room.clock.now()
        try await room.hub.publish(Self.message("story", "✍️ Writing…", at: posted), room: "family")
        await ben.waitForMessage("story")

        await ben.close()
        await room.server.left.wait(count: 1)
        #expect(await room.hub.memberCount(room: "family") == 1)

        room.clock.advance(by: 60)
        try await room.hub.publish(Self.message("story", "📖 Page 1", at: room.clock.now()), room: "family")
        await anna.frames.wait { $0.contains { $0.message?.text == "📖 Page 1" } }
        let edited = try #require(anna.frames.all.last?.message)
        #expect(edited.id == "story" && edited.createdAt == posted)

        await anna.close()
        await room.server.stop()
    }

    @Test("a withdrawn message leaves the transcript and every browser in the room; a private one too; another room hears nothing")
    func withdraw() async throws {
        let room = try await Room.start()
        let anna = try await room.connect("anna")
        let ben = try await room.connect("ben")
        let neighbour = try await room.connect("carl", room: "neighbours")

        try await room.hub.publish(WebChatMessage(id: "on-its-way", reply: ChatReply(text: "✨ Your story is on its way!", isPrivate: false), createdAt: room.clock.now()),
                              room: "family")
        await ben.waitForMessage("on-its-way")
        try await room.hub.withdraw(messageID: "on-its-way", room: "family")
        try await room.hub.publish(Self.message("after", "Sweet dreams", at: room.clock.now()), room: "family")
        for client in [anna, ben] {
            await client.waitForMessage("after")
            #expect(client.frames.all.map(\.type).suffix(3) == ["message", "withdrawn", "message"])
            #expect(client.frames.all.contains { $0.type == "withdrawn" && $0.messageId == "on-its-way" })
        }
        #expect(try await room.hub.history(room: "family").map(\.id) == ["after"], "gone from the transcript")
        #expect(try await room.store.entry(id: "on-its-way") == nil)

        try await room.hub.publish(Self.message("next-door", "Hello from next door", at: room.clock.now()), room: "neighbours")
        await neighbour.waitForMessage("next-door")
        #expect(!neighbour.frames.all.contains { $0.type == "withdrawn" }, "the other room never heard of it")

        // Withdrawing what was never stored (a private answer) still takes it off the browser.
        try await room.hub.withdraw(messageID: "never-stored", room: "family")
        await anna.frames.wait { $0.contains { $0.messageId == "never-stored" } }
        for client in [anna, ben, neighbour] { await client.close() }
        await room.server.stop()
    }

    @Test("a message another process stored is relayed to the room here; one it deleted is withdrawn; a room nobody is in is not read")
    func relay() async throws {
        let room = try await Room.start()
        let anna = try await room.connect("anna")

        // Stored by another process: in the transcript, not yet on this process's sockets.
        let payload = try WebChatJSON.encoder.encode(Self.message("elsewhere", "Hello from the other process", at: room.clock.now()))
        try await room.store.upsert(TranscriptEntry(id: "elsewhere", room: "family", payload: payload, createdAt: room.clock.now(),
                                               updatedAt: room.clock.now()))
        try await room.hub.relay(messageID: "elsewhere", room: "family")
        await anna.waitForMessage("elsewhere")

        try await room.store.delete(id: "elsewhere")
        try await room.hub.relay(messageID: "elsewhere", room: "family")
        await anna.frames.wait { $0.contains { $0.type == "withdrawn" && $0.messageId == "elsewhere" } }

        // A room with nobody here is not read at all: the failure scripted for the next read is
        // still there afterwards.
        await room.store.failNext("entry(id:)")
        try await room.hub.relay(messageID: "elsewhere", room: "nobody-here")
        await #expect(throws: TestDoubleError.self, "the relay did not read the store") { _ = try await room.store.entry(id: "elsewhere") }
        await anna.close()
        await room.server.stop()
    }

    @Test("a responder takes back its public answer (\"on its way\" refused after all); the refusal that follows reaches the asker only")
    func responderWithdraws() async throws {
        let room = try await Room.start()
        let anna = try await room.connect("anna")
        let ben = try await room.connect("ben")
        let responder = WebChatResponder(hub: room.hub, room: "family", connection: try #require(room.server.connection(of: "anna")), userID: "anna",
                                         pressedMessageID: nil, pressedMessageIsPublic: false, linkBase: nil)

        try await responder.reply(ChatReply(text: "✨ Your story is on its way!", isPrivate: false))
        await ben.waitForMessage(responder.replyMessageID)
        await responder.withdrawReply()
        try await responder.reply(.privateNote("🌙 That's all the stories for today."))
        try await room.hub.publish(Self.message("after", "Sweet dreams", at: room.clock.now()), room: "family")
        await anna.waitForMessage("after")
        await ben.waitForMessage("after")
        #expect(ben.frames.all.contains { $0.type == "withdrawn" && $0.messageId == responder.replyMessageID })
        #expect(!ben.frames.all.contains { $0.message?.isPrivate == true }, "the refusal is Anna's alone")
        #expect(anna.frames.all.contains { $0.message?.isPrivate == true && $0.message?.text?.contains("all the stories") == true })
        #expect(try await room.hub.history(room: "family").map(\.id) == ["after"], "no promise is left in the room")
        for client in [anna, ben] { await client.close() }
        await room.server.stop()
    }
}

/// The bubble only the room's grown-ups see (a story held for a yes).
@Suite("Web chat room hub: a bubble for some members only", .timeLimit(.minutes(5)))
struct WebChatHeldMessageTests {
    @Test("held for the grown-ups: every grown-up connection gets it, a child's never; a grown-up who connects later gets it; the answer replaces it")
    func heldForGrownUps() async throws {
        let room = try await WebChatRoomHubTests.Room.start()
        let mum = try await room.connect("mum")
        let mia = try await room.connect("mia")
        let bubble = WebChatMessage(id: "approval-1", reply: .privateNote("👀 Mia asked for a story"), createdAt: room.clock.now())
        await room.hub.hold(bubble, for: ["mum", "dad"], room: "family")
        try await room.hub.publish(WebChatRoomHubTests.message("after", "Good night", at: room.clock.now()), room: "family")
        await mum.waitForMessage("after")
        await mia.waitForMessage("after")
        #expect(mum.messageIDs == ["approval-1", "after"])
        #expect(mia.messageIDs == ["after"], "the child never gets it")

        let dad = try await room.connect("dad")
        await room.hub.sendHeld(to: try #require(room.server.connection(of: "dad")), userID: "dad", room: "family")
        await dad.waitForMessage("approval-1")
        await room.hub.sendHeld(to: try #require(room.server.connection(of: "mia")), userID: "mia", room: "family")

        let answer = WebChatMessage(id: "approval-1", reply: .privateNote("✅ Shared"), createdAt: room.clock.now())
        await room.hub.release(messageID: "approval-1", room: "family", with: answer)
        await mum.frames.wait { $0.contains { $0.message?.text == "✅ Shared" } }
        await dad.frames.wait { $0.contains { $0.message?.text == "✅ Shared" } }
        try await room.hub.publish(WebChatRoomHubTests.message("last", "Sleep well", at: room.clock.now()), room: "family")
        await mia.waitForMessage("last")
        #expect(mia.messageIDs == ["after", "last"], "nor the answer")
        #expect(await room.hub.heldFor(messageID: "approval-1", room: "family") == nil)
        #expect(try await room.hub.history(room: "family").map(\.id) == ["after", "last"], "never in the transcript")

        for client in [mum, mia, dad] { await client.close() }
        await room.server.stop()
    }
}
