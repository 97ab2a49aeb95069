import AsyncHTTPClient
import DiscordAdapter
import DiscordREST
import Foundation
import Logging
import NIOCore
import Operations
import StoryBot
import StoryDomain
import StoryStore
import TelegramAdapter
import WebChat

/// The composition root: the only place that knows every concrete type. It only wires:
/// configuration → modules (each made by one small named function, in
/// `MagicalStoriesApp+Modules.swift`) → one `ServiceGroup` (`MagicalStoriesApp+Services.swift`).
public struct MagicalStoriesApp: Sendable {
    public let config: AppConfig
    /// The storage: the domain's ports on SQLite or PostgreSQL.
    public let store: AppStore
    /// The SQLite database, when that is the store.
    public var database: AppDatabase? { store.sqlite }
    public let stories: StoryService
    public let collections: CollectionService
    /// Plans: premium grants, store purchases, the audit log.
    public let entitlements: EntitlementService
    public let pool: StoryWorkerPool
    public let router: CommandRouter
    public let hub: WebChatRoomHub
    /// The web chat's doors: rooms, invites, members, sessions.
    public let rooms: RoomAccess
    public let webChat: WebChatServer
    /// The Discord bot, when a token is configured.
    public let discordBot: DiscordBot?
    /// The Telegram bot, when `TELEGRAM_TOKEN` is set.
    public let telegramBot: TelegramBot?
    /// Every metric the service records (`GET /metrics` on the operations listener).
    public let metrics: ServiceMetrics
    /// Damage met in the database while serving (it fails `/ready`).
    public let damage: DatabaseDamageMonitor
    /// Forgets interaction tokens kept with jobs once they can no longer be used.
    public let tokenSweeper: any DeliveryTokenSweeping
    let operations: OperationsParts
    let httpClient: HTTPClient?
    /// Fills in pages shown before their picture was painted (on PostgreSQL, also when another
    /// process paints it).
    let pageFillIn: PageFillIn
    /// Posts tonight's story at each family's bedtime (`/bedtime`).
    let bedtime: BedtimeRunner
    /// Stories held for a grown-up's yes (`approval:on`).
    let approvals: ApprovalDesk
    let logger: Logger

    /// Builds the app on the SQLite database at `DATABASE_PATH` (the tests' way; the service
    /// uses ``make(config:logger:clock:writer:illustrator:metrics:damage:)``, which also knows
    /// PostgreSQL). The writer and illustrator default to the built-in ones.
    /// - Parameter damage: notices a damaged database; the executable's watches SQLite's own
    ///   error log (``DatabaseDamageMonitor/watchSQLiteErrorLog()``), one made here only the
    ///   errors the app itself sees.
    /// - Throws: ``ServiceLockError`` when another process serves (or restores) the same database.
    public init(config: AppConfig, logger: Logger, clock: any WallClock = SystemWallClock(),
                writer: (any StoryWriter)? = nil, illustrator: (any Illustrator)? = nil,
                metrics: ServiceMetrics = ServiceMetrics(), damage: DatabaseDamageMonitor = DatabaseDamageMonitor()) throws {
        let lock = try ServiceLock.acquire(forDatabase: config.databasePath)
        let store = AppStore(sqlite: try AppDatabase.open(path: config.databasePath), clock: clock, lease: config.jobLease)
        try self.init(config: config, store: store, lock: lock, logger: logger, clock: clock, writer: writer, illustrator: illustrator,
                      metrics: metrics, damage: damage)
    }

    /// Builds the app on the configured store: PostgreSQL when `DATABASE_URL` is set (waiting for
    /// it at start), else the SQLite file, which one service holds at a time.
    /// - Throws: ``ServiceLockError`` when another service holds the SQLite database;
    ///   ``PostgresStoreError`` when PostgreSQL cannot be reached in time or refuses.
    public static func make(config: AppConfig, logger: Logger, clock: any WallClock = SystemWallClock(),
                            writer: (any StoryWriter)? = nil, illustrator: (any Illustrator)? = nil,
                            metrics: ServiceMetrics = ServiceMetrics(),
                            damage: DatabaseDamageMonitor = DatabaseDamageMonitor()) async throws -> MagicalStoriesApp {
        guard config.databaseURL != nil else {
            return try MagicalStoriesApp(config: config, logger: logger, clock: clock, writer: writer, illustrator: illustrator,
                                         metrics: metrics, damage: damage)
        }
        let store = try await AppStore.open(config, logger: logger, clock: clock)
        return try MagicalStoriesApp(config: config, store: store, lock: nil, logger: logger, clock: clock, writer: writer,
                                     illustrator: illustrator, metrics: metrics, damage: damage)
    }

    /// Builds the app on `store`; `lock` is the SQLite service lock (nil on PostgreSQL).
    public init(config: AppConfig, store: AppStore, lock: ServiceLock?, logger: Logger, clock: any WallClock = SystemWallClock(),
                writer: (any StoryWriter)? = nil, illustrator: (any Illustrator)? = nil,
                metrics: ServiceMetrics = ServiceMetrics(), damage: DatabaseDamageMonitor = DatabaseDamageMonitor()) throws {
        self.config = config
        self.logger = logger
        self.metrics = metrics
        self.damage = damage
        self.store = store
        tokenSweeper = store.tokenSweeper
        Self.logDamage(damage, of: store, config: config, logger: logger)
        Self.warnAboutInsecureEndpoints(config, logger: logger)
        let httpClient = Self.sharedHTTPClient(config)
        self.httpClient = httpClient
        let models = ModelLineup(config: config, store: store, httpClient: httpClient, metrics: metrics, clock: clock,
                                 logger: logger.labeled("providers"), writer: writer, illustrator: illustrator)
        // Made before the services that add jobs, which notify it; the worker pool, made after
        // them (its pipeline delivers through them), waits on it.
        let jobsAdded = WakeSignal()
        let votesClosed = VoteClosedRelay()
        let family = Self.familyServices(config, store: store, models: models, clock: clock, jobsAdded: jobsAdded,
                                         votesClosed: votesClosed)
        stories = family.stories
        entitlements = family.entitlements
        collections = family.collections
        let doors = Self.webChatDoors(config, store: store, clock: clock)
        hub = doors.hub
        rooms = doors.rooms
        let pictures = ChatPictureForms(stories: store.stories)
        let rateShare = DiscordRateShare(settings: config.discordShards, logger: logger.labeled("discord"))
        let rateLimiter = RateLimiter(globalBudget: rateShare.globalBudget(store, logger: logger.labeled("discord.rest")))
        let discord = Self.discordParts(config, store: store, httpClient: httpClient, rateLimiter: rateLimiter, rateShare: rateShare,
                                        stories: family.stories, entitlements: family.entitlements, pictures: pictures, clock: clock,
                                        logger: logger)
        Self.endingPolls(discord, relay: votesClosed, logger: logger.labeled("discord.polls"))
        let telegram = Self.telegramParts(config, store: store, httpClient: httpClient, stories: family.stories, clock: clock, logger: logger)
        let transports: [any ChatTransport] = [WebChatTransport(hub: doors.hub)] + (discord.map { [$0.transport] } ?? [])
            + (telegram.map { [$0.transport] } ?? [])
        Self.showingClosedVotes(on: transports[0], relay: votesClosed, logger: logger.labeled("votes"))
        let pageFillIn = PageFillIn(transports: transports, stories: family.stories, logger: logger.labeled("delivery"))
        self.pageFillIn = pageFillIn
        let approvals = Self.approvals(store: store, family: family, transports: transports, hub: doors.hub, rooms: doors.rooms,
                                       discord: discord, clock: clock, logger: logger.labeled("approval"))
        self.approvals = approvals
        let cast = CastService(store: store.cast, clock: clock, illustrator: models.painter, fallback: models.fallbackIllustrator)
        let bedtime = Self.bedtime(config.bedtime, store: store, stories: family.stories, policy: family.policy, cast: cast, transports: transports,
                                   approvals: approvals, clock: clock, logger: logger.labeled("bedtime"))
        self.bedtime = bedtime
        // A one-page story asks the vote on what happens next once delivered.
        let votes = ChapterVoteAsker(stories: family.stories, policy: family.policy, bedtime: bedtime.scheduling,
                                     logger: logger.labeled("votes"))
        pool = Self.workerPool(config, store: store, models: models, transports: transports, stories: family.stories,
                               pictures: pictures, pageFillIn: PagePictureObservers([pageFillIn, approvals]), votes: votes, metrics: metrics,
                               damage: damage, clock: clock, jobsAdded: jobsAdded, logger: logger)
        let narration = Self.narration(config, store: store, httpClient: httpClient, logger: models.logger,
                                       onFailure: models.failed, meter: models.meter, clock: clock)
        let router = Self.router(config, store: store, family: family, models: models, rooms: doors.rooms, pageFillIn: pageFillIn,
                                 narration: narration, cast: cast, bedtime: bedtime.scheduling, approvals: approvals, metrics: metrics,
                                 clock: clock, logger: logger)
        self.router = router
        webChat = try Self.webChatServer(config, store: store, doors: doors, router: router, stories: family.stories,
                                         pictures: pictures, narration: narration, clock: clock, logger: logger)
        let discordBot = discord.map { discord in
            DiscordBot(configuration: discord.configuration, rest: discord.rest, router: router, renderer: discord.renderer,
                       acknowledgements: store.acknowledgements, clock: clock, store: store.keyValues, logger: logger.labeled("discord"),
                       emojiUploader: Self.appEmojiUploader(discord, logger: logger))
        }
        self.discordBot = discordBot
        telegramBot = Self.telegramBot(config, telegram, router: router, store: store, clock: clock, logger: logger)
        operations = Self.operationsParts(config: config, lock: lock, metrics: metrics, parts: .init(
            store: store, hub: config.webChatEnabled ? doors.hub : nil, discordBot: discordBot,
            rateLimiter: discordBot == nil ? nil : rateLimiter, damage: damage, meter: models.meter))
    }

    /// Bytes of recently shown Discord pictures (as uploaded: WebP, ~16 KB a page) kept in
    /// memory, so turning back and forth through a story does not read each picture from SQLite
    /// again. Deliveries fill it too (a delivered page 1 is the page turned back to most); 256 KiB
    /// holds ~16 pages, a few families' stories; a miss reads the kept WebP from the store
    /// (~60 µs). Measured: 1 MiB → 256 KiB lowered the issue-32 burst's peak private memory by
    /// 0.3–2.8 MiB (mean 1.6, four paired runs; docs/benchmarks.md, session 20), since deliveries
    /// kept it full of pictures nobody turned back to.
    static let pictureCacheBytes = 256 << 10

    /// The free and premium plans from the configuration.
    public static func plans(_ config: AppConfig) -> PlanCatalog {
        PlanCatalog(free: PlanLimits(storiesPerDay: config.storiesPerDay, maxPages: config.maxPages, collections: false),
                    premium: PlanLimits(storiesPerDay: config.premiumStoriesPerDay, maxPages: max(config.maxPages, config.premiumMaxPages),
                                        collections: true))
    }

    /// The shared HTTP client's settings. A burst of interactions needs many acknowledgements
    /// at once: AsyncHTTPClient's default of 8 connections per host queued them, so allow 64
    /// (measured: docs/benchmarks.md#http-connections-per-host).
    static var httpConfiguration: HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 64)
        return configuration
    }
}
