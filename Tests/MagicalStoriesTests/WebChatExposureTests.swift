import Foundation
import Logging
import MagicalStories
import Operations
import ServiceLifecycle
import Synchronization
import Testing

/// Records log lines (level and message) for a test.
final class LogLines: Sendable {
    let lines = Mutex<[(Logger.Level, String)]>([])

    func logger() -> Logger {
        var logger = Logger(label: "test") { _ in Handler(sink: self) }
        logger.logLevel = .notice
        return logger
    }

    struct Handler: LogHandler {
        let sink: LogLines
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .notice
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            sink.lines.withLock { $0.append((event.level, "\(event.message)")) }
        }
    }
}

@Suite("Listening beyond this machine", .serialized)
struct WebChatExposureTests {
    /// Starts the service with `configure`, returns what it logged by the time the web chat listened.
    func logged(_ configure: (inout AppConfig) -> Void) async throws -> [(Logger.Level, String)] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-exposed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var config = AppConfig()
        config.httpPort = 0
        config.databasePath = directory.appendingPathComponent("s.sqlite").path
        configure(&config)
        let log = LogLines()
        let app = try MagicalStoriesApp(config: config, logger: log.logger())
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let group = app.serviceGroup(onWebChatRunning: { continuation.yield($0) }, announce: { _ in })
        let task = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        _ = await iterator.next()
        await group.triggerGracefulShutdown()
        _ = await task.result
        return log.lines.withLock { $0 }
    }

    @Test("HTTP_HOST=0.0.0.0 without TLS warns that sessions travel in clear text, naming the README's recipe")
    func warning() async throws {
        let exposed = try await logged { $0.httpHost = "0.0.0.0" }
        let warning = try #require(exposed.first { $0.0 == .warning && $0.1.contains("clear text") })
        #expect(warning.1.contains("TLS_CERT_FILE") && warning.1.contains("README"))
        let loopback = try await logged { $0.httpHost = "127.0.0.1" }
        #expect(!loopback.contains { $0.1.contains("clear text") })
        let proxied = try await logged { $0.httpHost = "0.0.0.0"; $0.webAccess.trustedProxies = ["10.0.0.2"] }
        #expect(!proxied.contains { $0.0 == .warning && $0.1.contains("clear text") })
        #expect(proxied.contains { $0.1.contains("HTTPS at its reverse proxy") })
    }
}
