import Foundation
import Logging
import MagicalStories
import ServiceLifecycle
import StoryDomain

/// The real service on loopback: a temporary database, port 0, the built-in providers
/// unless others are given. `stop()` shuts it down gracefully.
final class TestApp: Sendable {
    let app: MagicalStoriesApp
    let port: Int
    let directory: URL
    private let task: Task<Void, any Error>
    private let group: ServiceGroup

    static func start(directory: URL? = nil, writer: (any StoryWriter)? = nil, illustrator: (any Illustrator)? = nil,
                      maxPages: Int = 5, configure: (inout AppConfig) -> Void = { _ in }) async throws -> TestApp {
        let directory = directory ?? FileManager.default.temporaryDirectory.appendingPathComponent("ms-app-\(UUID().uuidString)")
        var config = AppConfig()
        config.httpPort = 0
        config.databasePath = directory.appendingPathComponent("stories.sqlite").path
        config.maxPages = maxPages
        config.operations.metricsPort = 0
        configure(&config)
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        let app = try MagicalStoriesApp(config: config, logger: logger, writer: writer, illustrator: illustrator)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let group = app.serviceGroup { port in continuation.yield(port) }
        let task = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw CancellationError() }
        return TestApp(app: app, port: port, directory: directory, task: task, group: group)
    }

    private init(app: MagicalStoriesApp, port: Int, directory: URL, task: Task<Void, any Error>, group: ServiceGroup) {
        self.app = app
        self.port = port
        self.directory = directory
        self.task = task
        self.group = group
    }

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
