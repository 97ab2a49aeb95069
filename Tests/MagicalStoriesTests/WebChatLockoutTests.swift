import Foundation
import MagicalStories
import Operations
import Testing
import WebChat

/// Nobody can lock a family out of the web chat by holding connections: through the real
/// service on loopback, with connections from many source addresses (all of 127.0.0.0/8 is
/// loopback) and small caps so the tests stay fast. Deadlines are generous; what is waited for
/// is always an observable event.
@Suite("Web chat under connection pressure", .serialized)
struct WebChatLockoutTests {
    /// A kept-alive connection from `source`, served `GET /health` once (no session), now idle.
    static func idleGuest(_ app: TestApp, from source: String) async throws -> RawSocket {
        let socket = try RawSocket(port: app.port, from: source)
        try socket.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1:\(app.port)\r\n\r\n")
        let (status, _) = try await socket.readAnswer()
        guard status == 200 else { throw RawSocket.Failed(description: "an idle guest from \(source) was answered \(status)") }
        return socket
    }

    /// A connection from `source` that sent half a request header and waits.
    static func halfHeader(_ app: TestApp, from source: String) throws -> RawSocket {
        let socket = try RawSocket(port: app.port, from: source)
        try socket.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(app.port)\r\nX-Half: ")
        return socket
    }

    /// A member's kept-alive connection (their session cookie shown on its first request).
    static func memberConnection(_ app: TestApp, _ member: TestMember) async throws -> RawSocket {
        let socket = try RawSocket(port: app.port)
        try socket.send("GET /api/me HTTP/1.1\r\nHost: 127.0.0.1:\(app.port)\r\nCookie: \(member.cookie)\r\n\r\n")
        let (status, body) = try await socket.readAnswer()
        guard status == 200 else { throw RawSocket.Failed(description: "the member's page was answered \(status): \(body)") }
        return socket
    }

    @Test("idle and half-sent connections from 24 addresses fill every slot; a member still loads the page and chats, and stays in")
    func memberGetsIn() async throws {
        let app = try await TestApp.start { config in
            config.webChatLimits.maxConnections = 24
            config.webChatLimits.maxConnectionsPerAddress = 4
            config.webChatLimits.maxGuestConnectionsPerAddress = 2
            config.webChatLimits.reservedConnections = 4
            // Long, so only the cap is at work here (the guest timeout has its own test).
            config.webChatLimits.guestIdleTimeout = .seconds(300)
            config.webChatLimits.headerTimeout = .seconds(120)
        }
        defer { app.removeFiles() }
        let anna = try await app.join(room: "family", name: "Anna")
        // Twelve addresses, each with an idle kept-alive connection and a half-sent header: 24, every slot.
        var held: [RawSocket] = []
        for index in 0..<12 {
            held.append(try await Self.idleGuest(app, from: "127.0.0.\(10 + index)"))
            held.append(try Self.halfHeader(app, from: "127.0.0.\(10 + index)"))
        }

        let started = ContinuousClock.now
        let page = try await Self.memberConnection(app, anna)
        let chat = try await ChatTestClient.connect(url: "ws://127.0.0.1:\(app.port)/ws", member: anna)
        _ = try await chat.next("history") { $0.type == "history" }
        let took = ContinuousClock.now - started
        print("a member loaded the page and opened the chat with every slot taken in \(took)")
        #expect(took < .seconds(30))

        // More strangers keep coming from twelve more addresses: each takes a guest's slot, never Anna's.
        for index in 0..<12 {
            held.append(try await Self.idleGuest(app, from: "127.0.0.\(40 + index)"))
            held.append(try await Self.idleGuest(app, from: "127.0.0.\(40 + index)"))
        }
        try await chat.roundTrip()
        try page.send("GET /api/me HTTP/1.1\r\nHost: 127.0.0.1:\(app.port)\r\nCookie: \(anna.cookie)\r\n\r\n")
        #expect(try await page.readAnswer().status == 200, "Anna's kept-alive connection was kept")
        // A guest's third connection from one address is refused (its cap is 2), kindly.
        let third = try await RawSocket.request(port: app.port, from: "127.0.0.51", "/")
        #expect(third.status == 429 && third.body.contains("too many connections from your address"))
        await chat.close()
        held.removeAll()
        await app.stop()
    }

    @Test("when every slot is a member's, a newcomer gets a kind 503 and /health still answers")
    func fullOfMembers() async throws {
        let app = try await TestApp.start { config in
            config.webChatLimits.maxConnections = 3
            config.webChatLimits.reservedConnections = 2
        }
        defer { app.removeFiles() }
        let anna = try await app.join(room: "family", name: "Anna")
        var held: [RawSocket] = []
        for _ in 0..<3 { held.append(try await Self.memberConnection(app, anna)) }
        let full = try await RawSocket.request(port: app.port, from: "127.0.0.2", "/")
        #expect(full.status == 503 && full.body.contains("very busy"))
        #expect(try await RawSocket.request(port: app.port, from: "127.0.0.2", "/health") == (200, "ok\n"))
        withExtendedLifetime(held) {}
        await app.stop()
    }

    @Test("a guest's kept-alive connection is closed after the short guest timeout; a member's idle one is kept")
    func guestIdleTimeout() async throws {
        let app = try await TestApp.start { config in
            config.webChatLimits.guestIdleTimeout = .seconds(1)
            config.webChatLimits.idleTimeout = .seconds(120)
        }
        defer { app.removeFiles() }
        let anna = try await app.join(room: "family", name: "Anna")
        let member = try await Self.memberConnection(app, anna)
        let guest = try await Self.idleGuest(app, from: "127.0.0.2")
        let served = ContinuousClock.now
        _ = try await guest.readUntilClosed(timeout: .seconds(20))
        #expect(ContinuousClock.now - served >= .milliseconds(900), "not before the guest timeout")
        // Anna's connection has been idle longer than the guest's, and is still served.
        try member.send("GET /api/me HTTP/1.1\r\nHost: 127.0.0.1:\(app.port)\r\nCookie: \(anna.cookie)\r\n\r\n")
        #expect(try await member.readAnswer().status == 200)
        await app.stop()
    }
}
