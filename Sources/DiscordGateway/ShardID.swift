/// One shard of the bot's gateway traffic: `[id, count]` in IDENTIFY. Discord sends a server's
/// events to shard `(guild_id >> 22) % count`, and events without a server (DMs, entitlements)
/// to shard 0.
public struct ShardID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The shard's number, `0 ..< count`.
    public let id: Int
    /// How many shards the bot runs in all (across every process).
    public let count: Int

    /// - Precondition: `0 <= id < count`; ``ShardSelection`` only makes valid ones.
    public init(id: Int, count: Int) {
        precondition(count >= 1 && (0 ..< count).contains(id), "shard \(id) of \(count) does not exist")
        self.id = id
        self.count = count
    }

    /// The one shard of an unsharded bot.
    public static let single = ShardID(id: 0, count: 1)

    /// The shard that receives the events of the server `guildID`.
    public static func of(guildID: UInt64, count: Int) -> Int {
        Int((guildID >> 22) % UInt64(max(1, count)))
    }

    /// The identify bucket (`id % max_concurrency`): shards in different buckets may identify together.
    public func bucket(maxConcurrency: Int) -> Int { id % max(1, maxConcurrency) }

    /// `[id, count]`, as IDENTIFY carries it.
    public var payload: [Int] { [id, count] }

    public var description: String { "\(id)/\(count)" }

    public static func < (lhs: ShardID, rhs: ShardID) -> Bool { (lhs.count, lhs.id) < (rhs.count, rhs.id) }
}
