import Foundation
import HTTPTypes
import Logging
import NIOSSL
import NIOWebSocket
import StoryDomain
import StoryTestSupport
import WSClient
import WebChat

/// A frame the web chat server sent, as a test reads it.
struct TestFrame: Decodable, Sendable {
    var type: String
    var message: WebChatMessage?
    var messages: [WebChatMessage]?
    var text: String?
    var userId: String?
    var role: String?
    var roomName: String?
    /// With `withdrawn`: the message taken back.
    var messageId: String?
    /// With `storyDeleted`: the story whose messages leave the page.
    var storyId: String?
}

/// A browser stand-in: a real WebSocket client on loopback that records every frame and lets
/// a test wait for the one it expects.
actor ChatTestClient {
    struct Timeout: Error, CustomStringConvertible {
        let what: String
        var description: String { "timed out waiting for \(what)" }
    }

    private var outbound: WebSocketOutboundWriter?
    private var frames: [TestFrame] = []
    private var cursor = 0
    private var waiters: [(id: Int, matches: @Sendable (TestFrame) -> Bool, continuation: CheckedContinuation<TestFrame, any Error>)] = []
    private var nextWaiter = 0
    private var connected: CheckedContinuation<Void, any Error>?
    private var task: Task<Void, Never>?
    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    /// The member this browser joined as (nil for a raw connection).
    nonisolated let member: TestMember?
    /// The member's user id (stories, quotas and premium use it).
    nonisolated var userID: String { member?.userID ?? "" }

    private init(member: TestMember?) { self.member = member }

    /// Joins `room` as a new member with an invite (making the room when it is missing), the
    /// way a browser does (`POST /api/join`), then connects to `/ws` with the session cookie.
    /// Unless `firstVisit`, the member counts as welcomed already (``TestApp/join(room:name:role:firstVisit:)``).
    static func join(_ app: TestApp, room: String, name: String, role: RoomRole = .grownUp,
                     firstVisit: Bool = false) async throws -> ChatTestClient {
        let member = try await app.join(room: room, name: name, role: role, firstVisit: firstVisit)
        return try await connect(url: "ws://127.0.0.1:\(app.port)/ws", member: member)
    }

    /// Connects to a WebSocket URL with `member`'s cookie (none when nil) and these extra
    /// headers; returns once the socket is open, throws when the server refuses the upgrade.
    static func connect(url: String, member: TestMember?, headers: [String: String] = [:],
                        tls: TLSConfiguration? = nil) async throws -> ChatTestClient {
        let client = ChatTestClient(member: member)
        var fields = HTTPFields()
        if let member { fields[.cookie] = member.cookie }
        for (name, value) in headers { fields[HTTPField.Name(name)!] = value }
        try await client.start(url: url, headers: fields, tls: tls)
        return client
    }

    private func start(url: String, headers: HTTPFields, tls: TLSConfiguration?) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            connected = continuation
            task = Task {
                do {
                    var configuration = WebSocketClientConfiguration()
                    configuration.maxFrameSize = 1 << 22
                    configuration.additionalHeaders = headers
                    // TLS names the server by name: an IP address cannot be sent as SNI.
                    if tls != nil { configuration.sniHostname = "localhost" }
                    let close = try await WebSocketClient.connect(url: url, configuration: configuration, tlsConfiguration: tls,
                                                                  logger: Logger(label: "test-client")) { inbound, outbound, _ in
                        await self.attach(outbound)
                        for try await message in inbound.messages(maxSize: 1 << 22) {
                            if case let .text(text) = message { await self.receive(text) }
                        }
                    }
                    self.closed(close)
                } catch {
                    self.fail(error)
                }
                self.fail(Timeout(what: "a connection that closed"))
            }
        }
    }

    private func attach(_ writer: WebSocketOutboundWriter) {
        outbound = writer
        connected?.resume()
        connected = nil
    }

    private func receive(_ text: String) {
        guard let frame = try? Self.decoder.decode(TestFrame.self, from: Data(text.utf8)) else { return }
        frames.append(frame)
        for waiter in waiters where waiter.matches(frame) {
            waiters.removeAll { $0.id == waiter.id }
            cursor = frames.count
            waiter.continuation.resume(returning: frame)
            return
        }
    }

    /// How the server closed the connection (nil until it did, or when it just dropped it).
    private(set) var closeFrame: WebSocketCloseFrame?
    private var hasClosed = false

    private func closed(_ frame: WebSocketCloseFrame?) {
        closeFrame = frame
        hasClosed = true
    }

    /// Waits until the server closes the connection, and returns its close frame.
    func waitForClose(timeout: Duration = .seconds(30)) async throws -> WebSocketCloseFrame? {
        try await eventually("the server to close the connection", timeout: timeout) { hasClosed }
        return closeFrame
    }

    private func fail(_ error: any Error) {
        connected?.resume(throwing: error)
        connected = nil
        for waiter in waiters { waiter.continuation.resume(throwing: error) }
        waiters.removeAll()
    }

    /// Sends raw text (valid JSON or not).
    func sendRaw(_ text: String) async throws {
        try await outbound?.write(.text(text))
    }

    /// A ping and its pong on this socket: frames to one connection go out in order, so what the
    /// server sent this browser before answering the ping has arrived once the pong has. An
    /// observable point to check that something did not arrive, instead of sleeping.
    func roundTrip() async throws {
        try await sendRaw(#"{"type":"ping"}"#)
        _ = try await next("pong") { $0.type == "pong" }
    }

    /// Sends one frame exactly as given (bytes that are not UTF-8, an oversized frame).
    func sendFrame(_ frame: WebSocketFrame) async throws {
        try await outbound?.write(.custom(frame))
    }

    func say(_ text: String) async throws {
        let body = String(decoding: try JSONEncoder().encode(["type": "say", "text": text]), as: UTF8.self)
        try await sendRaw(body)
    }

    func press(_ buttonID: String, on messageID: String) async throws {
        let body = String(decoding: try JSONEncoder().encode(["type": "press", "buttonId": buttonID, "messageId": messageID]), as: UTF8.self)
        try await sendRaw(body)
    }

    /// The first frame received after the last match that satisfies `matches`.
    func next(_ what: String, timeout: Duration = .seconds(60), where matches: @escaping @Sendable (TestFrame) -> Bool) async throws -> TestFrame {
        if let index = frames[cursor...].firstIndex(where: matches) {
            cursor = index + 1
            return frames[index]
        }
        let id = nextWaiter
        nextWaiter += 1
        return try await withCheckedThrowingContinuation { continuation in
            waiters.append((id, matches, continuation))
            Task {
                // The deadline of an event wait, not a guess: a frame that comes ends the wait first.
                try? await Task.sleep(for: timeout)
                self.expire(id, what: what)
            }
        }
    }

    private func expire(_ id: Int, what: String) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(throwing: Timeout(what: what))
    }

    /// Every frame received so far.
    func all() -> [TestFrame] { frames }

    func close() async {
        try? await outbound?.close(.normalClosure, reason: nil)
        task?.cancel()
    }
}
