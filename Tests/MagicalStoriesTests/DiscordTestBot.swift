import DiscordModels
import DiscordSimulator
import Foundation
import Logging
import MagicalStories
import Operations
import ServiceLifecycle
import StoryDomain
import Testing

/// The real service configured as a Discord bot against a loopback Discord simulator.
final class DiscordTestBot: Sendable {
    /// The family of the simulator's default server.
    static let family = FamilyRef(platform: "discord", externalID: String(describing: DiscordSimulator.defaultGuildID))

    let simulator: DiscordSimulator
    let app: MagicalStoriesApp
    let directory: URL
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    /// Starts the simulator (unless given one) and the bot; waits until the bot has identified.
    static func start(simulator given: DiscordSimulator? = nil, directory: URL? = nil, writer: (any StoryWriter)? = nil,
                      illustrator: (any Illustrator)? = nil, expectIdentify: Bool = true, logger givenLogger: Logger? = nil,
                      clock: any WallClock = SystemWallClock(),
                      configure: (inout AppConfig) -> Void = { _ in }) async throws -> DiscordTestBot {
        let simulator: DiscordSimulator
        if let given {
            simulator = given
        } else {
            simulator = DiscordSimulator(configuration: .init(heartbeatInterval: .milliseconds(250)))
            try await simulator.start()
        }
        let directory = directory ?? FileManager.default.temporaryDirectory.appendingPathComponent("ms-discord-\(UUID().uuidString)")
        var config = AppConfig()
        config.databasePath = directory.appendingPathComponent("stories.sqlite").path
        config.webChatEnabled = false
        config.httpPort = 0
        config.discordToken = simulator.configuration.token
        config.discordAPIURL = simulator.apiURL
        config.discordApplicationID = String(describing: simulator.configuration.applicationID)
        config.operations.metricsPort = 0
        // The tests see each command's deferral decided by the whole privacy check, however busy
        // the machine (a test that wants the service's budget sets it).
        config.discordAcknowledgementCheckMilliseconds = nil
        // The tests written before cards read pages as embeds; card tests turn cards on.
        config.discordSendsCards = false
        configure(&config)
        var logger = Logger(label: "discord-test")
        logger.logLevel = .warning
        if let givenLogger { logger = givenLogger }
        // On the configured store: SQLite, or PostgreSQL when the test sets `databaseURL`.
        let app = try await MagicalStoriesApp.make(config: config, logger: logger, clock: clock, writer: writer, illustrator: illustrator)
        let group = app.serviceGroup()
        // Read before the bot starts: a bot that connects quickly must not raise the target it is waited for.
        let connectionsBefore = simulator.connectionCount
        let task = Task { try await group.run() }
        let bot = DiscordTestBot(simulator: simulator, app: app, directory: directory, group: group, task: task)
        if expectIdentify {
            do {
                try await simulator.waitForConnections(count: connectionsBefore + 1, timeout: .seconds(30))
            } catch {
                // A start that failed stops what it started: left running, the bot (and a simulator
                // of its own) reconnected for the rest of a parallel run, slowing every other test.
                await bot.stopBot()
                if given == nil { await simulator.stop() }
                try? FileManager.default.removeItem(at: directory)
                throw error
            }
        }
        return bot
    }

    private init(simulator: DiscordSimulator, app: MagicalStoriesApp, directory: URL, group: ServiceGroup, task: Task<Void, any Error>) {
        self.simulator = simulator
        self.app = app
        self.directory = directory
        self.group = group
        self.task = task
    }

    /// Stops the bot gracefully (as on SIGTERM); the simulator keeps running.
    func stopBot() async {
        await group.triggerGracefulShutdown()
        _ = await task.result
    }

    /// Waits until the bot has handled `count` Discord inputs labelled `command` (`help`,
    /// `story.new`: ``ChatInput/metricLabel``), whatever their outcome, as its metrics count them:
    /// the observable end of an input's work, for "answered exactly once" checks.
    func waitForHandled(_ command: String, count: Int, timeout: Duration = .seconds(20)) async throws {
        let port = try #require(await app.operationsPort())
        try await pollUntil(timeout: timeout) {
            let metrics = try await OperationsEndpointTests.scrape(port)
            return metrics.sum(ServiceMetrics.Name.interactions, ["platform": "discord", "command": command]) >= Double(count)
        }
    }

    /// How the service group ended (for fatal-close tests).
    func result() async -> Result<Void, any Error> { await task.result }

    func stopAll() async {
        await stopBot()
        await simulator.stop()
        try? FileManager.default.removeItem(at: directory)
    }
}
