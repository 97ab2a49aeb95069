import AsyncHTTPClient
import Foundation
import Logging
import Operations
import ServiceLifecycle
import StoryBot
import StoryDomain
import StoryProviders
import StoryStorePostgres
import UnixSignals
import WebChat

/// One entry of the service group.
typealias ServiceEntry = ServiceGroupConfiguration.ServiceConfiguration

extension MagicalStoriesApp {
    /// The service's long-running parts as one group, each area's services from one small
    /// function below. Services stop in reverse order: the store (first) closes last.
    /// - Parameters:
    ///   - onWebChatRunning: told the bound port once the web chat listens.
    ///   - setupLink: where a fresh install's setup link goes (default: the terminal when standard
    ///     output is one, else `setup-link.txt`; see ``SetupLinkOutput/standard(for:)``).
    public func serviceGroup(onWebChatRunning: @escaping @Sendable (Int) async -> Void = { _ in },
                             setupLink: SetupLinkOutput? = nil) -> ServiceGroup {
        let services = storageServices() + operationsServices() + workerServices() + periodicJobs() + bedtimeServices()
            + [.init(service: ApprovalService(desk: approvals))]
            + webChatServices(onWebChatRunning: onWebChatRunning, setupLink: setupLink ?? .standard(for: config))
            + discordServices() + telegramServices()
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

    /// The store, closed last (the SQLite lock, the PostgreSQL pool), and the shared HTTP
    /// client, shut down after the bot is done with it.
    func storageServices() -> [ServiceEntry] {
        [.init(service: StoreService(lock: operations.lock, store: store))]
            + (httpClient.map { [.init(service: HTTPClientService(client: $0))] } ?? [])
    }

    /// The story workers; on PostgreSQL also the wake-ups of jobs other processes add, and pages
    /// shown here "still being painted" filled in when another process saves their picture.
    func workerServices() -> [ServiceEntry] {
        var services: [ServiceEntry] = [.init(service: StoryWorkerService(pool: pool, executor: LowPriorityExecutor(name: "story-workers")))]
        if case let .postgres(database) = store.backend {
            services.append(.init(service: JobNotificationService(database: database, pool: pool, logger: logger.labeled("workers"))))
            let feed = PostgresPaintedPageFeed(database: database, origin: store.lease.owner)
            services.append(.init(service: PageFillInRelayService(relay: PageFillInRelay(feed: feed, fillIn: pageFillIn, alsoTell: approvals,
                                                                                         logger: logger.labeled("delivery")))))
        }
        return services
    }

    /// The periodic jobs, each run on one process at a time (on SQLite, this one).
    func periodicJobs() -> [ServiceEntry] {
        let tasks = store.singletonTasks
        var jobs: [ServiceEntry] = [
            .init(service: PeriodicJob.deliveryTokenSweep(sweeper: tokenSweeper, damage: damage, logger: logger.labeled("workers"),
                                                          tasks: tasks, interval: Self.tokenSweepInterval, clock: ContinuousClock())),
            .init(service: PeriodicJob.premiumExpiry(entitlements: entitlements, logger: logger.labeled("premium"), tasks: tasks,
                                                     clock: ContinuousClock())),
        ]
        if config.webChatEnabled {
            jobs.append(.init(service: PeriodicJob.transcriptRetention(
                apply: { [hub] in try await hub.applyRetention() }, keepMessages: hub.retention.keepMessages,
                keepDays: hub.retention.keepDays, logger: logger.labeled("webchat"), tasks: tasks, clock: ContinuousClock())))
        }
        return jobs
    }

    /// Tonight's story posted at each family's bedtime (`/bedtime`), once per evening.
    func bedtimeServices() -> [ServiceEntry] {
        [.init(service: BedtimeService(runner: bedtime))]
    }

    /// The web chat's listener (when enabled), its messages fanned out to other processes on
    /// PostgreSQL, and its TLS certificate reloaded when renewed.
    func webChatServices(onWebChatRunning: @escaping @Sendable (Int) async -> Void, setupLink: SetupLinkOutput) -> [ServiceEntry] {
        guard config.webChatEnabled else { return [] }
        let (logger, config) = (self.logger, self.config)
        let application = webChat.application { port in
            logger.info("web chat ready", metadata: ["url": "\(Self.linkBase(config, port: port))"])
            await openDoors(port: port, setupLink: setupLink)
            await onWebChatRunning(port)
        }
        // One descriptor per connection, plus the database, logs and provider connections.
        let needed = config.webChatLimits.maxConnections + config.webChatLimits.reservedConnections + 256
        if let soft = FileDescriptorLimit.raise(toFit: needed), soft < needed {
            logger.warning("the open-file limit is below what the web chat's connection cap needs: raise LimitNOFILE or lower WEB_CHAT_MAX_CONNECTIONS",
                           metadata: ["limit": "\(soft)", "needed": "\(needed)"])
        }
        var services: [ServiceEntry] = [
            .init(service: ListeningService(base: application, what: "web chat", host: config.httpHost,
                                            port: config.httpPort, settings: ("HTTP_HOST", "HTTP_PORT")),
                  // Not cancelled: the others stop gracefully, without stray errors in the log.
                  failureTerminationBehavior: .gracefullyShutdownGroup),
        ]
        if case let .postgres(database) = store.backend {
            services.append(.init(service: ChatFanOutService(database: database, hub: hub, origin: store.lease.owner,
                                                             logger: logger.labeled("webchat"))))
        }
        if let tls = webChat.configuration.tls {
            services.append(.init(service: TLSReloadService(tls: tls, logger: logger.labeled("webchat"))))
        }
        return services
    }

    /// The Discord bot, when a token is configured: a fatal gateway close (bad token, disallowed
    /// intents) ends the whole service.
    func discordServices() -> [ServiceEntry] {
        guard let discordBot else { return [] }
        return [.init(service: discordBot, successTerminationBehavior: .gracefullyShutdownGroup,
                      failureTerminationBehavior: .gracefullyShutdownGroup)]
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
