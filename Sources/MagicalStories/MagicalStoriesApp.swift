import AsyncHTTPClient
import DiscordAdapter
import DiscordGateway
import DiscordModels
import DiscordREST
import Foundation
import Synchronization
import Hummingbird
import Logging
import PictureBook
import ServiceLifecycle
import UnixSignals
import StoryBot
import StoryDomain
import StoryProviders
import StoryStore
import StoryStorePostgres
import WebChat

/// The composition root: the only place that knows every concrete type. It opens the
/// database, picks the providers, wires services, router and adapters, and returns the
/// long-running services as one `ServiceGroup`.
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
        damage.onDamage { [logger, advice = RestoreAdvice.text(for: config), location = store.location] detail in
            logger.critical("the database is damaged (\(detail)). \(advice)",
                            metadata: ["database": "\(location)", "restore": "\(RestoreAdvice.short)"])
        }
        for endpoint in config.insecureEndpoints {
            logger.warning("\(endpoint)", metadata: ["setting": "\(endpoint.setting)"])
        }
        let sharedHTTPClient = config.discordToken != nil || ProviderFactory.needsNetwork(config)
            ? HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: Self.httpConfiguration) : nil
        httpClient = sharedHTTPClient
        let providerLogger = logger.labeled("providers")
        let providerFailed: @Sendable (ProviderError, Bool) -> Void = { metrics.providerFailed($0, willRetry: $1) }
        // Every request to a model provider is counted in the usage ledger, under the day's budgets.
        let meter = ModelCallMeter(ledger: store.modelCalls, budget: config.spend.modelBudget, clock: clock,
                                   onEvent: { metrics.modelCalls($0) })
        // Children's stories never go to a provider whose terms exclude children (Gemini's).
        let children = ChildrenProviders(config)
        let childrenConfig = children.configuration(from: config)
        let familyWriter = writer ?? ProviderFactory.writer(config, httpClient: sharedHTTPClient, logger: providerLogger,
                                                            onFailure: providerFailed, meter: meter)
        let childrenWriter = children.writer == .same ? familyWriter
            : ProviderFactory.writer(childrenConfig, httpClient: sharedHTTPClient, logger: providerLogger, onFailure: providerFailed, meter: meter)
        let writer: any StoryWriter = children.writer == .same ? familyWriter
            : AudienceRoutedWriter(family: familyWriter, children: childrenWriter)
        let illustrator = illustrator ?? ProviderFactory.illustrator(config, httpClient: sharedHTTPClient, logger: providerLogger,
                                                                     onFailure: providerFailed, meter: meter)
        let childrenIllustrator = children.illustrator == .same ? illustrator
            : ProviderFactory.illustrator(childrenConfig, httpClient: sharedHTTPClient, logger: providerLogger, onFailure: providerFailed,
                                          meter: meter)
        tokenSweeper = store.tokenSweeper
        let repository = store.stories
        let queue = store.jobs

        // The pool is created after the service that wakes it: break the cycle with a box.
        let wakeUp = WakeBox()
        // A story is refused up front when its text would need a model call over budget; with the
        // built-in writer it costs nothing (pictures over budget come from the built-in illustrator).
        let stories = StoryService(
            repository: repository, writerLanguages: writer.supportedLanguages,
            childrenWriterLanguages: childrenWriter.supportedLanguages, clock: clock,
            refusedRequests: RefusedRequestLimit(ledger: store.refusedRequests,
                                                 perDay: config.spend.refusedRequestsPerDay, clock: clock),
            modelBudget: config.storyProvider == .offline ? nil : meter,
            childrenCostNothing: children.configuration(from: config).storyProvider == .offline,
            jobAdded: { wakeUp.wake() })
        self.stories = stories
        let entitlements = EntitlementService(
            store: store.entitlements, catalog: Self.plans(config), clock: clock,
            premiumSKUs: Set(config.discordPremiumSKUIDs))
        self.entitlements = entitlements
        // A story that calls no model counts only toward the built-in cap; days are the family's
        // (its time zone setting, else this machine's zone: `TZ`).
        let policy = FamilyPolicy(entitlements: entitlements, settings: store.settings,
                                  quotas: DailyQuotaRules(providers: ProviderFactory.lineup(config),
                                                          builtInStoriesPerDay: config.builtinStoriesPerDay, defaultTimeZone: .current))
        let collections = CollectionService(store: store.collections, stories: stories,
                                            policy: policy, clock: clock, remakesPerDay: config.spend.collectionRemakesPerDay,
                                            jobAdded: { wakeUp.wake() })
        self.collections = collections

        let limits = config.webChatLimits
        let hub = WebChatRoomHub(transcript: store.transcript, clock: clock, historyLimit: limits.historyMessages,
                                 historyBytes: limits.historyBytes, retention: limits.retention)
        self.hub = hub
        // A removed member's open pages are signed out at once.
        let rooms = RoomAccess(directory: store.rooms, clock: clock,
                               memberRemoved: { member in await hub.disconnect(userID: member.id) })
        self.rooms = rooms
        var transports: [any ChatTransport] = [WebChatTransport(hub: hub)]
        var discord: (rest: DiscordRESTClient, renderer: DiscordMessageRenderer, configuration: DiscordBot.Configuration)?
        // Text art of pictures where they cannot be shown (illustrations:text, no Attach Files).
        let textArtist = TextifyPictureArtist()
        // Pictures are sent as WebP (~15 KB a page instead of a ~150 KB PNG), encoded once when
        // saved and kept beside the picture as it was made (the PNG: books, text art).
        let chatForms = WebPChatForms()
        let chatPictures = ChatPictures(repository: repository, encoder: chatForms)
        // Picture books (`/story book`), drawn when asked for, under Discord's upload limit.
        let books = Self.bookFiles(StoryBookMaker(stories: repository))
        let shardSettings = config.discordShards
        let globalBudget = LocalGlobalRateBudget(limit: Self.initialGlobalRateShare(shardSettings))
        let rateLimiter = RateLimiter(globalBudget: Self.globalRateBudget(store, share: globalBudget, settings: shardSettings,
                                                                          logger: logger.labeled("discord.rest")))
        if let token = config.discordToken, let httpClient = sharedHTTPClient {
            let rest = DiscordRESTClient(configuration: DiscordRESTConfiguration(apiURL: config.discordAPIURL, token: token),
                                         httpClient: httpClient, logger: logger.labeled("discord.rest"), rateLimiter: rateLimiter)
            // One renderer and one cache of pictures as uploaded (WebP) for page turns and story
            // deliveries alike. The renderer reads only pictures of pages just read, so a cached
            // copy is never of a deleted story. Stored pictures (text art) are read as needed.
            let pictures = ImageCache(capacityBytes: Self.pictureCacheBytes)
            let renderer = DiscordMessageRenderer(images: { id in try await stories.image(id) },
                                                  premiumSKU: entitlements.offeredSKU.flatMap(Snowflake.init), textArtist: textArtist,
                                                  books: { view in try await books(view.storyID, view.family, view.format) },
                                                  chatPictures: { id in try await pictures.image(id) { try await chatPictures.picture(id) } })
            transports.append(DiscordTransport(rest: rest, renderer: renderer, logger: logger.labeled("discord.delivery")))
            let gateway = GatewayConfiguration(token: token, maxResumeAge: .seconds(config.discordResumeMaxAgeSeconds),
                                               gatewayInfo: { try await rest.gatewayBot() })
            let discordLogger = logger.labeled("discord")
            discord = (rest, renderer, DiscordBot.Configuration(
                applicationID: config.discordApplicationID.flatMap(Snowflake.init), guildID: config.discordGuildID.flatMap(Snowflake.init),
                gateway: gateway, shards: shardSettings.selection,
                identifyCoordinator: Self.identifyCoordinator(store, logger: discordLogger), singletonTasks: store.singletonTasks,
                onShardPlan: { shards in
                    guard shardSettings.globalRateShare == nil, let count = shards.first?.count else { return }
                    let share = LocalGlobalRateBudget<ContinuousClock>.share(ofShards: shards.count, totalShards: count)
                    await globalBudget.setLimit(share)
                    discordLogger.notice("this process's share of Discord's global REST limit", metadata: ["requestsPerSecond": "\(share)"])
                    if LocalGlobalRateBudget<ContinuousClock>.discordGlobalLimit * shards.count < count {
                        discordLogger.warning("""
                            this process's fair share of Discord's global REST limit is below 1 request/s: processes together may \
                            exceed it; run more shards per process or set DISCORD_GLOBAL_RATE_SHARE
                            """)
                    }
                }))
        }
        let listener = StoryDeliveryListener(transports: transports, stories: stories, logger: logger.labeled("delivery"))
        let pageFillIn = PageFillIn(transports: transports, stories: stories, logger: logger.labeled("delivery"))
        let offlineIllustrator = OfflineIllustrator(width: config.imageWidth, height: config.imageHeight)
        let usesModelPictures = config.imageProvider != .offline
        let painter: any Illustrator = children.illustrator == .same ? illustrator ?? offlineIllustrator
            : AudienceRoutedIllustrator(family: illustrator ?? offlineIllustrator, children: childrenIllustrator ?? offlineIllustrator)
        let pipelineLogger = logger.labeled("pipeline")
        let pipeline = StoryPipeline(
            parts: .init(repository: repository, queue: queue, writer: writer, illustrator: painter,
                         fallbackIllustrator: usesModelPictures ? offlineIllustrator : nil, listener: listener,
                         usage: store.usage, pictures: pageFillIn, chatForms: chatForms),
            clock: clock,
            // Model illustrators paint pages 2… in parallel from page 1; the built-in one chains (it is fast).
            strategy: usesModelPictures ? .anchored(concurrency: 3) : .chained,
            onEvent: { event in
                metrics.pipeline(event)
                switch event {
                case let .illustrationFellBack(story, page, error):
                    pipelineLogger.warning("picture failed; painted by the built-in illustrator instead",
                                           metadata: ["story": "\(story)", "page": "\(page)", "error": "\(error)"])
                case let .deliveryRefused(story, reason):
                    pipelineLogger.error("the platform refused the story in every form; the family was told kindly",
                                         metadata: ["story": "\(story)", "reason": "\(reason)"])
                case let .deliveryAbandoned(story, error):
                    pipelineLogger.error("the story could not be shown after every attempt; it stays in the library",
                                         metadata: ["story": "\(story)", "error": "\(error)"])
                case let .unsafeDraft(story, category, repairing):
                    pipelineLogger.notice(repairing ? "bedtime screen refused a draft; asking the writer once more"
                                                    : "bedtime screen refused the repaired draft; the story fails",
                                          metadata: ["story": "\(story)", "category": "\(category)"])
                case let .leaseExpiriesExhausted(story, expiries):
                    pipelineLogger.error("processes stopped while making the story; it is given up and the family told",
                                         metadata: ["story": "\(story)", "lease_expiries": "\(expiries)"])
                }
            })
        let poolLogger = logger.labeled("workers")
        pool = StoryWorkerPool(
            queue: queue, pipeline: pipeline, clock: clock, concurrency: config.workers,
            leaseRenewal: store.lease.renewal, leaseSweep: store.lease.sweep,
            onError: { error in
                damage.report(error)
                poolLogger.error("job queue error; retrying", metadata: ["error": "\(error)"])
            },
            onOutcome: { job, outcome in Self.log(outcome, of: job, to: poolLogger) },
            onRun: { [storyProvider = config.storyProvider.rawValue, imageProvider = config.imageProvider.rawValue] run in
                metrics.storyRun(run, provider: storyProvider, images: imageProvider)
            })
        wakeUp.set(pool)

        let narration = Self.narration(config, store: store, httpClient: sharedHTTPClient, logger: providerLogger,
                                       onFailure: providerFailed, meter: meter, clock: clock)
        let router = CommandRouter(services: .init(stories: stories, collections: collections, policy: policy,
                                                   admins: Set(config.admins.map(\.description)),
                                                   familyData: store.familyData,
                                                   pageFillIn: pageFillIn, rooms: rooms,
                                                   platforms: ChatPlatforms([DiscordChatPlatform(), WebChatPlatform()]),
                                                   narration: narration,
                                                   cast: CastService(store: store.cast, clock: clock,
                                                                     illustrator: painter,
                                                                     fallback: usesModelPictures ? offlineIllustrator : nil),
                                                   owner: InstallOwnership(directory: store.rooms, settings: store.keyValues),
                                                   usage: AdminConsole(config: config, store: store, clock: clock)),
                                   logger: logger.labeled("router"), observer: metrics.commandObserver)
        self.router = router
        self.pageFillIn = pageFillIn
        webChat = WebChatServer(
            configuration: try Self.webChatConfiguration(config), hub: hub, router: router, rooms: rooms,
            images: { id in try await stories.image(id) }, textArtist: textArtist,
            chatPictures: { id in try await chatPictures.picture(id) }, books: books,
            narration: { id, part, family in
                // Only the family's own stories, and only narration already made (by 🔊 or `/story listen`).
                guard try await stories.story(id, family: family) != nil else { return nil }
                return try await narration.stored(id, part: part)?.audio
            },
            cast: { [cast = store.cast] family in try await cast.cast(of: family) },
            health: { await store.ping() }, clock: clock,
            logger: logger.labeled("webchat"))
        discordBot = discord.map { rest, renderer, configuration in
            DiscordBot(configuration: configuration, rest: rest, router: router, renderer: renderer,
                       acknowledgements: store.acknowledgements, clock: clock,
                       store: store.keyValues, logger: logger.labeled("discord"))
        }
        operations = Self.operationsParts(config: config, lock: lock, metrics: metrics, parts: .init(
            store: store, hub: config.webChatEnabled ? hub : nil, discordBot: discordBot,
            rateLimiter: discordBot == nil ? nil : rateLimiter, damage: damage, meter: meter))
    }

    /// Who hands out IDENTIFY turns: on PostgreSQL, the database for every process of the bot
    /// (timed by its clock); on SQLite, this process alone.
    static func identifyCoordinator(_ store: AppStore, logger: Logger) -> any IdentifyCoordinator {
        guard case let .postgres(database) = store.backend else { return LocalIdentifyCoordinator() }
        return SharedIdentifyCoordinator(turns: DatabaseIdentifyTurns(turns: PostgresIdentifyTurns(database: database)), logger: logger)
    }

    /// Discord's global REST limit: on PostgreSQL counted in the database for every process of
    /// the bot (this process's share is the fallback while the database cannot be reached); on
    /// SQLite, or with a configured share (`DISCORD_GLOBAL_RATE_SHARE`), this process's share.
    static func globalRateBudget(_ store: AppStore, share: LocalGlobalRateBudget<ContinuousClock>, settings: DiscordShardSettings,
                                 logger: Logger) -> any GlobalRateBudget {
        guard case let .postgres(database) = store.backend, settings.globalRateShare == nil else { return share }
        return SharedGlobalRateBudget(shared: DatabaseRateWindow(window: PostgresRateWindow(database: database)), fallback: share,
                                      logger: logger)
    }

    /// This process's share of Discord's global REST limit before its shards are known: the
    /// configured share; all of it when this process runs every shard; else one request a second
    /// until the shard plan gives the real share (only command registration runs before).
    static func initialGlobalRateShare(_ settings: DiscordShardSettings) -> Int {
        if let share = settings.globalRateShare { return share }
        let selection = settings.selection
        guard let ids = selection.ids else { return LocalGlobalRateBudget<ContinuousClock>.discordGlobalLimit }
        guard let count = selection.count else { return 1 }
        return LocalGlobalRateBudget<ContinuousClock>.share(ofShards: ids.count, totalShards: count)
    }

    /// Bytes of recently shown Discord pictures (as uploaded: WebP, ~16 KB a page) kept in
    /// memory, so turning back and forth through a story does not read each picture from SQLite
    /// again. Deliveries fill it too (a delivered page 1 is the page turned back to most); 1 MiB
    /// holds ~60 pages (2 MiB held ~14 PNGs before pictures were kept as WebP; a larger
    /// cache raised the load benchmark's private peak and changed no page-turn latency
    /// measurably, docs/benchmarks.md).
    static let pictureCacheBytes = 1 << 20

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

    /// One log line per job run: retries and failures say why.
    static func log(_ outcome: StoryPipeline.Outcome, of job: StoryJob, to logger: Logger) {
        let metadata: Logger.Metadata = ["story": "\(job.storyID)", "attempt": "\(job.attempts)"]
        switch outcome {
        case .delivered:
            logger.info("story finished", metadata: metadata)
        case let .willRetry(at, error):
            logger.warning("story paused; will retry", metadata: metadata.merging(
                ["error": "\(error)", "retry_at": "\(at)"]) { $1 })
        case let .failed(reason):
            logger.error("story failed after retries", metadata: metadata.merging(["reason": "\(reason.rawValue)"]) { $1 })
        case .dropped:
            logger.info("story deleted before it was made", metadata: metadata)
        case .interrupted:
            logger.notice("story interrupted by shutdown; resumes on next start", metadata: metadata)
        case .leaseLost:
            logger.warning("this process froze past the story's lease; another process makes it", metadata: metadata)
        }
    }

    /// The service's long-running parts: the web chat server and the story workers.
    /// - Parameters:
    ///   - onWebChatRunning: told the bound port once the web chat listens.
    ///   - setupLink: where a fresh install's setup link goes (default: the terminal when standard
    ///     output is one, else `setup-link.txt`; see ``SetupLinkOutput/standard(for:)``).
    public func serviceGroup(onWebChatRunning: @escaping @Sendable (Int) async -> Void = { _ in },
                             setupLink: SetupLinkOutput? = nil) -> ServiceGroup {
        let logger = self.logger
        let setupLink = setupLink ?? .standard(for: config)
        let application = webChat.application { port in
            logger.info("web chat ready", metadata: ["url": "\(Self.linkBase(config, port: port))"])
            await openDoors(port: port, setupLink: setupLink)
            await onWebChatRunning(port)
        }
        // Services stop in reverse order: the HTTP client goes last, after the bot is done with it.
        // The store closes last (services stop in reverse order): the SQLite lock, the PostgreSQL pool.
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = [.init(service: StoreService(lock: operations.lock, store: store))]
        if let httpClient { services.append(.init(service: HTTPClientService(client: httpClient))) }
        services.append(contentsOf: operationsServices())
        services.append(.init(service: StoryWorkerService(pool: pool, executor: LowPriorityExecutor(name: "story-workers"))))
        if case let .postgres(database) = store.backend {
            services.append(.init(service: JobNotificationService(database: database, pool: pool, logger: logger.labeled("workers"))))
            // Pages shown here "still being painted" are filled in when another process saves their picture.
            let feed = PostgresPaintedPageFeed(database: database, origin: store.lease.owner)
            services.append(.init(service: PageFillInRelayService(relay: PageFillInRelay(feed: feed, fillIn: pageFillIn,
                                                                                         logger: logger.labeled("delivery")))))
        }
        // Tasks that must run once run on one process at a time (on SQLite, this one).
        services.append(.init(service: DeliveryTokenSweepService(sweeper: tokenSweeper, interval: Self.tokenSweepInterval, damage: damage,
                                                                 logger: logger.labeled("workers"), tasks: store.singletonTasks)))
        services.append(.init(service: PremiumExpiryService(entitlements: entitlements, logger: logger.labeled("premium"),
                                                            tasks: store.singletonTasks)))
        if config.webChatEnabled {
            // One descriptor per connection, plus the database, logs and provider connections.
            let needed = config.webChatLimits.maxConnections + config.webChatLimits.reservedConnections + 256
            if let soft = FileDescriptorLimit.raise(toFit: needed), soft < needed {
                logger.warning("the open-file limit is below what the web chat's connection cap needs: raise LimitNOFILE or lower WEB_CHAT_MAX_CONNECTIONS",
                               metadata: ["limit": "\(soft)", "needed": "\(needed)"])
            }
            services.append(.init(service: ListeningService(base: application, what: "web chat", host: config.httpHost,
                                                            port: config.httpPort, settings: ("HTTP_HOST", "HTTP_PORT")),
                                  // Not cancelled: the others stop gracefully, without stray errors in the log.
                                  failureTerminationBehavior: .gracefullyShutdownGroup))
            services.append(.init(service: TranscriptRetentionService(hub: hub, logger: logger.labeled("webchat"),
                                                                      tasks: store.singletonTasks)))
            if case let .postgres(database) = store.backend {
                services.append(.init(service: ChatFanOutService(database: database, hub: hub, origin: store.lease.owner,
                                                                 logger: logger.labeled("webchat"))))
            }
        }
        if config.webChatEnabled, let tls = webChat.configuration.tls {
            services.append(.init(service: TLSReloadService(tls: tls, logger: logger.labeled("webchat"))))
        }
        if let discordBot {
            // A fatal gateway close (bad token, disallowed intents) ends the whole service.
            services.append(.init(service: discordBot, successTerminationBehavior: .gracefullyShutdownGroup,
                                  failureTerminationBehavior: .gracefullyShutdownGroup))
        }
        var configuration = ServiceGroupConfiguration(services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        // A backstop under Docker's 10 s before SIGKILL: whatever still runs is cancelled.
        configuration.maximumGracefulShutdownDuration = Self.maximumShutdown
        return ServiceGroup(configuration: configuration)
    }

    /// The service group with the setup link printed by `announce` (tests, benchmarks).
    public func serviceGroup(onWebChatRunning: @escaping @Sendable (Int) async -> Void = { _ in },
                             announce: @escaping @Sendable (String) -> Void) -> ServiceGroup {
        serviceGroup(onWebChatRunning: onWebChatRunning, setupLink: .terminal(announce))
    }

    /// How often interaction tokens past their lifetime are forgotten.
    static let tokenSweepInterval = Duration.seconds(60)

    /// How long a graceful shutdown may take before what still runs is cancelled (stories in
    /// progress resume on the next start).
    static let maximumShutdown = Duration.seconds(8)
}

/// Runs the worker pool for the life of the service group, its tasks on `executor`: a thread at
/// low priority, off the event loops that answer acknowledgements and page turns (issue 32:
/// writing and screening a story, hashing its pictures and delivering it took ~1/3 of the loops'
/// CPU in the burst, in slices of several ms). Measured with the encoder's lower priority (paired
/// burst runs, saturated machine): story acknowledgement p50 240–253 → 86–107 ms, p99 471–803 →
/// 178–303 ms, private memory −2 MiB, painting throughput not lower (docs/benchmarks.md, "The burst").
struct StoryWorkerService: Service {
    let pool: StoryWorkerPool
    let executor: any TaskExecutor

    func run() async throws {
        await withTaskExecutorPreference(executor) {
            await cancelWhenGracefulShutdown {
                await pool.run()
            }
        }
    }
}

/// Shuts the shared HTTP client down when the service group stops.
struct HTTPClientService: Service {
    let client: HTTPClient

    func run() async throws {
        try? await gracefulShutdown()
        try await client.shutdown()
    }
}

/// Holds the pool for the story service's wake-up callback, which exists before the pool.
final class WakeBox: Sendable {
    private let pool = Mutex<StoryWorkerPool?>(nil)

    func set(_ pool: StoryWorkerPool) { self.pool.withLock { $0 = pool } }
    func wake() { pool.withLock { $0 }?.wake() }
}

extension Logger {
    /// A copy with the component's name in its metadata.
    func labeled(_ component: String) -> Logger {
        var logger = self
        logger[metadataKey: "component"] = "\(component)"
        return logger
    }
}
