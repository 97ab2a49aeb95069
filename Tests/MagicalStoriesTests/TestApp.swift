import Foundation
import Logging
import MagicalStories
import Operations
import ServiceLifecycle
import StoryDomain
import Synchronization

/// The real service on loopback: a temporary database, port 0, the built-in providers
/// unless others are given. `stop()` shuts it down gracefully.
final class TestApp: Sendable {
    let app: MagicalStoriesApp
    let port: Int
    let directory: URL
    private let task: Task<Void, any Error>
    private let group: ServiceGroup
    private let announced: AnnouncementLog

    /// What the service printed for the admin (the fresh install's setup link).
    var announcements: [String] { announced.lines.withLock { $0 } }

    static func start(directory: URL? = nil, writer: (any StoryWriter)? = nil, illustrator: (any Illustrator)? = nil,
                      maxPages: Int = 5, clock: any WallClock = SystemWallClock(), logger given: Logger? = nil,
                      setupLink: SetupLinkOutput? = nil,
                      configure: (inout AppConfig) -> Void = { _ in }) async throws -> TestApp {
        let directory = directory ?? FileManager.default.temporaryDirectory.appendingPathComponent("ms-app-\(UUID().uuidString)")
        var config = AppConfig()
        config.httpPort = 0
        config.databasePath = directory.appendingPathComponent("stories.sqlite").path
        config.maxPages = maxPages
        config.operations.metricsPort = 0
        // The test WebSocket client (WSClient) sends `Origin: ws://127.0.0.1`, naming no port; a
        // browser names the page's own origin. Allowed here as a reverse proxy's origin would be.
        config.webAccess.allowedOrigins = [Self.testClientOrigin]
        configure(&config)
        var logger = given ?? Logger(label: "test")
        if given == nil { logger.logLevel = .warning }
        let app = try await MagicalStoriesApp.make(config: config, logger: logger, clock: clock, writer: writer, illustrator: illustrator)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let announced = AnnouncementLog()
        let group = app.serviceGroup(onWebChatRunning: { port in continuation.yield(port) },
                                     setupLink: setupLink ?? .terminal { text in announced.lines.withLock { $0.append(text) } })
        let task = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw CancellationError() }
        return TestApp(app: app, port: port, directory: directory, task: task, group: group, announced: announced)
    }

    private init(app: MagicalStoriesApp, port: Int, directory: URL, task: Task<Void, any Error>, group: ServiceGroup,
                 announced: AnnouncementLog) {
        self.app = app
        self.port = port
        self.directory = directory
        self.task = task
        self.group = group
        self.announced = announced
    }

    /// The `Origin` WSClient sends for `ws://127.0.0.1:PORT`.
    static let testClientOrigin = "ws://127.0.0.1"

    /// Shuts down gracefully, as on SIGTERM.
    func stop() async {
        await group.triggerGracefulShutdown()
        _ = await task.result
    }

    func removeFiles() { try? FileManager.default.removeItem(at: directory) }

    /// GETs a path from the app's HTTP server.
    func get(_ path: String) async throws -> (Int, Data, [String: String]) {
        try await HTTPGet.fetch(URL(string: "http://127.0.0.1:\(port)\(path)")!)
    }
}

/// What a test app printed for the admin.
final class AnnouncementLog: Sendable {
    let lines = Mutex<[String]>([])
}
