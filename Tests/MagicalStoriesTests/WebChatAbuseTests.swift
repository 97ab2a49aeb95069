import Foundation
import GRDB
import MagicalStories
import Operations
import NIOCore
import NIOWebSocket
import StoryDomain
import StoryStore
import StoryTestSupport
import Testing
import WebChat
import WSClient

/// The web chat cannot be jammed by one client: through the real service on loopback, with
/// real sockets. Deadlines are generous (the machine is shared); what is waited for is always an
/// observable event.
@Suite("Web chat under abuse", .serialized)
struct WebChatAbuseTests {
    static let family = FamilyRef(platform: "web", externalID: "family")

    /// A member's WebSocket that completes its handshake and then never reads, with a tiny
    /// receive buffer so the server's writes to it stall soon.
    static func stuckReader(_ app: TestApp, name: String) async throws -> RawSocket {
        let member = try await app.join(room: "family", name: name)
        let socket = try RawSocket(port: app.port, receiveBuffer: 2_048)
        try socket.send([
            "GET /ws HTTP/1.1", "Host: 127.0.0.1:\(app.port)", "Connection: Upgrade", "Upgrade: websocket",
            "Sec-WebSocket-Version: 13", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Cookie: \(member.cookie)", "", "",
        ].joined(separator: "\r\n"))
        let (status, _) = try await socket.readHead()
        guard status == 101 else { throw RawSocket.Failed(description: "upgrade answered \(status)") }
        return socket
    }

    /// Waits (polling, up to `timeout`) until `condition` holds.
    static func eventually(_ what: String, timeout: Duration = .seconds(60), _ condition: () async throws -> Bool) async throws {
        try await StoryTestSupport.eventually(what, timeout: timeout, condition)
    }

    @Test("a member who never reads is dropped; the others' page turns and messages keep flowing")
    func slowReaderDropped() async throws {
        let app = try await TestApp.start { config in
            config.webChatLimits.sendQueueFrames = 64
            config.webChatLimits.writeTimeout = .seconds(2)
            config.webChatLimits.messageBurst = 10_000
            config.webChatLimits.messagesPerMinute = 60_000
            config.webChatLimits.retention.keepMessages = 100_000
        }
        defer { app.removeFiles() }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        let ben = try await ChatTestClient.join(app, room: "family", name: "Ben")
        _ = try await ben.next("history") { $0.type == "history" }
        try await anna.say(#"/story new theme:"a sleepy dragon" name:Mia age:5 pages:3"#)
        let ack = try await ben.next("acknowledgement") { $0.message?.fromBot == true && $0.message?.text?.contains("on its way") == true }
        let storyMessage = try #require(ack.message?.id)
        let page1 = try await ben.next("page 1") { $0.message?.id == storyMessage && $0.message?.page?.imageUrl != nil }
        let view = try #require(page1.message?.page)
        try await waitUntilReady(app.app.stories, id: view.storyId, family: Self.family)

        let stuck = try await Self.stuckReader(app, name: "Carl")
        try await Self.eventually("Carl in the room") { await app.app.hub.memberCount(room: "family") == 3 }

        // Anna talks a lot (2.4 KB a message), until Carl's socket, never read, takes no more.
        let line = String(repeating: "🌙 good night ", count: 150)
        var sent = 0
        while await app.app.hub.memberCount(room: "family") == 3 {
            try #require(sent < 3_000, "Carl was never dropped")
            for _ in 0..<10 {
                sent += 1
                try await anna.say("\(sent) \(line)")
            }
            // Anna and Ben, in the same room, get each batch while Carl's socket is stuck.
            for client in [anna, ben] {
                _ = try await client.next("Anna's message \(sent)", timeout: .seconds(60)) { [sent] in $0.message?.text?.hasPrefix("\(sent) ") == true }
            }
        }

        // Carl is dropped; Ben turns the page and Anna sees it.
        try await Self.eventually("Carl dropped") { await app.app.hub.memberCount(room: "family") == 2 }
        try await anna.roundTrip()
        try await ben.roundTrip()
        try await ben.press("ms:p:\(view.storyId):2", on: storyMessage)
        _ = try await anna.next("page 2", timeout: .seconds(30)) { $0.message?.id == storyMessage && $0.message?.page?.pageNumber == 2 }
        try await anna.say("still here")
        _ = try await ben.next("a message after the drop") { $0.message?.text == "still here" }

        // Carl's connection was closed by the server: reading it now ends.
        _ = try await stuck.readUntilClosed(timeout: .seconds(30))

        for client in [anna, ben] { await client.close() }
        await app.stop()
    }

    @Test("a half-sent header is answered 408 and closed within the timeout; an endless header 431")
    func headerTimeoutAndCap() async throws {
        let app = try await TestApp.start { config in
            config.webChatLimits.headerTimeout = .seconds(1)
            config.webChatLimits.maxHeaderBytes = 4_096
        }
        defer { app.removeFiles() }
        let half = try RawSocket(port: app.port)
        let started = ContinuousClock.now
        try half.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Half: ")
        let answer = String(decoding: try await half.readUntilClosed(timeout: .seconds(20)), as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 408"))
        #expect(answer.contains("took too long"))
        #expect(ContinuousClock.now - started >= .milliseconds(900), "not before the timeout")

        let endless = try RawSocket(port: app.port)
        try endless.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        // Up to the cap the bytes are taken; past it the answer is 431 and the connection closes
        // (a send after that fails, which is fine).
        for _ in 0..<8 { try? endless.send("X-Filler: " + String(repeating: "a", count: 1_000) + "\r\n") }
        let refused = String(decoding: try await endless.readUntilClosed(timeout: .seconds(20)), as: UTF8.self)
        #expect(refused.hasPrefix("HTTP/1.1 431"))

        // A whole request on time is served as before.
        let (status, body) = try await RawSocket.request(port: app.port, "/health")
        #expect(status == 200 && body == "ok\n")
        await app.stop()
    }

    @Test("the cap per address holds with a kind answer and /health still answers; at the total cap the guest idle longest makes room")
    func connectionCaps() async throws {
        let app = try await TestApp.start { config in
            config.webChatLimits.maxConnections = 5
            config.webChatLimits.maxConnectionsPerAddress = 3
            config.webChatLimits.reservedConnections = 4
        }
        defer { app.removeFiles() }
        // Three kept-alive connections from 127.0.0.1 (each served once, so each is counted): its cap.
        func keptAlive(from source: String) async throws -> RawSocket {
            let socket = try RawSocket(port: app.port, from: source)
            try socket.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n")
            let (status, head) = try await socket.readHead()
            // Served by the chat and kept open (an answer past a cap closes the connection).
            #expect(status == 200 && !head.lowercased().contains("connection: close"))
            return socket
        }
        var held: [RawSocket] = []
        for _ in 0..<3 { held.append(try await keptAlive(from: "127.0.0.1")) }
        let perAddress = try await RawSocket.request(port: app.port, "/")
        #expect(perAddress.status == 429 && perAddress.body.contains("too many connections from your address"))
        #expect(try await RawSocket.request(port: app.port, "/health") == (200, "ok\n"))
        // Another address is still served, up to the total cap (5).
        for _ in 0..<2 { held.append(try await keptAlive(from: "127.0.0.2")) }
        // At the cap a newcomer takes the slot of the guest idle longest (a member's is never
        // taken: WebChatLockoutTests), which is closed.
        #expect(try await RawSocket.request(port: app.port, from: "127.0.0.3", "/").status == 200)
        _ = try await held[0].readUntilClosed(timeout: .seconds(30))
        held.removeAll()
        await app.stop()
    }

    @Test("a message flood is slowed with a notice, and the room keeps only its retention")
    func floodSlowedAndRetained() async throws {
        let app = try await TestApp.start { config in
            config.webChatLimits.messageBurst = 5
            config.webChatLimits.messagesPerMinute = 1_200
            config.webChatLimits.retention.keepMessages = 30
        }
        defer { app.removeFiles() }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        let ben = try await ChatTestClient.join(app, room: "family", name: "Ben")
        _ = try await ben.next("history") { $0.type == "history" }
        let started = ContinuousClock.now
        for index in 1...65 { try await anna.say("flood \(index)") }
        _ = try await ben.next("the last message") { $0.message?.text == "flood 65" }
        let elapsed = ContinuousClock.now - started
        #expect(elapsed >= .milliseconds(2_500), "60 messages past the burst at 20 a second take 3 s; took \(elapsed)")
        _ = try await anna.next("slow-down notice") { $0.type == "notice" && $0.text?.contains("very fast") == true }
        #expect(await ben.all().filter { $0.message?.text?.hasPrefix("flood ") == true }.count == 65, "every message arrived")

        let stored = try await app.app.database!.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM chat_message WHERE room = 'family'") ?? 0
        }
        #expect(stored == 30)
        let late = try await ChatTestClient.join(app, room: "family", name: "Gran")
        let history = try #require(try await late.next("history") { $0.type == "history" }.messages)
        #expect(history.count == 30 && history.last?.text == "flood 65")
        for client in [anna, ben, late] { await client.close() }
        await app.stop()
    }

    @Test("messages older than the retention's days are deleted, in rooms nobody writes in too")
    func retentionByAge() async throws {
        let clock = ManualWallClock(Date())
        let app = try await TestApp.start(clock: clock) { config in config.webChatLimits.retention.keepDays = 90 }
        defer { app.removeFiles() }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        try await anna.say("an old message")
        _ = try await anna.next("echo") { $0.message?.text == "an old message" }
        clock.advance(by: 80 * 86_400)
        try await anna.say("a newer one")
        _ = try await anna.next("echo") { $0.message?.text == "a newer one" }
        clock.advance(by: 11 * 86_400)
        #expect(try await app.app.hub.applyRetention() == 1)
        let texts = try await app.app.database!.writer.read { db in
            try Data.fetchAll(db, sql: "SELECT payload FROM chat_message WHERE room = 'family'")
        }.map { String(decoding: $0, as: UTF8.self) }
        #expect(texts.count == 1 && texts[0].contains("a newer one"))
        await anna.close()
        await app.stop()
    }

    @Test("a long message, or a letter stacked with marks, gets a kind answer or is thinned")
    func messageCaps() async throws {
        let app = try await TestApp.start { config in config.webChatLimits.maxMessageBytes = 1_000 }
        defer { app.removeFiles() }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        try await anna.say(String(repeating: "🐉", count: 300)) // 300 characters, 1,200 bytes
        let notice = try await anna.next("too long") { $0.type == "notice" }
        #expect(notice.text?.contains("too long") == true && notice.text?.contains("1000 bytes") == true)
        try await anna.say("Z" + String(repeating: "\u{0301}", count: 60) + "oe")
        let thinned = try await anna.next("thinned") { $0.message?.author == "Anna" }
        #expect(thinned.message?.text?.unicodeScalars.count == 5, "Z with two marks, then oe")
        await anna.close()
        await app.stop()
    }

    @Test("a button press cannot replace another member's message, only the bot message carrying it")
    func transcriptIsTheMembers() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        let ben = try await ChatTestClient.join(app, room: "family", name: "Ben")
        try await anna.say("Good night, Ben!")
        let annas = try #require(try await ben.next("Anna's words") { $0.message?.text == "Good night, Ben!" }.message?.id)
        try await ben.say(#"/story new theme:"a sleepy dragon" name:Mia age:5 pages:3"#)
        let ack = try await ben.next("acknowledgement") { $0.message?.fromBot == true && $0.message?.text?.contains("on its way") == true }
        let storyMessage = try #require(ack.message?.id)
        let view = try #require(try await ben.next("page 1") { $0.message?.id == storyMessage && $0.message?.page != nil }.message?.page)
        try await waitUntilReady(app.app.stories, id: view.storyId, family: Self.family)

        // Ben presses "page 2" naming Anna's message: the page comes as a new message.
        try await ben.press("ms:p:\(view.storyId):2", on: annas)
        let turned = try await anna.next("page 2") { $0.message?.page?.pageNumber == 2 }
        #expect(turned.message?.id != annas)
        let stored = try await app.app.database!.writer.read { db in
            try Data.fetchOne(db, sql: "SELECT payload FROM chat_message WHERE id = ?", arguments: [annas])
        }
        #expect(stored.map { String(decoding: $0, as: UTF8.self) }?.contains("Good night, Ben!") == true, "Anna's words stay hers")

        // On the story's own message, the same press turns the page in place.
        try await ben.press("ms:p:\(view.storyId):2", on: storyMessage)
        _ = try await anna.next("page 2 in place") { $0.message?.id == storyMessage && $0.message?.page?.pageNumber == 2 }
        for client in [anna, ben] { await client.close() }
        await app.stop()
    }

    @Test("a text frame that is not UTF-8 closes with 1007; a frame over the cap with 1009")
    func badFrames() async throws {
        let app = try await TestApp.start { config in config.webChatLimits.maxFrameBytes = 4_096 }
        defer { app.removeFiles() }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        _ = try await anna.next("history") { $0.type == "history" }
        try await anna.sendFrame(WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(bytes: [0x7B, 0xC3, 0x28, 0xFF, 0x7D])))
        #expect(try await anna.waitForClose()?.closeCode == .dataInconsistentWithMessage)

        let ben = try await ChatTestClient.join(app, room: "family", name: "Ben")
        _ = try await ben.next("history") { $0.type == "history" }
        try await ben.sendRaw(#"{"type":"say","text":""# + String(repeating: "a", count: 5_000) + #""}"#)
        #expect(try await ben.waitForClose()?.closeCode == .messageTooLarge)
        await app.stop()
    }

    @Test("a room or member name with nothing left once cleaned is refused with a notice; any script is kept")
    func names() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        let code = try await app.inviteCode(room: "家族", role: .grownUp)
        let (refused, body, _) = try await app.postJoin(invite: code, name: "!!!")
        #expect(refused == 400 && String(decoding: body, as: UTF8.self).contains("error"))
        let (joined, answer, _) = try await app.postJoin(invite: code, name: "émilie")
        let member = try JSONDecoder().decode(MemberAnswer.self, from: answer)
        #expect(joined == 200 && member.name == "émilie" && member.roomName == "家族")

        let console = RoomConsole(config: app.app.config, database: app.app.database!)
        let before = try await app.app.rooms.rooms().count
        await #expect(throws: AdminConsole.Refusal.self) { _ = try await console.create("!!!") }
        #expect(try await app.app.rooms.rooms().count == before, "no room was made or renamed")
        await app.stop()
    }
}

/// The web chat's limits are settings: the environment over the file over the defaults.
@Suite("Web chat limit settings")
struct WebChatLimitSettingsTests {
    @Test("every limit has a default and a setting; the environment overrides the file")
    func settings() async throws {
        #expect(try await AppConfig.load(file: nil, environment: [:]).webChatLimits == WebChatLimits.standard)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ms-limits-\(UUID().uuidString).json").path
        try Data(#"{"webChat": {"maxConnections": 300, "keepDays": 30, "messagesPerMinute": 60}}"#.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let limits = try await AppConfig.load(file: path, environment: [
            "WEB_CHAT_MAX_CONNECTIONS_PER_ADDRESS": "16", "WEB_CHAT_KEEP_MESSAGES": "500", "WEB_CHAT_WRITE_TIMEOUT_SECONDS": "3",
            "WEB_CHAT_MESSAGES_PER_MINUTE": "90", "WEB_CHAT_MAX_FRAME_BYTES": "8192", "WEB_CHAT_HEADER_TIMEOUT_SECONDS": "",
            "WEB_CHAT_MAX_GUEST_CONNECTIONS_PER_ADDRESS": "4", "WEB_CHAT_GUEST_IDLE_TIMEOUT_SECONDS": "5",
        ]).webChatLimits
        #expect(limits.maxGuestConnectionsPerAddress == 4 && limits.guestIdleTimeout == .seconds(5))
        #expect(limits.maxConnections == 300 && limits.maxConnectionsPerAddress == 16)
        #expect(limits.retention == TranscriptRetention(keepMessages: 500, keepDays: 30))
        #expect(limits.writeTimeout == .seconds(3) && limits.messagesPerMinute == 90 && limits.maxFrameBytes == 8_192)
        #expect(limits.headerTimeout == .seconds(10), "blank is absent")
    }

    @Test("a limit out of range or not a number is refused by name", arguments: [
        "WEB_CHAT_MAX_CONNECTIONS", "WEB_CHAT_KEEP_DAYS", "WEB_CHAT_SEND_QUEUE_FRAMES", "WEB_CHAT_MESSAGE_BURST",
    ])
    func invalid(name: String) async throws {
        for value in ["0", "many"] {
            await #expect { _ = try await AppConfig.load(file: nil, environment: [name: value]) } throws: { error in
                "\(error)".contains(name)
            }
        }
    }
}
