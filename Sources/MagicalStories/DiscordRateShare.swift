import DiscordGateway
import DiscordREST
import Logging
import Operations
import StoryStorePostgres

/// This process's share of Discord's global REST limit: the configured share
/// (`DISCORD_GLOBAL_RATE_SHARE`); else, once the shard plan is known, a fair share of the shards
/// this process runs (all of it when it runs every shard).
struct DiscordRateShare: Sendable {
    let settings: DiscordShardSettings
    /// This process's own budget, at its share.
    let budget: LocalGlobalRateBudget<ContinuousClock>
    let logger: Logger

    init(settings: DiscordShardSettings, logger: Logger) {
        self.settings = settings
        self.logger = logger
        budget = LocalGlobalRateBudget(limit: Self.initial(settings))
    }

    /// The share before the shards are known: the configured share; all of it when this
    /// process runs every shard; else one request a second until the shard plan gives the real
    /// share (only command registration runs before).
    static func initial(_ settings: DiscordShardSettings) -> Int {
        if let share = settings.globalRateShare { return share }
        let selection = settings.selection
        guard let ids = selection.ids else { return LocalGlobalRateBudget<ContinuousClock>.discordGlobalLimit }
        guard let count = selection.count else { return 1 }
        return LocalGlobalRateBudget<ContinuousClock>.share(ofShards: ids.count, totalShards: count)
    }

    /// Sets the share from the shard plan (`shards`: those this process runs), unless one is configured.
    func apply(shardPlan shards: [ShardID]) async {
        guard settings.globalRateShare == nil, let count = shards.first?.count else { return }
        let share = LocalGlobalRateBudget<ContinuousClock>.share(ofShards: shards.count, totalShards: count)
        await budget.setLimit(share)
        logger.notice("this process's share of Discord's global REST limit", metadata: ["requestsPerSecond": "\(share)"])
        if LocalGlobalRateBudget<ContinuousClock>.discordGlobalLimit * shards.count < count {
            logger.warning("""
                this process's fair share of Discord's global REST limit is below 1 request/s: processes together may \
                exceed it; run more shards per process or set DISCORD_GLOBAL_RATE_SHARE
                """)
        }
    }

    /// Discord's global REST limit: on PostgreSQL counted in the database for every process of
    /// the bot (this process's share is the fallback while the database cannot be reached); on
    /// SQLite, or with a configured share, this process's share.
    func globalBudget(_ store: AppStore, logger: Logger) -> any GlobalRateBudget {
        guard case let .postgres(database) = store.backend, settings.globalRateShare == nil else { return budget }
        return SharedGlobalRateBudget(shared: DatabaseRateWindow(window: PostgresRateWindow(database: database)), fallback: budget,
                                      logger: logger)
    }
}
