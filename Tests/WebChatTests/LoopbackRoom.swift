import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import ServiceLifecycle
import StoryTestSupport
import WSClient
import WSCore
@testable import WebChat

/// A loopback WebSocket server whose connections join a hub's room (`/ws?room=…&user=…`) the
/// way the web chat's sessions do, and greet the connection through the hub once joined. It
/// records who joined and left, so a test can wait for it.
final class LoopbackRoomServer: Sendable {
    struct Member: Sendable, Equatable {
        var user: String
        var connection: UUID
    }

    let hub: WebChatRoomHub
    let port: Int
    let joined: Recorder<Member>
    let left: Recorder<Member>
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    static let quiet = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    static func start(hub: WebChatRoomHub) async throws -> LoopbackRoomServer {
        let joined = Recorder<Member>()
        let left = Recorder<Member>()
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.ws("/ws") { _, _ in
            .upgrade([:])
        } onUpgrade: { inbound, outbound, context in
            let query = context.request.uri.queryParameters
            let room = query["room"].map(String.init) ?? "family"
            var member = Member(user: query["user"].map(String.init) ?? "guest", connection: UUID())
            try await WebChatConnection.serve(hub: hub, room: room, userID: member.user, outbound: outbound, limits: .standard,
                                              forceClose: {}) { connection in
                member.connection = connection.id
                joined.append(member)
                await hub.send(WebChatServerFrame(type: .welcome, room: room, userId: member.user), to: connection.id, room: room)
                for try await _ in inbound.messages(maxSize: 1 << 16) {}
            }
            left.append(member)
        }
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        let app = Application(router: router, server: .http1WebSocketUpgrade(webSocketRouter: router),
                              configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                              onServerRunning: { channel in portSink.yield(channel.localAddress?.port ?? 0) },
                              logger: quiet)
        let group = ServiceGroup(configuration: .init(services: [app], logger: quiet))
        let task = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw CancellationError() }
        return LoopbackRoomServer(hub: hub, port: port, joined: joined, left: left, group: group, task: task)
    }

    private init(hub: WebChatRoomHub, port: Int, joined: Recorder<Member>, left: Recorder<Member>, group: ServiceGroup,
                 task: Task<Void, any Error>) {
        self.hub = hub
        self.port = port
        self.joined = joined
        self.left = left
        self.group = group
        self.task = task
    }

    /// The connection the hub knows a user's socket by.
    func connection(of user: String) -> UUID? {
        joined.all.first { $0.user == user }?.connection
    }

    func stop() async {
        await group.triggerGracefulShutdown()
        _ = await task.result
    }
}

/// A browser stand-in: records every frame the server sends.
final class LoopbackRoomClient: Sendable {
    struct Frame: Decodable, Sendable {
        var type: String
        var message: WebChatMessage?
        /// With `withdrawn`: the message taken back.
        var messageId: String?
        /// With `storyDeleted`: the story taken off the screens.
        var storyId: String?
    }

    let frames: Recorder<Frame>
    private let task: Task<Void, any Error>

    /// Connects and returns once the hub has greeted the connection (it is in the room).
    static func connect(port: Int, room: String, user: String) async throws -> LoopbackRoomClient {
        let client = LoopbackRoomClient(url: "ws://127.0.0.1:\(port)/ws?room=\(room)&user=\(user)")
        let welcome = await client.frames.wait(count: 1)
        guard welcome.first?.type == "welcome" else { throw CancellationError() }
        return client
    }

    private init(url: String) {
        let frames = Recorder<Frame>()
        self.frames = frames
        task = Task {
            try await WebSocketClient.connect(url: url, logger: LoopbackRoomServer.quiet) { inbound, _, _ in
                for try await message in inbound.messages(maxSize: 1 << 20) {
                    guard case let .text(text) = message,
                          let frame = try? WebChatJSON.decoder.decode(Frame.self, from: Data(text.utf8)) else { continue }
                    frames.append(frame)
                }
            }
        }
    }

    /// The ids of the messages received, in order.
    var messageIDs: [String] { frames.all.compactMap { $0.message?.id } }

    /// Waits until the message with this id has arrived.
    func waitForMessage(_ id: String) async {
        await frames.wait { $0.contains { $0.message?.id == id } }
    }

    func close() async {
        task.cancel()
        _ = await task.result
    }
}
