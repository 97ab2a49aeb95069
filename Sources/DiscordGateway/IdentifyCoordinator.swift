import DiscordModels

/// Decides when each shard may IDENTIFY, for every process of the bot at once.
///
/// Discord allows `max_concurrency` IDENTIFYs per 5 s — one per bucket (`shard_id % max_concurrency`)
/// — and a daily number of session starts (`session_start_limit`). A shard asks for its turn after
/// HELLO, heartbeating while it waits, and sends IDENTIFY as soon as it has it. RESUMEs need no turn.
///
/// ``LocalIdentifyCoordinator`` coordinates the shards of one process; an implementation shared
/// through a database coordinates several processes.
public protocol IdentifyCoordinator: Sendable {
    /// What `GET /gateway/bot` said; the newest report replaces older ones.
    func update(_ limit: GatewayBot.SessionStartLimit) async
    /// Waits until `shard` may IDENTIFY and counts its IDENTIFY as sent.
    /// - Throws: `CancellationError` when the wait is cancelled (the connection ended).
    func waitForTurn(_ shard: ShardID) async throws
}
