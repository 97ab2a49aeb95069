import ConcurrencyKit
import DiscordModels
import Logging
import ServiceLifecycle
import Synchronization

/// Runs this process's shards of the bot: one ``GatewayClient`` each (its own connection, session
/// and resume state), all sharing one ``IdentifyCoordinator``.
///
/// `run()` asks `GET /gateway/bot` once (retrying while Discord cannot be reached), settles the
/// shard plan from the ``ShardSelection`` and Discord's recommended count, reports it through
/// `onPlan`, then runs every shard until graceful shutdown. A shard that cannot be run (an id not
/// below the count) or a fatal close on any shard ends the whole gateway with
/// ``GatewayFatalError``.
public final class ShardedGateway: Service {
    private let configuration: GatewayConfiguration
    private let selection: ShardSelection
    private let identifyCoordinator: any IdentifyCoordinator
    private let sessionStore: @Sendable (ShardID) -> any GatewaySessionStore
    private let logger: Logger
    private let onPlan: @Sendable ([ShardID]) async -> Void
    private let onDispatch: @Sendable (ShardID, GatewayDispatch) async -> Void
    private let clients = Mutex<[GatewayClient]>([])

    /// - Parameters:
    ///   - configuration: Token, intents and how to reach the gateway (shared by every shard).
    ///   - selection: The shard count and the ids this process runs.
    ///   - identifyCoordinator: Hands out IDENTIFY turns to every shard of the bot.
    ///   - sessionStore: Where each shard's session survives restarts.
    ///   - onPlan: Told the shards this process runs, once, before any connects.
    ///   - onDispatch: Receives each shard's events in order (see ``GatewayClient``); it must return quickly.
    public init(
        configuration: GatewayConfiguration,
        selection: ShardSelection,
        identifyCoordinator: any IdentifyCoordinator,
        sessionStore: @escaping @Sendable (ShardID) -> any GatewaySessionStore,
        logger: Logger,
        onPlan: @escaping @Sendable ([ShardID]) async -> Void = { _ in },
        onDispatch: @escaping @Sendable (ShardID, GatewayDispatch) async -> Void
    ) {
        self.configuration = configuration
        self.selection = selection
        self.identifyCoordinator = identifyCoordinator
        self.sessionStore = sessionStore
        self.logger = logger
        self.onPlan = onPlan
        self.onDispatch = onDispatch
    }

    /// Each running shard's state and counters, by shard (empty until the plan is settled).
    public var statuses: [ShardID: GatewayStatus] {
        clients.withLock { Dictionary(uniqueKeysWithValues: $0.map { ($0.shard, $0.status) }) }
    }

    /// Runs until graceful shutdown (returns) or a fatal error on any shard (throws ``GatewayFatalError``).
    public func run() async throws {
        guard let gateway = await fetchGatewayInfo() else { return }
        let shards: [ShardID]
        do {
            shards = try selection.plan(recommendedCount: gateway.shards)
        } catch {
            logger.critical("Discord shards cannot run: \(error)")
            throw GatewayFatalError(closeCode: nil, message: "DISCORD_SHARDS / DISCORD_SHARD_COUNT: \(error)")
        }
        logger.notice("Running Discord shards", metadata: [
            "shards": "\(shards.map { String($0.id) }.joined(separator: ","))", "shardCount": "\(shards[0].count)",
            "recommended": "\(gateway.shards)", "maxConcurrency": "\(gateway.sessionStartLimit.maxConcurrency)",
        ])
        await onPlan(shards)
        var known = configuration
        // Every shard uses the answer just fetched: one request, one view of the limits.
        known.gatewayInfo = { gateway }
        let clients = shards.map { shard in
            GatewayClient(configuration: known, shard: shard, identifyCoordinator: identifyCoordinator,
                          sessionStore: sessionStore(shard), logger: logger) { [onDispatch] dispatch in
                await onDispatch(shard, dispatch)
            }
        }
        self.clients.withLock { $0 = clients }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for client in clients {
                group.addTask { try await client.run() }
            }
            try await group.waitForAll()
        }
    }

    /// `GET /gateway/bot`, retried with backoff; nil when shutting down first.
    private func fetchGatewayInfo() async -> GatewayBot? {
        var backoff = Backoff(.gatewayReconnect)
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            do {
                return try await cancelWhenGracefulShutdown(configuration.gatewayInfo)
            } catch {
                let delay = backoff.next()
                logger.warning("Fetching the Discord gateway URL failed", metadata: ["error": "\(error)", "retryIn": "\(delay)"])
                do {
                    try await cancelWhenGracefulShutdown { try await Task.sleep(for: delay) }
                } catch {
                    return nil
                }
            }
        }
        return nil
    }
}
