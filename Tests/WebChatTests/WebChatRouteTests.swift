import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import StoryBot
import StoryDomain
import StoryTestSupport
import Testing
@testable import WebChat

/// The web chat's plain HTTP routes (the page, its script and styles, the health check, the
/// pictures' door, the security headers) through Hummingbird's router test mode: each request
/// goes straight to the server's router, gate middleware included, with no socket and no port.
/// What needs a socket stays end to end (MagicalStoriesTests): WebSockets, TLS, host names,
/// header and idle limits, throttling by address.
@Suite("Web chat routes (router test mode)")
struct WebChatRouteTests {
    static let quiet = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    /// The web chat over in-memory stores, and the doors of its rooms.
    static func server(health: @escaping @Sendable () async -> Bool = { true }) -> (server: WebChatServer, rooms: RoomAccess) {
        let services = FamilyServices()
        let rooms = RoomAccess(directory: InMemoryRoomDirectory(), clock: services.clock)
        let router = CommandRouter(services: .init(stories: services.stories, collections: services.collections, policy: services.policy,
                                                   admins: [], familyData: services.store),
                                   logger: quiet)
        let server = WebChatServer(configuration: .init(), hub: WebChatRoomHub(transcript: services.store, clock: services.clock),
                                   router: router, rooms: rooms, images: { _ in nil }, health: health, logger: quiet)
        return (server, rooms)
    }

    /// The session cookie of a new member of a new room `family`.
    static func member(of rooms: RoomAccess) async throws -> String {
        _ = try await rooms.createRoom(named: "family")
        let invite = try await rooms.invite(to: "family", role: .grownUp, by: "test")
        let joined = try await rooms.join(invite: invite.code.rawValue, name: "Anna")
        return "\(SessionCookie.name)=\(joined.session.rawValue)"
    }

    @Test("the page, its script and styles, the health check and unknown paths answer")
    func pageAndAssets() async throws {
        let (server, rooms) = Self.server()
        let cookie = try await Self.member(of: rooms)
        try await server.application().test(.router) { client in
            let page = try await client.execute(uri: "/", method: .get)
            #expect(page.status == .ok)
            #expect(page.headers[.contentType]?.hasPrefix("text/html") == true)
            let html = String(buffer: page.body)
            #expect(html.contains(#"<script src="/app.js" defer></script>"#) && !html.contains("<script>"), "no inline script")
            let scriptAnswer = try await client.execute(uri: "/app.js", method: .get)
            let script = String(buffer: scriptAnswer.body)
            #expect(scriptAnswer.status == .ok && scriptAnswer.headers[.contentType]?.hasPrefix("text/javascript") == true)
            #expect(script.contains("new WebSocket") && script.contains("/api/join"))
            #expect(!script.contains("?room=") && !script.contains("localStorage"), "no identity in the URL or the page's storage")
            let style = try await client.execute(uri: "/app.css", method: .get)
            #expect(style.status == .ok && style.headers[.contentType]?.hasPrefix("text/css") == true)
            for text in [html, script, String(buffer: style.body)] {
                #expect(!text.contains("http://") && !text.contains("https://"), "nothing is loaded from the internet")
            }
            #expect(try await client.execute(uri: "/join", method: .get).status == .ok, "an invite link opens the same page")
            let health = try await client.execute(uri: "/health", method: .get)
            #expect(health.status == .ok && String(buffer: health.body) == "ok\n")
            #expect(try await client.execute(uri: "/nowhere", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/images/not-a-hash", method: .get).status == .notFound)
            let picture = "/images/" + String(repeating: "a", count: 64)
            #expect(try await client.execute(uri: picture, method: .get).status == .unauthorized, "pictures are for members")
            #expect(try await client.execute(uri: picture, method: .get, headers: [.cookie: cookie]).status == .notFound,
                    "a member, but no picture of their room")
        }
    }

    @Test("the health check says 503 when the database does not answer")
    func healthFollowsTheDatabase() async throws {
        try await Self.server(health: { false }).server.application().test(.router) { client in
            let health = try await client.execute(uri: "/health", method: .get)
            #expect(health.status == .serviceUnavailable && String(buffer: health.body) == "database unavailable\n")
        }
    }

    @Test("every answer carries the CSP (own script, pictures and read-aloud audio only, no framing), Referrer-Policy and nosniff")
    func securityHeaders() async throws {
        try await Self.server().server.application().test(.router) { client in
            for path in ["/", "/join", "/app.js", "/api/me", "/images/" + String(repeating: "a", count: 64), "/nowhere"] {
                let answer = try await client.execute(uri: path, method: .get)
                let policy = try #require(answer.headers[.contentSecurityPolicy], "\(path)")
                #expect(policy.contains("script-src 'self'") && policy.contains("img-src 'self'") && policy.contains("media-src 'self'")
                        && policy.contains("frame-ancestors 'none'")
                        && policy.contains("default-src 'none'") && !policy.contains("unsafe-inline"), "\(path)")
                #expect(answer.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer"
                        && answer.headers[.xContentTypeOptions] == "nosniff", "\(path)")
                #expect(answer.headers[HTTPField.Name("Strict-Transport-Security")!] == nil, "\(path): no HSTS over plain HTTP")
            }
        }
    }
}
