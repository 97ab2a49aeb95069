import AsyncHTTPClient
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Logging
import MagicalStories
import Operations
import NIOCore
import NIOSSL
import StoryDomain
import StoryTestSupport
import Testing
import WebChat

/// A self-signed certificate for 127.0.0.1 and localhost, made by `openssl` for one test.
struct TestCertificate {
    let certificateFile: String
    let keyFile: String

    /// Makes a fresh key and certificate in `directory` (named `name`).
    static func make(in directory: URL, name: String) throws -> TestCertificate {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let certificate = directory.appendingPathComponent("\(name).crt").path
        let key = directory.appendingPathComponent("\(name).key").path
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        openssl.arguments = ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                             "-keyout", key, "-out", certificate, "-days", "2", "-subj", "/CN=magical-stories test \(name)",
                             "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"]
        openssl.standardOutput = FileHandle.nullDevice
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        guard openssl.terminationStatus == 0 else { throw CertificateFailed() }
        return TestCertificate(certificateFile: certificate, keyFile: key)
    }

    struct CertificateFailed: Error {}

    /// Client TLS settings that trust this certificate only.
    func trusted() throws -> TLSConfiguration {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(certificateFile))
        return tls
    }

    /// Copies this certificate and key over `other`'s files (a renewal in place).
    func install(over other: TestCertificate) throws {
        for (from, to) in [(certificateFile, other.certificateFile), (keyFile, other.keyFile)] {
            try Data(contentsOf: URL(fileURLWithPath: from)).write(to: URL(fileURLWithPath: to))
        }
    }
}

/// Runs `body` with an HTTPS client that trusts only `certificate`.
func withHTTPS<T>(trusting certificate: TestCertificate, _ body: (HTTPClient) async throws -> T) async throws -> T {
    try await withHTTPS(trusting: try certificate.trusted(), body)
}

/// Runs `body` with an HTTPS client with these TLS settings.
func withHTTPS<T>(trusting tls: TLSConfiguration, _ body: (HTTPClient) async throws -> T) async throws -> T {
    var configuration = HTTPClient.Configuration(tlsConfiguration: tls)
    configuration.connectionPool = .init(idleTimeout: .seconds(1), concurrentHTTP1ConnectionsPerHostSoftLimit: 1)
    let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    do {
        let result = try await body(client)
        try await client.shutdown()
        return result
    } catch {
        try? await client.shutdown()
        throw error
    }
}

@Suite("Web chat over built-in TLS", .serialized)
struct WebChatTLSTests {
    @Test("HTTPS and WSS end to end with a self-signed certificate: a Secure cookie, https invite links, no plain HTTP")
    func endToEnd() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-tls-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let certificate = try TestCertificate.make(in: directory.appendingPathComponent("tls"), name: "first")
        let app = try await TestApp.start(directory: directory) { config in
            config.webAccess.tlsCertificateFile = certificate.certificateFile
            config.webAccess.tlsKeyFile = certificate.keyFile
            config.webAccess.allowedOrigins.append("wss://127.0.0.1")
        }
        let base = "https://127.0.0.1:\(app.port)"
        let setupLink = try #require(app.announcements.joined().split(whereSeparator: \.isWhitespace)
            .first { $0.contains("/join#") }.map(String.init))
        #expect(setupLink.hasPrefix("https://127.0.0.1:\(app.port)/join#"), "links say https")

        let member = try await withHTTPS(trusting: certificate) { client in
            let (status, _, headers) = try await HTTPGet.send("GET", URL(string: base + "/")!, client: client)
            #expect(status == 200 && headers["content-security-policy"]?.contains("frame-ancestors 'none'") == true)
            #expect(headers["strict-transport-security"] == "max-age=31536000", "HSTS over built-in TLS")
            let body = try JSONEncoder().encode(["invite": setupLink, "name": "Anna"])
            let (joined, answer, joinHeaders) = try await HTTPGet.send("POST", URL(string: base + "/api/join")!,
                                                                       headers: ["Content-Type": "application/json"], body: body,
                                                                       client: client)
            #expect(joined == 200)
            let setCookie = try #require(joinHeaders["set-cookie"])
            #expect(setCookie.hasSuffix("; Secure") && setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Lax"))
            let me = try JSONDecoder().decode(MemberAnswer.self, from: answer)
            return TestMember(userID: me.userId, name: me.name, role: me.role, room: me.room,
                              cookie: String(setCookie.split(separator: ";")[0]), setCookie: setCookie)
        }

        let anna = try await ChatTestClient.connect(url: "wss://127.0.0.1:\(app.port)/ws", member: member, tls: try certificate.trusted())
        let welcome = try await anna.next("welcome over wss") { $0.type == "welcome" }
        #expect(welcome.userId == member.userID && welcome.role == "grown-up")
        try await anna.say("/family invite child")
        let invite = try await anna.next("invite") { $0.message?.invite != nil }
        #expect(invite.message?.invite?.url.hasPrefix("https://127.0.0.1:\(app.port)/join#") == true)
        await anna.close()

        // Plain HTTP to the TLS port gets nothing; a client that does not trust the certificate neither.
        await #expect(throws: RawHTTP.Failed.self) { try await RawHTTP.head(port: app.port, "GET /health HTTP/1.1\nHost: 127.0.0.1\n\n") }
        await #expect(throws: (any Error).self) { _ = try await HTTPGet.send("GET", URL(string: base + "/health")!, timeout: 3) }
        await app.stop()
    }

    @Test("a renewed certificate is served after a reload; a broken one is refused and the old one stays")
    func reload() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-tls-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try TestCertificate.make(in: directory.appendingPathComponent("tls"), name: "first")
        let renewed = try TestCertificate.make(in: directory.appendingPathComponent("renewal"), name: "second")
        let app = try await TestApp.start(directory: directory) { config in
            config.webAccess.tlsCertificateFile = first.certificateFile
            config.webAccess.tlsKeyFile = first.keyFile
        }
        let health = URL(string: "https://127.0.0.1:\(app.port)/health")!
        let tls = try #require(app.app.webChat.configuration.tls)
        let trustsFirst = try first.trusted()
        #expect(try await withHTTPS(trusting: trustsFirst) { try await HTTPGet.send("GET", health, client: $0).0 } == 200)

        try renewed.install(over: first)
        try tls.reload()
        #expect(try await withHTTPS(trusting: renewed) { try await HTTPGet.send("GET", health, client: $0).0 } == 200)
        await #expect(throws: (any Error).self) {
            _ = try await withHTTPS(trusting: trustsFirst) { try await HTTPGet.send("GET", health, client: $0, timeout: 3) }
        }

        try Data("not a certificate".utf8).write(to: URL(fileURLWithPath: first.certificateFile))
        #expect(throws: WebChatTLSError.self) { try tls.reload() }
        #expect(try await withHTTPS(trusting: renewed) { try await HTTPGet.send("GET", health, client: $0).0 } == 200)
        await app.stop()
    }

    @Test("unusable TLS files stop the service at start with a message naming the file")
    func badFiles() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-tls-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let certificate = try TestCertificate.make(in: directory, name: "only")
        let other = try TestCertificate.make(in: directory, name: "other")
        var config = AppConfig()
        config.databasePath = directory.appendingPathComponent("s.sqlite").path
        config.webAccess.tlsCertificateFile = certificate.certificateFile
        config.webAccess.tlsKeyFile = directory.appendingPathComponent("missing.key").path
        #expect { _ = try MagicalStoriesApp(config: config, logger: .init(label: "test")) } throws: { error in
            "\(error)".contains("missing.key")
        }
        config.webAccess.tlsKeyFile = other.keyFile
        #expect { _ = try MagicalStoriesApp(config: config, logger: .init(label: "test")) } throws: { error in
            "\(error)".contains("does not match")
        }
    }
}

@Suite("The service binary reloads its certificate on SIGHUP", .serialized)
struct TLSSignalTests {
    /// The `magical-stories` binary built beside the tests.
    static var binary: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/debug/magical-stories")
    }

    @Test("`magical-stories serve` with TLS_CERT_FILE/TLS_KEY_FILE serves the renewed certificate after SIGHUP and keeps running")
    func sighup() async throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.binary.path), "build it first: swift build --build-tests")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-hup-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try TestCertificate.make(in: directory.appendingPathComponent("tls"), name: "first")
        let renewed = try TestCertificate.make(in: directory.appendingPathComponent("renewal"), name: "second")
        let trustsFirst = try first.trusted()
        let port = try freePort()
        let service = Process()
        service.executableURL = Self.binary
        service.arguments = ["serve"]
        service.environment = ["DATABASE_PATH": directory.appendingPathComponent("s.sqlite").path, "HTTP_PORT": "\(port)",
                               "TLS_CERT_FILE": first.certificateFile, "TLS_KEY_FILE": first.keyFile, "LOG_LEVEL": "error", "METRICS_PORT": "0",
                               "PATH": "/usr/bin:/bin"]
        service.standardOutput = FileHandle.nullDevice
        service.standardError = FileHandle.nullDevice
        try service.run()
        defer { if service.isRunning { service.terminate() } }
        let health = URL(string: "https://127.0.0.1:\(port)/health")!
        try await eventually("the service serves the first certificate") {
            try await withHTTPS(trusting: trustsFirst) { try await HTTPGet.send("GET", health, client: $0, timeout: 2).0 } == 200
        }

        try renewed.install(over: first)
        kill(service.processIdentifier, SIGHUP)
        try await eventually("the renewed certificate is served") {
            try await withHTTPS(trusting: renewed) { try await HTTPGet.send("GET", health, client: $0, timeout: 2).0 } == 200
        }
        #expect(service.isRunning, "SIGHUP reloads; it does not stop the service")
        service.terminate()
        // Polled, not waited for: a blocking wait would hold one of the pool's two threads.
        while service.isRunning { try await Task.sleep(for: .milliseconds(20)) }
        #expect(service.terminationStatus == 0)
    }

    /// Retries `check` (errors count as not yet) for up to 30 seconds.
    func eventually(_ what: String, _ check: () async throws -> Bool) async throws {
        try await StoryTestSupport.eventually(what) { (try? await check()) == true }
    }

    /// A loopback port nothing listens on (the kernel's choice).
    func freePort() throws -> Int { try loopbackPortNobodyListensOn() }
}
