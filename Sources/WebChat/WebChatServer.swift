import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import StoryBot
import StoryDomain
import Textify

/// The built-in family web chat: one page, a WebSocket per browser, pictures from SQLite, and
/// doors: only members who joined with an invite (and hold its session cookie) get in.
public struct WebChatServer: Sendable {
    /// Where and how to listen.
    public struct Configuration: Sendable {
        public var host: String
        public var port: Int
        /// What one client may cost: connections, headers, frames, messages, history.
        public var limits: WebChatLimits
        /// Built-in TLS (nil: plain HTTP, e.g. behind a reverse proxy).
        public var tls: WebChatTLS?
        /// Pages that may open the WebSocket besides the chat's own (a reverse proxy's origin).
        public var allowedOrigins: [String]
        /// Reverse proxies whose `Forwarded`/`X-Forwarded-*` headers are believed.
        public var trustedProxies: AddressMatcher
        /// Host names answered besides IP literals, `localhost` and the host of ``publicURL``.
        public var allowedHosts: [String]
        /// The address families use (`https://stories.example.org`), for invite links; nil: the
        /// address the grown-up's browser used.
        public var publicURL: String?
        /// How failed joins are slowed, then refused.
        public var joinLimits: JoinAttemptLimiter.Policy
        /// How often an open chat checks that its member was not removed (from the shell).
        public var sessionRecheck: Duration

        public init(host: String = "127.0.0.1", port: Int = 8080, limits: WebChatLimits = .standard,
                    tls: WebChatTLS? = nil, allowedOrigins: [String] = [], trustedProxies: AddressMatcher = AddressMatcher(),
                    publicURL: String? = nil, joinLimits: JoinAttemptLimiter.Policy = .standard, sessionRecheck: Duration = .seconds(30),
                    allowedHosts: [String] = []) {
            self.host = host
            self.port = port
            self.limits = limits
            self.tls = tls
            self.allowedOrigins = allowedOrigins
            self.trustedProxies = trustedProxies
            self.publicURL = publicURL
            self.joinLimits = joinLimits
            self.sessionRecheck = sessionRecheck
            self.allowedHosts = allowedHosts
        }
    }

    public let configuration: Configuration
    let hub: WebChatRoomHub
    let router: CommandRouter
    let rooms: RoomAccess
    let images: @Sendable (ImageID) async throws -> StoredImage?
    let textArtist: (any PictureTextArtist)?
    let chatPictures: (@Sendable (ImageID) async throws -> StoredImage?)?
    let books: (@Sendable (StoryID, FamilyRef, BookFormat) async throws -> ChatFile?)?
    let narration: (@Sendable (StoryID, NarrationPart, FamilyRef) async throws -> SpokenAudio?)?
    let cast: (@Sendable (FamilyRef) async throws -> [CastMember])?
    let health: @Sendable () async -> Bool
    let logger: Logger
    let throttle: JoinThrottle

    /// - Parameters:
    ///   - rooms: the doors: invites, members, sessions.
    ///   - images: reads a stored picture.
    ///   - textArtist: draws a picture as text art (`/images/{id}/art`); nil: that route answers 404.
    ///   - chatPictures: reads a picture as chats are sent it (its WebP copy), for browsers that
    ///     accept WebP (`Accept: image/webp`); nil: pictures are served as stored.
    ///   - books: makes a story's picture book if the story is the family's (`/books/{id}`, `/books/{id}/epub`); nil: those routes answer 404.
    ///   - narration: a story's kept narration, when the story is the family's (`/audio/{story}/{part}`);
    ///     nil: that route answers 404.
    ///   - cast: the family's cast (`/api/cast`); nil: that route answers an empty list.
    ///   - health: true when the service can serve (the database answers).
    public init(configuration: Configuration, hub: WebChatRoomHub, router: CommandRouter, rooms: RoomAccess,
                images: @escaping @Sendable (ImageID) async throws -> StoredImage?, textArtist: (any PictureTextArtist)? = nil,
                chatPictures: (@Sendable (ImageID) async throws -> StoredImage?)? = nil,
                books: (@Sendable (StoryID, FamilyRef, BookFormat) async throws -> ChatFile?)? = nil,
                narration: (@Sendable (StoryID, NarrationPart, FamilyRef) async throws -> SpokenAudio?)? = nil,
                cast: (@Sendable (FamilyRef) async throws -> [CastMember])? = nil,
                health: @escaping @Sendable () async -> Bool = { true }, clock: any WallClock = SystemWallClock(), logger: Logger) {
        self.narration = narration
        self.cast = cast
        self.configuration = configuration
        self.hub = hub
        self.router = router
        self.rooms = rooms
        self.images = images
        self.textArtist = textArtist
        self.chatPictures = chatPictures
        self.books = books
        self.health = health
        self.logger = logger
        throttle = JoinThrottle(policy: configuration.joinLimits, clock: clock)
    }

    /// The Hummingbird application; run it as a service. `onServerRunning` reports the bound port
    /// (useful with port 0 in tests).
    public func application(onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in })
        -> some ApplicationProtocol
    {
        let limits = configuration.limits
        let ledger = ConnectionLedger(limits: limits, uncapped: configuration.trustedProxies)
        let router = Router(context: WebChatRequestContext.self)
        let hosts = HostPolicy(publicURL: configuration.publicURL, allowedHosts: configuration.allowedHosts)
        router.add(middleware: WebChatGateMiddleware(rooms: rooms, tls: configuration.tls != nil, trustedProxies: configuration.trustedProxies,
                                                     hosts: hosts, connections: ledger, logger: logger))
        addPageRoutes(to: router)
        addBookRoute(to: router)
        addCastRoute(to: router)
        WebChatDoorRoutes(rooms: rooms, throttle: throttle, origins: OriginPolicy(allowedOrigins: configuration.allowedOrigins),
                          logger: logger).add(to: router)
        addWebSocket(to: router)
        let channel = HTTP1WebSocketUpgradeChannel.Configuration(http1: .guarded(limits),
                                                                 ws: .init(maxFrameSize: limits.maxFrameBytes, validateUTF8: true))
        let webSocketResponder = router.buildResponder()
        let tls = configuration.tls
        let health = self.health
        let server = HTTPServerBuilder { responder in
            let guarded = GuardedChannel(base: HTTP1WebSocketUpgradeChannel(responder: responder, webSocketResponder: webSocketResponder,
                                                                            configuration: channel),
                                         ledger: ledger, limits: limits, closesIdleGuests: true, health: health)
            guard let tls else { return guarded }
            return ReloadableTLSChannel(base: guarded, tls: tls)
        }
        return Application(
            router: router,
            server: server,
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "magical-stories"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
            logger: logger
        )
    }

    /// `/ws`: members only, from the chat's own page (or an allowed origin), never by query.
    private func addWebSocket(to router: Router<WebChatRequestContext>) {
        let origins = OriginPolicy(allowedOrigins: configuration.allowedOrigins)
        let session = WebChatSessionFactory(hub: hub, router: self.router, rooms: rooms, logger: logger,
                                            limits: configuration.limits, recheck: configuration.sessionRecheck)
        let publicURL = configuration.publicURL
        let bindHost = configuration.host
        let logger = self.logger
        router.ws("/ws") { request, context in
            guard origins.allows(origins: request.headers[values: .origin], host: context.client.host, secure: context.client.isSecure) else {
                logger.notice("web chat: WebSocket from another site refused", metadata: ["origin": "\(request.headers[.origin] ?? "")"])
                throw HTTPError(.forbidden, message: "This chat can only be opened from its own page.")
            }
            guard context.member != nil else { throw HTTPError(.unauthorized, message: "Open the invite link a grown-up sent you.") }
            return .upgrade([:])
        } onUpgrade: { inbound, outbound, context in
            guard let member = context.requestContext.member,
                  let token = SessionCookie.token(in: context.request.headers[values: .cookie]) else { return }
            let linkBase = publicURL ?? context.requestContext.client.origin
            let identity = WebChatIdentity(member: member, linkBase: linkBase,
                                           linkWarning: InviteLinkWarning.text(linkBase: linkBase, publicURL: publicURL, bindHost: bindHost))
            let channel = context.requestContext.channel
            try await session.make(identity, member: member, session: token).run(inbound: inbound, outbound: outbound,
                                                                 forceClose: { channel.close(promise: nil) })
        }
    }

    private func addPageRoutes(to router: Router<WebChatRequestContext>) {
        let page: @Sendable (Request, WebChatRequestContext) async throws -> Response = { _, _ in
            Self.asset(WebChatPage.html, type: "text/html; charset=utf-8")
        }
        router.get("/", use: page)
        router.get("/join", use: page)
        router.get("/app.js") { _, _ in Self.asset(WebChatScript.source, type: "text/javascript; charset=utf-8") }
        router.get("/app.css") { _, _ in Self.asset(WebChatPage.css, type: "text/css; charset=utf-8") }
        router.get("/health") { [health] _, _ in
            await health() ? Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: "ok\n")))
                : Response(status: .serviceUnavailable, body: .init(byteBuffer: ByteBuffer(string: "database unavailable\n")))
        }
        router.get("/images/{id}") { [images, rooms, chatPictures] request, context in
            let raw = try context.parameters.require("id")
            guard raw.count == 64, raw.allSatisfy(\.isHexDigit) else { throw HTTPError(.notFound) }
            guard let member = context.member else { throw HTTPError(.unauthorized, message: "Pictures are for the room's members.") }
            let id = ImageID(rawValue: raw)
            // Pictures are served only to members of a room whose stories show them.
            guard try await rooms.mayShow(id, to: member) else { throw HTTPError(.notFound) }
            // WebP to browsers that say they show it (every current one), the stored picture otherwise.
            let chatForm = PictureNegotiation.acceptsWebP(request.headers[.accept]) ? chatPictures : nil
            // The stored picture's validator is its id; the chat form's (the WebP copy kept with
            // it) the id marked -webp. A browser that accepts WebP may hold the stored picture's.
            let storedTag = "\"\(raw)\"", webpTag = "\"\(raw)-webp\""
            let cache = "private, max-age=31536000, immutable"
            if let held = request.headers[.ifNoneMatch], held == storedTag || (chatForm != nil && held == webpTag) {
                return Response(status: .notModified, headers: [.eTag: held, .cacheControl: cache, .vary: "Accept"])
            }
            guard let image = try await (chatForm ?? images)(id) else { throw HTTPError(.notFound) }
            return Response(status: .ok, headers: [.contentType: image.contentType, .eTag: chatForm == nil ? storedTag : webpTag,
                                                   .cacheControl: cache, .vary: "Accept", .contentLength: String(image.data.count)],
                            body: .init(byteBuffer: ByteBuffer(bytes: image.data)))
        }
        // A story read aloud, for the members of the room whose story it is.
        router.get("/audio/{story}/{part}") { [narration] _, context in
            guard let member = context.member else { throw HTTPError(.unauthorized, message: "Stories are for the room's members.") }
            guard let narration, let story = StoryID(rawValue: try context.parameters.require("story")),
                  let part = NarrationPart(key: try context.parameters.require("part")),
                  let audio = try await narration(story, part, member.room.family)
            else { throw HTTPError(.notFound) }
            return Response(status: .ok, headers: [.contentType: SpokenAudio.contentType, .cacheControl: "private, max-age=86400",
                                                   .contentLength: String(audio.data.count)],
                            body: .init(byteBuffer: ByteBuffer(bytes: audio.data)))
        }
        // The same picture as text art, for families who chose text art (shown in a <pre>).
        router.get("/images/{id}/art") { [images, rooms, textArtist] _, context in
            let raw = try context.parameters.require("id")
            guard raw.count == 64, raw.allSatisfy(\.isHexDigit), let textArtist else { throw HTTPError(.notFound) }
            guard let member = context.member else { throw HTTPError(.unauthorized, message: "Pictures are for the room's members.") }
            let id = ImageID(rawValue: raw)
            guard try await rooms.mayShow(id, to: member), let image = try await images(id),
                  let art = textArtist.textArt(of: image, options: Self.textArtOptions, maxCodePoints: Self.textArtMaxCodePoints)
            else { throw HTTPError(.notFound) }
            return Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "private, max-age=86400"],
                            body: .init(byteBuffer: ByteBuffer(string: art.text)))
        }
    }

    /// Text art in the web chat: a line drawing in Braille dots (the picture's outlines), light ink
    /// on the dark paper its `pre.art` always has (#0b0e22). Not shade blocks: ░▒▓ at a phone's
    /// font size (2.1vw, about 8 px on a 390 px screen) run together into a grey blob where the
    /// hero and companion disappear; their outlines stay apart (docs/text-art.md compares them).
    static let textArtOptions = TextArtOptions.lineDrawing(columns: 60, palette: .braille)
    static let textArtMaxCodePoints = 4_000

    static func asset(_ text: String, type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type, .cacheControl: "no-cache"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}

/// Builds a session per connection with the server's shared parts.
struct WebChatSessionFactory: Sendable {
    let hub: WebChatRoomHub
    let router: CommandRouter
    let rooms: RoomAccess
    let logger: Logger
    let limits: WebChatLimits
    let recheck: Duration

    /// A session for the member holding `token` (checked again now and then: a member removed
    /// from the shell, in another process, is signed out within ``recheck``).
    func make(_ identity: WebChatIdentity, member: RoomMember, session token: String) -> WebChatSession {
        var logger = self.logger
        logger[metadataKey: "room"] = "\(identity.room)"
        let rooms = self.rooms
        let memberID = identity.userID
        return WebChatSession(hub: hub, router: router, identity: identity, logger: logger, limits: limits, recheck: recheck, isStillMember: {
                                  do {
                                      return try await rooms.member(session: token)?.id == memberID
                                  } catch {
                                      // A database that does not answer is no reason to sign anyone out.
                                      return true
                                  }
                              }, isFirstVisit: { [logger] in
                                  do {
                                      return try await rooms.isFirstVisit(member)
                                  } catch {
                                      // No welcome rather than one twice: the chat works without it.
                                      logger.warning("web chat: could not tell whether a member is new", metadata: ["error": "\(error)"])
                                      return false
                                  }
                              })
    }
}
