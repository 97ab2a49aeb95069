import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import StoryBot
import StoryDomain

/// The built-in family web chat: one page, a WebSocket per browser, pictures from SQLite.
public struct WebChatServer: Sendable {
    /// Where and how to listen.
    public struct Configuration: Sendable {
        public var host: String
        public var port: Int
        /// The largest frame a browser may send.
        public var maxFrameSize: Int
        /// The longest chat message, in characters.
        public var maxMessageLength: Int

        public init(host: String = "127.0.0.1", port: Int = 8080, maxFrameSize: Int = 64 * 1024, maxMessageLength: Int = 2_000) {
            self.host = host
            self.port = port
            self.maxFrameSize = maxFrameSize
            self.maxMessageLength = maxMessageLength
        }
    }

    let configuration: Configuration
    let hub: WebChatRoomHub
    let router: CommandRouter
    let images: @Sendable (ImageID) async throws -> StoredImage?
    let health: @Sendable () async -> Bool
    let logger: Logger

    /// - Parameters:
    ///   - images: reads a stored picture.
    ///   - health: true when the service can serve (the database answers).
    public init(configuration: Configuration, hub: WebChatRoomHub, router: CommandRouter,
                images: @escaping @Sendable (ImageID) async throws -> StoredImage?,
                health: @escaping @Sendable () async -> Bool = { true }, logger: Logger) {
        self.configuration = configuration
        self.hub = hub
        self.router = router
        self.images = images
        self.health = health
        self.logger = logger
    }

    /// The Hummingbird application; run it as a service. `onServerRunning` reports the bound port
    /// (useful with port 0 in tests).
    public func application(onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in })
        -> some ApplicationProtocol
    {
        let router = Router(context: BasicWebSocketRequestContext.self)
        addRoutes(to: router)
        let session = WebChatSessionFactory(hub: hub, router: self.router, logger: logger,
                                            maxMessageLength: configuration.maxMessageLength,
                                            maxFrameSize: configuration.maxFrameSize)
        router.ws("/ws") { _, _ in
            .upgrade([:])
        } onUpgrade: { inbound, outbound, context in
            let query = context.request.uri.queryParameters
            let identity = WebChatIdentity(room: query["room"].map(String.init), userID: query["user"].map(String.init),
                                           name: query["name"].map(String.init))
            try await session.make(identity).run(inbound: inbound, outbound: outbound, maxFrame: session.maxFrameSize)
        }
        return Application(
            router: router,
            server: .http1WebSocketUpgrade(
                webSocketRouter: router,
                configuration: .init(ws: .init(maxFrameSize: configuration.maxFrameSize))),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port),
                                 serverName: "magical-stories"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
            logger: logger
        )
    }

    private func addRoutes(to router: Router<BasicWebSocketRequestContext>) {
        router.get("/") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache"],
                     body: .init(byteBuffer: ByteBuffer(string: WebChatPage.html)))
        }
        router.get("/health") { [health] _, _ in
            await health() ? Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: "ok\n")))
                : Response(status: .serviceUnavailable, body: .init(byteBuffer: ByteBuffer(string: "database unavailable\n")))
        }
        router.get("/images/{id}") { [images] request, context in
            let raw = try context.parameters.require("id")
            guard raw.count == 64, raw.allSatisfy(\.isHexDigit) else { throw HTTPError(.notFound) }
            let etag = "\"\(raw)\""
            if request.headers[.ifNoneMatch] == etag {
                return Response(status: .notModified, headers: [.eTag: etag])
            }
            guard let image = try await images(ImageID(rawValue: raw)) else { throw HTTPError(.notFound) }
            return Response(status: .ok,
                            headers: [.contentType: image.contentType, .eTag: etag,
                                      .cacheControl: "public, max-age=31536000, immutable"],
                            body: .init(byteBuffer: ByteBuffer(bytes: image.data)))
        }
    }
}

/// Builds a session per connection with the server's shared parts.
struct WebChatSessionFactory: Sendable {
    let hub: WebChatRoomHub
    let router: CommandRouter
    let logger: Logger
    let maxMessageLength: Int
    let maxFrameSize: Int

    func make(_ identity: WebChatIdentity) -> WebChatSession {
        var logger = self.logger
        logger[metadataKey: "room"] = "\(identity.room)"
        return WebChatSession(hub: hub, router: router, identity: identity, logger: logger, maxMessageLength: maxMessageLength)
    }
}
