import Foundation
import MagicalStories
import Operations
import Testing
import WebChat

/// The web chat answers only the names it may be reached by (against DNS rebinding), through
/// the real service on loopback: the `Host` header is what a browser sends for the name it used.
@Suite("Web chat host names", .serialized)
struct WebChatHostTests {
    /// `GET path` with this `Host` (and cookie) on a fresh connection: status and the whole answer.
    static func get(_ app: TestApp, host: String, _ path: String = "/", cookie: String? = nil) async throws -> (status: Int, text: String) {
        let socket = try RawSocket(port: app.port)
        var request = "GET \(path) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n"
        if let cookie { request += "Cookie: \(cookie)\r\n" }
        try socket.send(request + "\r\n")
        let text = String(decoding: try await socket.readUntilClosed(), as: UTF8.self)
        let status = text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return (status, text)
    }

    @Test("another name gets a page naming HTTP_ALLOWED_HOSTS, with a member's cookie too; IP literals, localhost and configured names are served")
    func rebinding() async throws {
        let app = try await TestApp.start { config in
            config.webAccess.publicURL = "https://stories.example.org"
            config.webAccess.allowedHosts = ["stories.home"]
        }
        defer { app.removeFiles() }
        let anna = try await app.join(room: "family", name: "Anna")
        let port = app.port

        // The DNS-rebinding shape: a page at another name, pointed at this service.
        let rebound = try await Self.get(app, host: "rebind.attacker.example:\(port)", "/api/me", cookie: anna.cookie)
        #expect(rebound.status == 421)
        #expect(rebound.text.contains("HTTP_ALLOWED_HOSTS") && !rebound.text.contains(anna.userID))
        #expect(rebound.text.lowercased().contains("content-security-policy:"), "security headers on the refusal too")
        #expect(!rebound.text.lowercased().contains("strict-transport-security"), "no HSTS over plain HTTP")
        #expect(try await Self.get(app, host: "rebind.attacker.example:\(port)").status == 421)
        let upgrade = try await RawHTTP.head(port: port, """
            GET /ws HTTP/1.1
            Host: rebind.attacker.example:\(port)
            Connection: Upgrade
            Upgrade: websocket
            Sec-WebSocket-Version: 13
            Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==
            Cookie: \(anna.cookie)


            """)
        #expect(upgrade.status != 101, "no WebSocket by another name (the upgrade is refused before any route)")
        // Probes may use any name (a container's service name): /health tells nothing.
        #expect(try await Self.get(app, host: "magical-stories:\(port)", "/health").status == 200)

        for host in ["127.0.0.1:\(port)", "[::1]:\(port)", "localhost:\(port)", "stories.example.org", "Stories.Home.:\(port)"] {
            let answer = try await Self.get(app, host: host, "/api/me", cookie: anna.cookie)
            #expect(answer.status == 200 && answer.text.contains(anna.userID), "\(host)")
        }
        await app.stop()
    }

    @Test("the machine's own name, which the shell's invite links use when the chat listens on every interface, is answered")
    func machineName() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        var everywhere = AppConfig()
        everywhere.httpHost = "0.0.0.0"
        let link = try #require(URLComponents(string: MagicalStoriesApp.linkBase(everywhere, port: app.port)))
        let host = try #require(link.host)
        #expect(try await Self.get(app, host: "\(host):\(app.port)").status == 200, "\(host)")
        #expect(try await Self.get(app, host: "stories.home:\(app.port)").status == 421, "no other name")
        await app.stop()
    }
}

/// `HTTP_ALLOWED_HOSTS` / `http.allowedHosts`: host names, comma-separated.
@Suite("Web chat host name settings")
struct WebChatHostSettingsTests {
    @Test("host names are read from the environment or the file, lower-cased; anything else is refused by name")
    func settings() async throws {
        let fromEnvironment = try await AppConfig.load(file: nil, environment: ["HTTP_ALLOWED_HOSTS": "Stories.Home, nas.local ,"])
        #expect(fromEnvironment.webAccess.allowedHosts == ["stories.home", "nas.local"])
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ms-hosts-\(UUID().uuidString).json").path
        try Data(#"{"http": {"allowedHosts": "family.example.org"}}"#.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try await AppConfig.load(file: path, environment: [:]).webAccess.allowedHosts == ["family.example.org"])
        #expect(try await AppConfig.load(file: nil, environment: [:]).webAccess.allowedHosts.isEmpty)
        for bad in ["https://stories.home", "stories.home:8080", "*.home", "stories home"] {
            await #expect { _ = try await AppConfig.load(file: nil, environment: ["HTTP_ALLOWED_HOSTS": bad]) } throws: { error in
                "\(error)".contains("HTTP_ALLOWED_HOSTS")
            }
        }
    }
}
