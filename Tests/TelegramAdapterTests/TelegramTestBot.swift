import Foundation
import Logging
import MagicalStories
import ServiceLifecycle
import StoryDomain
import TelegramAdapter
import TelegramSimulator

/// The real service configured as a Telegram bot against the loopback Bot API simulator.
final class TelegramTestBot: Sendable {
    let simulator: TelegramSimulator
    let app: MagicalStoriesApp
    let directory: URL
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    /// Starts the service on `directory` (a new one unless given) and waits until the bot has
    /// set its commands (it polls right after).
    static func start(simulator: TelegramSimulator, directory: URL? = nil,
                      configure: (inout AppConfig) -> Void = { _ in },
                      beforeRun: (MagicalStoriesApp) async throws -> Void = { _ in }) async throws -> TelegramTestBot {
        let directory = directory ?? FileManager.default.temporaryDirectory.appendingPathComponent("ms-telegram-\(UUID().uuidString)")
        var config = AppConfig()
        config.databasePath = directory.appendingPathComponent("stories.sqlite").path
        config.webChatEnabled = false
        config.httpPort = 0
        config.operations.metricsPort = 0
        config.maxPages = 3
        config.telegram.token = TelegramSimulator.token
        config.telegram.apiURL = simulator.apiURL
        configure(&config)
        var logger = Logger(label: "telegram-test")
        logger.logLevel = .warning
        let app = try await MagicalStoriesApp.make(config: config, logger: logger)
        try await beforeRun(app)
        let setBefore = await simulator.calls("setMyCommands").count
        let group = app.serviceGroup()
        let task = Task { try await group.run() }
        let bot = TelegramTestBot(simulator: simulator, app: app, directory: directory, group: group, task: task)
        guard await simulator.wait(until: { await $0.calls("setMyCommands").count > setBefore }) else {
            await bot.stop()
            throw StartFailed()
        }
        return bot
    }

    struct StartFailed: Error {}

    private init(simulator: TelegramSimulator, app: MagicalStoriesApp, directory: URL, group: ServiceGroup, task: Task<Void, any Error>) {
        self.simulator = simulator
        self.app = app
        self.directory = directory
        self.group = group
        self.task = task
    }

    /// Stops the service gracefully (as on SIGTERM); the simulator and the files stay.
    func stop() async {
        await group.triggerGracefulShutdown()
        _ = await task.result
    }

    func removeFiles() { try? FileManager.default.removeItem(at: directory) }
}
