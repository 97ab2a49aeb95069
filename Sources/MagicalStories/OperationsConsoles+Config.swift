import AsyncHTTPClient
import DiscordAdapter
import Logging
import NIOCore
import Operations
import StoryBot
import StoryDomain
import StoryProviders
import StoryStore
import StoryStorePostgres
import TelegramAdapter
import WebChat

// The operator's tools (module Operations) as the configuration sets them up.

extension AppStore {
    /// Opens the configured store: PostgreSQL when `DATABASE_URL` is set (waiting for it to come
    /// up, see ``PostgresDatabase/connect(to:logger:waitingUpTo:maximumConnections:)``), the
    /// SQLite file at `DATABASE_PATH` otherwise. Both are migrated to the newest schema. Jobs
    /// this process claims are leased for `STORIES_JOB_LEASE_SECONDS` (``AppConfig/jobLease``).
    public static func open(_ config: AppConfig, logger: Logger, clock: any WallClock = SystemWallClock()) async throws -> AppStore {
        if let url = config.databaseURL {
            let database = try await PostgresDatabase.connect(to: url, logger: logger.labeled("postgres"),
                                                              waitingUpTo: .seconds(config.databaseConnectWaitSeconds))
            return AppStore(postgres: database, clock: clock, lease: config.jobLease)
        }
        return AppStore(sqlite: try AppDatabase.open(path: config.databasePath), clock: clock, lease: config.jobLease)
    }
}

extension AdminConsole {
    /// The console for the admins, plans and premium SKUs of `config`, on either store.
    public init(config: AppConfig, store: AppStore, clock: any WallClock = SystemWallClock()) {
        self.init(admins: config.admins, plans: MagicalStoriesApp.plans(config), premiumSKUs: Set(config.discordPremiumSKUIDs),
                  platforms: MagicalStoriesApp.chatPlatforms, store: store, clock: clock)
    }

    public init(config: AppConfig, database: AppDatabase, clock: any WallClock = SystemWallClock()) {
        self.init(config: config, store: AppStore(sqlite: database, clock: clock), clock: clock)
    }
}

extension RoomConsole {
    /// The console on either store, its invite links at the web chat's address in `config`.
    public init(config: AppConfig, store: AppStore, clock: any WallClock = SystemWallClock()) {
        self.init(linkBase: MagicalStoriesApp.linkBase(config), store: store, clock: clock)
    }

    public init(config: AppConfig, database: AppDatabase, clock: any WallClock = SystemWallClock()) {
        self.init(config: config, store: AppStore(sqlite: database, clock: clock), clock: clock)
    }
}

extension ReadAloudTool {
    /// The tool reading with the voice `config` chooses (the built-in voice when a model
    /// voice's day budget is spent), on either store.
    public init(config: AppConfig, store: AppStore, clock: any WallClock = SystemWallClock()) {
        self.init(store: store) { logger in
            let httpClient = ProviderFactory.needsNetwork(config)
                ? HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: MagicalStoriesApp.httpConfiguration) : nil
            let meter = ModelCallMeter(ledger: store.modelCalls, budget: config.spend.modelBudget, clock: clock)
            let narration = MagicalStoriesApp.narration(config, store: store, httpClient: httpClient, logger: logger,
                                                        onFailure: { _, _ in }, meter: meter, clock: clock)
            return (narration, { try await httpClient?.shutdown() })
        }
    }
}

extension RestoreAdvice {
    /// The steps, for the database of `config`.
    public static func text(for config: AppConfig) -> String {
        text(databasePath: config.databasePath, backupDirectory: config.operations.backupDirectory)
    }
}

extension MagicalStoriesApp {
    /// The chat platforms this service speaks on, for the router and the consoles.
    static let chatPlatforms = ChatPlatforms([DiscordChatPlatform(), WebChatPlatform(), TelegramChatPlatform()])
}
