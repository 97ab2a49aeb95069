import AsyncHTTPClient
import Foundation
import DiscordAdapter
import DiscordGateway
import DiscordModels
import DiscordREST
import Logging
import Operations
import PictureBook
import StoryBot
import StoryDomain
import StoryProviders
import StoryStore
import StoryStorePostgres
import WebChat

// The modules, each made by one small function from the configuration and the modules made before it.

/// The services behind a family's stories: stories, plans, the policy over both, collections.
struct FamilyModules {
    let stories: StoryService
    let entitlements: EntitlementService
    let policy: FamilyPolicy
    let collections: CollectionService
}

/// The web chat's conversations and its doors (rooms, invites, members, sessions).
struct WebChatDoors {
    let hub: WebChatRoomHub
    let rooms: RoomAccess
}

/// Pictures as the chats are sent them: WebP forms, text art, picture books.
struct ChatPictureForms {
    /// Text art of pictures where they cannot be shown (illustrations:text, no Attach Files).
    let textArtist: TextifyPictureArtist
    /// Pictures are sent as WebP (~15 KB a page instead of a ~150 KB PNG), encoded once when
    /// saved and kept beside the picture as it was made (the PNG: books, text art).
    let chatForms: WebPChatForms
    let chatPictures: ChatPictures
    /// Picture books (`/story book`), drawn when asked for, under Discord's upload limit.
    let books: @Sendable (StoryID, FamilyRef, BookFormat) async throws -> ChatFile?

    init(stories: any StoryRepository) {
        textArtist = TextifyPictureArtist()
        let chatForms = WebPChatForms()
        self.chatForms = chatForms
        chatPictures = ChatPictures(repository: stories, encoder: chatForms)
        books = MagicalStoriesApp.bookFiles(StoryBookMaker(stories: stories))
    }
}

/// The Discord bot's parts made before the router: its REST client, renderer, delivery and configuration.
struct DiscordParts {
    let rest: DiscordRESTClient
    let renderer: DiscordMessageRenderer
    let transport: DiscordTransport
    let configuration: DiscordBot.Configuration
}

extension MagicalStoriesApp {
    /// Says in the log, with the restore recipe, when the database turns out damaged.
    static func logDamage(_ damage: DatabaseDamageMonitor, of store: AppStore, config: AppConfig, logger: Logger) {
        damage.onDamage { [logger, advice = RestoreAdvice.text(for: config), location = store.location] detail in
            logger.critical("the database is damaged (\(detail)). \(advice)",
                            metadata: ["database": "\(location)", "restore": "\(RestoreAdvice.short)"])
        }
    }

    static func warnAboutInsecureEndpoints(_ config: AppConfig, logger: Logger) {
        for endpoint in config.insecureEndpoints {
            logger.warning("\(endpoint)", metadata: ["setting": "\(endpoint.setting)"])
        }
    }

    /// One HTTP client for Discord and the model providers, when either is configured.
    static func sharedHTTPClient(_ config: AppConfig) -> HTTPClient? {
        config.discordToken != nil || config.telegram.token != nil || ProviderFactory.needsNetwork(config)
            ? HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: httpConfiguration) : nil
    }

    /// Stories, plans and collections. A story is refused up front when its text would need a
    /// model call over budget; with the built-in writer it costs nothing (pictures over budget
    /// come from the built-in illustrator). Adding a story's job notifies `jobsAdded`.
    static func familyServices(_ config: AppConfig, store: AppStore, models: ModelLineup, clock: any WallClock,
                               jobsAdded: WakeSignal, votesClosed: VoteClosedRelay) -> FamilyModules {
        var stories = StoryService(
            repository: store.stories, writerLanguages: models.writer.supportedLanguages,
            childrenWriterLanguages: models.childrenWriter.supportedLanguages, clock: clock,
            refusedRequests: RefusedRequestLimit(ledger: store.refusedRequests,
                                                 perDay: config.spend.refusedRequestsPerDay, clock: clock),
            modelBudget: config.storyProvider == .offline ? nil : models.meter,
            childrenCostNothing: models.childrenCostNothing,
            jobAdded: { jobsAdded.notify() })
        stories.votes = chapterVoting(store: store, clock: clock, closed: votesClosed)
        let entitlements = EntitlementService(store: store.entitlements, catalog: plans(config), clock: clock,
                                              premiumSKUs: Set(config.discordPremiumSKUIDs))
        // A story that calls no model counts only toward the built-in cap; days are the family's
        // (its time zone setting, else this machine's zone: `TZ`). Settings are read through a
        // 1 s cache (the acknowledgement's check, docs/benchmarks.md "The burst").
        let policy = FamilyPolicy(entitlements: entitlements, settings: CachedFamilySettingsStore(store.settings, clock: clock),
                                  quotas: DailyQuotaRules(providers: ProviderFactory.lineup(config),
                                                          builtInStoriesPerDay: config.builtinStoriesPerDay, defaultTimeZone: .current))
        let collections = CollectionService(store: store.collections, stories: stories, policy: policy, clock: clock,
                                            remakesPerDay: config.spend.collectionRemakesPerDay, jobAdded: { jobsAdded.notify() })
        return FamilyModules(stories: stories, entitlements: entitlements, policy: policy, collections: collections)
    }

    /// The web chat's rooms hub and doors; a removed member's open pages are signed out at once.
    static func webChatDoors(_ config: AppConfig, store: AppStore, clock: any WallClock) -> WebChatDoors {
        let limits = config.webChatLimits
        let hub = WebChatRoomHub(transcript: store.transcript, clock: clock, historyLimit: limits.historyMessages,
                                 historyBytes: limits.historyBytes, retention: limits.retention)
        let rooms = RoomAccess(directory: store.rooms, clock: clock,
                               memberRemoved: { member in await hub.disconnect(userID: member.id) })
        return WebChatDoors(hub: hub, rooms: rooms)
    }

    /// Discord's parts, when a token is configured. One renderer and one cache of pictures as
    /// uploaded (WebP) for page turns and story deliveries alike. The renderer reads only
    /// pictures of pages just read, so a cached copy is never of a deleted story. Stored
    /// pictures (text art) are read as needed.
    static func discordParts(_ config: AppConfig, store: AppStore, httpClient: HTTPClient?, rateLimiter: RateLimiter,
                             rateShare: DiscordRateShare, stories: StoryService, entitlements: EntitlementService,
                             pictures: ChatPictureForms, clock: any WallClock, logger: Logger) -> DiscordParts? {
        guard let token = config.discordToken, let httpClient else { return nil }
        let rest = DiscordRESTClient(configuration: DiscordRESTConfiguration(apiURL: config.discordAPIURL, token: token),
                                     httpClient: httpClient, logger: logger.labeled("discord.rest"), rateLimiter: rateLimiter)
        let cache = ImageCache(capacityBytes: pictureCacheBytes)
        let (books, chatPictures) = (pictures.books, pictures.chatPictures)
        let renderer = DiscordMessageRenderer(images: { id in try await stories.image(id) },
                                              premiumSKU: entitlements.offeredSKU.flatMap(Snowflake.init), textArtist: pictures.textArtist,
                                              books: { view in try await books(view.storyID, view.family, view.format) },
                                              chatPictures: { id in try await cache.image(id) { try await chatPictures.picture(id) } },
                                              sendsCards: config.discordSendsCards, emojis: AppEmojiBook())
        let gateway = GatewayConfiguration(token: token, intents: DiscordBot.intents, maxResumeAge: .seconds(config.discordResumeMaxAgeSeconds),
                                           gatewayInfo: { try await rest.gatewayBot() })
        let configuration = DiscordBot.Configuration(
            applicationID: config.discordApplicationID.flatMap(Snowflake.init), guildID: config.discordGuildID.flatMap(Snowflake.init),
            gateway: gateway, shards: config.discordShards.selection,
            identifyCoordinator: identifyCoordinator(store, logger: logger.labeled("discord")), singletonTasks: store.singletonTasks,
            onShardPlan: { shards in await rateShare.apply(shardPlan: shards) },
            commandExecutor: LowPriorityExecutor(name: "discord-commands"),
            acknowledgementCheckBudget: config.discordAcknowledgementCheckMilliseconds.map { .milliseconds($0) })
        return DiscordParts(rest: rest, renderer: renderer,
                            transport: DiscordTransport(rest: rest, renderer: renderer, logger: logger.labeled("discord.delivery"),
                                                        lateStories: GroupDMLateStories(store: store.keyValues), clock: clock),
                            configuration: configuration)
    }

    /// Who hands out IDENTIFY turns: on PostgreSQL, the database for every process of the bot
    /// (timed by its clock); on SQLite, this process alone.
    static func identifyCoordinator(_ store: AppStore, logger: Logger) -> any IdentifyCoordinator {
        guard case let .postgres(database) = store.backend else { return LocalIdentifyCoordinator() }
        return SharedIdentifyCoordinator(turns: DatabaseIdentifyTurns(turns: PostgresIdentifyTurns(database: database)), logger: logger)
    }

    /// The story workers: the pipeline that writes, paints and delivers each story, run by a
    /// pool that wakes when `jobsAdded` is notified.
    static func workerPool(_ config: AppConfig, store: AppStore, models: ModelLineup, transports: [any ChatTransport],
                           stories: StoryService, pictures: ChatPictureForms, pageFillIn: any PagePictureObserver, votes: ChapterVoteAsker?,
                           metrics: ServiceMetrics,
                           damage: DatabaseDamageMonitor, clock: any WallClock, jobsAdded: WakeSignal, logger: Logger) -> StoryWorkerPool {
        let log = StoryRunLog(pipeline: logger.labeled("pipeline"), workers: logger.labeled("workers"))
        let listener = StoryDeliveryListener(transports: transports, stories: stories, votes: votes, logger: logger.labeled("delivery"))
        let pipeline = StoryPipeline(
            parts: .init(repository: store.stories, queue: store.jobs, writer: models.writer, illustrator: models.painter,
                         fallbackIllustrator: models.fallbackIllustrator, listener: listener,
                         usage: store.usage, pictures: pageFillIn, chatForms: pictures.chatForms),
            clock: clock,
            // Model illustrators paint pages 2… in parallel from page 1; the built-in one chains (it is fast).
            strategy: models.usesModelPictures ? .anchored(concurrency: 3) : .chained,
            onEvent: { event in
                metrics.pipeline(event)
                log.event(event)
            })
        return StoryWorkerPool(
            queue: store.jobs, pipeline: pipeline, clock: clock, concurrency: config.workers,
            leaseRenewal: store.lease.renewal, leaseSweep: store.lease.sweep,
            onError: { error in
                damage.report(error)
                log.queueError(error)
            },
            onOutcome: { job, outcome in log.outcome(outcome, of: job) },
            onRun: { [storyProvider = config.storyProvider.rawValue, imageProvider = config.imageProvider.rawValue] run in
                metrics.storyRun(run, provider: storyProvider, images: imageProvider)
            },
            wakeUps: jobsAdded)
    }

    /// The command router every chat platform shares.
    static func router(_ config: AppConfig, store: AppStore, family: FamilyModules, models: ModelLineup, rooms: RoomAccess,
                       pageFillIn: PageFillIn, narration: NarrationService, cast: CastService, bedtime: BedtimeScheduling,
                       approvals: ApprovalDesk,
                       metrics: ServiceMetrics, clock: any WallClock, logger: Logger) -> CommandRouter {
        CommandRouter(services: .init(stories: family.stories, collections: family.collections, policy: family.policy,
                                      admins: Set(config.admins.map(\.description)),
                                      familyData: store.familyData,
                                      pageFillIn: pageFillIn, rooms: rooms,
                                      platforms: chatPlatforms,
                                      narration: narration,
                                      cast: cast,
                                      owner: InstallOwnership(directory: store.rooms, settings: store.keyValues),
                                      usage: AdminConsole(config: config, store: store, clock: clock),
                                      bedtime: bedtime,
                                      approvals: approvals),
                      logger: logger.labeled("router"), observer: metrics.commandObserver)
    }

    /// The web chat's server: pages, pictures, books, narration already made and the cast.
    static func webChatServer(_ config: AppConfig, store: AppStore, doors: WebChatDoors, router: CommandRouter, stories: StoryService,
                              pictures: ChatPictureForms, narration: NarrationService, clock: any WallClock,
                              logger: Logger) throws -> WebChatServer {
        let chatPictures = pictures.chatPictures
        return WebChatServer(
            configuration: try webChatConfiguration(config), hub: doors.hub, router: router, rooms: doors.rooms,
            images: { id in try await stories.image(id) }, textArtist: pictures.textArtist,
            chatPictures: { id in try await chatPictures.picture(id) }, books: pictures.books,
            narration: { id, part, family in
                // Only the family's own stories, and only narration already made (by 🔊 or `/story listen`).
                guard try await stories.story(id, family: family) != nil else { return nil }
                return try await narration.stored(id, part: part)?.audio
            },
            cast: { [cast = store.cast] family in try await cast.cast(of: family) },
            health: { await store.ping() }, clock: clock,
            logger: logger.labeled("webchat"))
    }
}
