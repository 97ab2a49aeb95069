import ArgumentParser
import CoreMetrics
import Foundation
import ImageDecoding
import Logging
import MagicalStories
import NIOCore
import NIOPosix
import ServiceLifecycle
import StoryBot
import StoryDomain
import StoryProviders
import StoryStore
import Textify
import StoryStorePostgres

/// The `magical-stories` command line: run the service, migrate the database, make a story.
@main
struct MagicalStoriesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "magical-stories",
        abstract: "Illustrated bedtime stories for your family's chat.",
        subcommands: [Serve.self, Migrate.self, CopyToCommand.self, StoryCommand.self, PremiumCommand.self, UsageCommand.self,
                      RoomCommand.self, InviteCommand.self, BackupCommand.self, RestoreCommand.self, HealthCommand.self,
                      CheckCommand.self, TextifyCommand.self, SetupLinkCommand.self, OwnerCommand.self],
        defaultSubcommand: Serve.self)

    /// Runs Swift concurrency's tasks on SwiftNIO's event loops (the library's own switch, as
    /// Vapor's template does), before anything else starts: a task awaiting the gateway, the
    /// database or an HTTP call resumes on the loop that did the I/O instead of hopping to
    /// another thread and back (measured: docs/benchmarks.md#tasks-on-the-event-loops).
    /// Work that runs long (painting, narration, books) already has threads of its own.
    static func main() async {
        _ = NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        await main(nil)
    }
}

/// Options shared by commands that read the service configuration.
struct ConfigOptions: ParsableArguments {
    @Option(name: .long, help: "A JSON config file (default: $MAGICAL_STORIES_CONFIG, else config/magical-stories.json when present).")
    var config: String?

    /// Names the config file for commands given no `--config` (the container image sets it, so
    /// `magical-stories health` reads what `serve` reads).
    static let environmentKey = "MAGICAL_STORIES_CONFIG"

    func load() async throws -> AppConfig {
        do {
            return try await loadChecked()
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// The configuration, or the ``AppConfigError`` that says what is wrong with it.
    func loadChecked() async throws -> AppConfig {
        let file = config ?? ProcessInfo.processInfo.environment[Self.environmentKey].flatMap { $0.isEmpty ? nil : $0 }
        return try await AppConfig.load(file: file)
    }
}

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Run the service: the family web chat and the story workers.")

    @OptionGroup var options: ConfigOptions

    func run() async throws {
        let config: AppConfig
        do {
            config = try await options.loadChecked()
        } catch {
            throw Self.fail(StartupFailure.explaining(error, config: AppConfig()))
        }
        // Libraries' loggers too: the same format and level, and the secrets scrubbed.
        ServiceLogging.bootstrap(for: config)
        let logger = ServiceLogging.logger(for: config)
        // One registry for the service; libraries that record through swift-metrics land in it too.
        let metrics = ServiceMetrics()
        MetricsSystem.bootstrap(metrics.factory)
        // Before the first database is opened, as SQLite requires: damage met by any query is noticed.
        let damage = DatabaseDamageMonitor()
        damage.watchSQLiteErrorLog()
        let app: MagicalStoriesApp
        do {
            app = try await MagicalStoriesApp.make(config: config, logger: logger, metrics: metrics, damage: damage)
        } catch {
            throw Self.fail(StartupFailure.explaining(error, config: config))
        }
        logger.info("starting", metadata: ["config": "\(config)", "operations": "\(config.operations)"])
        do {
            try await app.serviceGroup().run()
        } catch {
            // A port in use, a rejected Discord token, disallowed intents: say why, exit non-zero.
            throw Self.fail(StartupFailure.explaining(error, config: config))
        }
    }

    /// Prints the one sentence that says what failed and which setting to change (alone on
    /// standard error, whatever the log format), and the exit status that ends the process.
    static func fail(_ failure: StartupFailure) -> ExitCode {
        FileHandle.standardError.write(Data((failure.description + "\n").utf8))
        return ExitCode(1)
    }
}

struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate", abstract: "Create or upgrade the database, then exit.",
        discussion: """
            On SQLite, never beside a running service: it says so, or with --wait waits for the service to stop. \
            On PostgreSQL, services and migrate take turns (an advisory lock).
            """)

    @OptionGroup var options: ConfigOptions
    @Option(help: "Seconds to wait for a running service to stop (SQLite).") var wait = 0

    func run() async throws {
        let config = try await options.load()
        do {
            let outcome = try await DatabaseMigrator.migrate(config, logger: makeLogger(level: config.logLevel),
                                                             wait: .seconds(max(0, wait))) { print($0) }
            print("Database \(outcome.location) is up to date (\(outcome.applied.count) migrations):")
            for name in outcome.applied { print("  ✓ \(name)") }
        } catch {
            print("Migration failed: \(error)")
            throw ExitCode(1)
        }
    }
}

struct StoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "story", abstract: "Make stories, or a stored story's picture book, from the command line.", subcommands: [NewStory.self, StoryBookCommand.self, ListenStory.self])
}

struct NewStory: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new", abstract: "Write and illustrate a story offline, as a static HTML book.")

    @Option(help: "What the story is about (up to 200 characters).") var theme: String
    @Option(help: "The hero's name.") var name: String?
    @Option(help: "The listener's age, 2–12.") var age: Int?
    @Option(help: "A favourite companion.") var companion: String?
    @Option(help: "Number of pages, 3–12.") var pages: Int?
    @Option(help: "Language code (the built-in writer writes English).") var language: String?
    @Option(help: "How the story refers to the hero: he, she, they, or name (the default: the name).") var pronouns: String?
    @Option(help: "Seed for a repeatable story.") var seed: UInt64?
    @Option(help: "Folder to write index.html and the pictures into.") var out: String
    @Flag(name: .customLong("text-art"), help: "Draw each picture as text art in the book instead of saving it.")
    var textArt = false

    func run() async throws {
        var limits = StoryLimits()
        limits.maxPages = limits.pages.upperBound
        let draft = StoryRequestDraft(theme: theme, heroName: name, age: age.map(String.init), companion: companion,
                                      pages: pages.map(String.init), language: language, pronouns: pronouns)
        let request: StoryRequest
        do {
            var generator = SystemRandomNumberGenerator()
            request = try StoryRequestValidator(limits: limits).validate(draft, seed: seed ?? generator.next())
        } catch {
            throw ValidationError(FriendlyErrors.text(for: error))
        }
        let exporter = StoryBookExporter(writer: OfflineStoryWriter(), illustrator: OfflineIllustrator())
        let started = ContinuousClock.now
        let (story, pictures) = try await exporter.make(request)
        let index = try exporter.export(story, pictures: pictures, to: URL(fileURLWithPath: out),
                                        textArt: textArt ? StoryBookExporter.textArtOptions : nil)
        let elapsed = ContinuousClock.now - started
        print("📖 “\(story.title)” — \(story.pages.count) pages, seed \(request.seed), made in \(elapsed.formatted(.units(allowed: [.milliseconds])))")
        print("   \(index.path)")
    }
}

/// Logs to standard error at `level`, with metadata. Tokens never reach log metadata.
func makeLogger(level: Logger.Level) -> Logger {
    var logger = Logger(label: "magical-stories") { label in StreamLogHandler.standardError(label: label) }
    logger.logLevel = level
    return logger
}
