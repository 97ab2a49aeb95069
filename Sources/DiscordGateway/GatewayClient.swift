import ConcurrencyKit
import DiscordModels
import Logging
import NIOWebSocket
import ServiceLifecycle
import Synchronization
import WSClient

/// Keeps one Discord gateway connection (one shard) alive, as a swift-service-lifecycle `Service`.
///
/// `run()` fetches the gateway URL, connects, heartbeats, resumes or re-identifies as Discord
/// requires, and hands every event to `onDispatch` exactly once. It throws ``GatewayFatalError``
/// when Discord rejects the configuration (bad token, disallowed intents…), so the service group
/// stops. On graceful shutdown it closes with a resumable code and persists the session, so the
/// next start resumes instead of identifying. A new session waits for its turn from the
/// ``IdentifyCoordinator`` (shared by every shard) before it IDENTIFYs.
public final class GatewayClient: Service {
    let configuration: GatewayConfiguration
    /// The shard this connection is; IDENTIFY carries it.
    public let shard: ShardID
    let identifyCoordinator: any IdentifyCoordinator
    let sessionStore: any GatewaySessionStore
    let logger: Logger
    let onDispatch: @Sendable (GatewayDispatch) async -> Void
    let machine: Mutex<GatewayStateMachine>
    let shutdown = ShutdownSignal()

    /// - Parameters:
    ///   - configuration: Token, intents and how to reach the gateway.
    ///   - shard: Which shard this connection is (`[0, 1]` for an unsharded bot).
    ///   - identifyCoordinator: Hands out IDENTIFY turns; share one among all of a bot's shards.
    ///   - sessionStore: Where this shard's session survives restarts.
    ///   - logger: Connection lifecycle goes to info/notice; the token and sent payloads are never logged.
    ///   - onDispatch: Receives every event in order, on the connection's reader. It must return
    ///     quickly — start your own work for anything slow — or heartbeats and reads stall.
    public init(
        configuration: GatewayConfiguration,
        shard: ShardID = .single,
        identifyCoordinator: any IdentifyCoordinator = LocalIdentifyCoordinator(),
        sessionStore: any GatewaySessionStore,
        logger: Logger,
        onDispatch: @escaping @Sendable (GatewayDispatch) async -> Void
    ) {
        self.configuration = configuration
        self.shard = shard
        self.identifyCoordinator = identifyCoordinator
        self.sessionStore = sessionStore
        var logger = logger
        logger[metadataKey: "shard"] = "\(shard)"
        self.logger = logger
        self.onDispatch = onDispatch
        machine = Mutex(GatewayStateMachine(token: configuration.token, intents: configuration.intents,
                                            compress: configuration.compress, shard: shard,
                                            maxResumeAge: configuration.maxResumeAge))
    }

    /// The connection's state and counters; safe to read from any task.
    public var status: GatewayStatus {
        machine.withLock { $0.status }
    }

    /// Runs until graceful shutdown (returns) or a fatal close code (throws ``GatewayFatalError``).
    public func run() async throws {
        try await withGracefulShutdownHandler {
            try await drive()
        } onGracefulShutdown: { [shutdown] in
            shutdown.trigger()
        }
    }

    /// Executes the machine's actions between connections until it stops.
    private func drive() async throws {
        let session = await sessionStore.load()
        guard let gateway = await fetchGatewayInfo() else { return }
        await identifyCoordinator.update(gateway.sessionStartLimit)
        let age = session.flatMap(sessionStore.age(of:))
        var pending = step { $0.start(gateway: gateway, session: session, sessionAge: age, now: .now) }
        let resuming = machine.withLock { $0.session != nil }
        if session != nil, !resuming {
            logger.notice("The stored Discord gateway session is too old to resume; identifying afresh",
                          metadata: ["age": "\(age.map { "\($0)" } ?? "unknown")", "maxResumeAge": "\(configuration.maxResumeAge)"])
        }
        logger.info("Starting Discord gateway", metadata: ["resuming": "\(resuming)"])
        while !pending.isEmpty {
            switch pending.removeFirst() {
            case let .connect(url):
                pending += shutdown.isRequested ? step { $0.stop() } : await connect(to: url)
            case let .waitUntil(deadline):
                logger.info("Waiting before connecting to the Discord gateway", metadata: ["delay": "\(ContinuousClock.now.duration(to: deadline))"])
                let elapsed = await sleepUnlessShuttingDown(until: deadline)
                pending += step { elapsed ? $0.connectDue(now: .now) : $0.stop() }
            case let .persistSession(session):
                await sessionStore.save(session)
            case let .fail(error):
                logger.critical("Discord gateway stopped: \(error.message)", metadata: ["closeCode": "\(error.closeCode.map(String.init) ?? "none")"])
                throw error
            case .send, .close, .dispatch, .scheduleHeartbeat, .scheduleFlush, .requestIdentifyTurn:
                // Only produced while a connection is open, where `runConnection` executes them.
                break
            }
        }
        logger.notice("Discord gateway stopped")
    }

    /// `GET /gateway/bot`, retried with backoff; nil when shutting down first.
    private func fetchGatewayInfo() async -> GatewayBot? {
        var backoff = Backoff(.gatewayReconnect)
        while !shutdown.isRequested, !Task.isCancelled {
            do {
                return try await cancelWhenGracefulShutdown(configuration.gatewayInfo)
            } catch {
                let delay = backoff.next()
                logger.warning("Fetching the Discord gateway URL failed", metadata: ["error": "\(error)", "retryIn": "\(delay)"])
                guard await sleepUnlessShuttingDown(until: .now.advanced(by: delay)) else { return nil }
            }
        }
        return nil
    }

    /// Runs one WebSocket connection to the end and reports how it ended to the machine.
    private func connect(to url: String) async -> [GatewayAction] {
        logger.info("Connecting to the Discord gateway", metadata: ["url": "\(url)"])
        let webSocketConfiguration = WebSocketClientConfiguration(maxFrameSize: configuration.maxFrameSize)
        let closeCode: Int?
        do {
            // WSClient answers graceful shutdown by closing with 1000, which ends the Discord
            // session. Hide shutdown from it: `runConnection` hears it through `shutdown` and
            // closes with a resumable 4000 itself.
            // Until the socket is open, shutdown cancels the attempt: a Discord that cannot be
            // reached (a blackholed address) may never answer the upgrade.
            let logger = logger
            // A detached task: graceful shutdown reaches WSClient through a task-local value
            // that child tasks inherit and a detached task does not.
            let closeFrame = try await Detached.run(abandonWhen: shutdown.attach) {
                try await WebSocketClient.connect(url: url, configuration: webSocketConfiguration, logger: logger) { inbound, outbound, _ in
                    await self.runConnection(inbound: inbound, outbound: outbound)
                }
            }
            closeCode = closeFrame.map { Int(UInt16(webSocketErrorCode: $0.closeCode)) }
            logger.notice("Discord gateway connection closed", metadata: ["closeCode": "\(closeCode.map(String.init) ?? "none")"])
        } catch where shutdown.isRequested {
            closeCode = nil
            logger.notice("Discord gateway connection attempt abandoned for shutdown")
        } catch {
            closeCode = nil
            logger.warning("Discord gateway connection failed", metadata: ["error": "\(error)"])
        }
        let hadSession = machine.withLock { $0.session != nil }
        let actions = step { $0.disconnected(closeCode: closeCode, now: .now) }
        if hadSession, machine.withLock({ $0.session == nil }) {
            // A session-ending close code, or a resume URL that could not be reached twice.
            logger.notice("The Discord gateway session cannot be resumed; identifying afresh",
                          metadata: ["closeCode": "\(closeCode.map(String.init) ?? "none")"])
        }
        return actions
    }

    /// Sleeps until `deadline`; false when shutdown or cancellation cut the sleep short.
    private func sleepUnlessShuttingDown(until deadline: ContinuousClock.Instant) async -> Bool {
        guard !shutdown.isRequested else { return false }
        do {
            try await cancelWhenGracefulShutdown {
                try await Task.sleep(until: deadline, clock: .continuous)
            }
            return !shutdown.isRequested
        } catch {
            return false
        }
    }

    /// Applies one input to the machine.
    func step(_ input: (inout GatewayStateMachine) -> [GatewayAction]) -> [GatewayAction] {
        let (actions, changedTo) = machine.withLock { machine in
            let before = machine.state
            let actions = input(&machine)
            return (actions, machine.state == before ? nil : machine.state)
        }
        if let changedTo { logger.debug("Discord gateway state changed", metadata: ["state": "\(changedTo)"]) }
        return actions
    }
}
