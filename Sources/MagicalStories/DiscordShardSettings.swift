import Configuration
import DiscordGateway
import Foundation

/// Which Discord shards this process runs, and its share of Discord's global REST limit
/// (docs/scaling.md, "Sharding"; docs/limits.md, "Discord shards"). Blank is absent; a value that
/// cannot run is an error naming the variable.
///
/// | key (JSON path)            | environment                 | default |
/// |----------------------------|-----------------------------|---------|
/// | `discord.shardCount`       | `DISCORD_SHARD_COUNT`       | the count `GET /gateway/bot` recommends |
/// | `discord.shards`           | `DISCORD_SHARDS`            | all (ids and ranges: `0-3`, `4,5`) |
/// | `discord.globalRateShare`  | `DISCORD_GLOBAL_RATE_SHARE` | 50 × this process's shards ÷ shard count (requests/s) |
public struct DiscordShardSettings: Sendable, Equatable, CustomStringConvertible {
    /// The shard count and the ids this process runs.
    public var selection: ShardSelection = .all
    /// Requests per second of Discord's global limit (50/s) this process may use; nil: its shards' share.
    public var globalRateShare: Int?

    public init() {}

    /// The configured shard count; nil: the count Discord recommends.
    public var shardCount: Int? { selection.count }
    /// The configured shard ids, ascending; nil: all of them.
    public var shardIDs: [Int]? { selection.ids }

    public var description: String {
        let ids = selection.ids.map { $0.map(String.init).joined(separator: ",") } ?? "all"
        return "shards: \(ids) of \(selection.count.map(String.init) ?? "recommended"), "
            + "global REST share: \(globalRateShare.map { "\($0)/s" } ?? "by shards")"
    }

    /// Settings as the configuration gives them: `shards` is a `DISCORD_SHARDS` value.
    /// - Throws: ``AppConfigError`` naming the setting that cannot run.
    public init(count: Int? = nil, shards: String? = nil, globalRateShare: Int? = nil) throws {
        if let count, !(1...Self.maxShardCount).contains(count) {
            throw AppConfigError.invalid(key: "DISCORD_SHARD_COUNT", value: "\(count)", expected: "a whole number from 1 to \(Self.maxShardCount)")
        }
        var ids: [Int]?
        if let shards = SettingValues.nonEmpty(shards) {
            do {
                ids = try ShardSelection.parseIDs(shards)
                selection = try ShardSelection(count: count, ids: ids)
            } catch {
                throw AppConfigError.invalid(key: "DISCORD_SHARDS", value: shards, expected: "shard ids and ranges such as 0-3 or 4,5: \(error)")
            }
        } else {
            selection = (try? ShardSelection(count: count)) ?? .all
        }
        if let globalRateShare, !(1...50).contains(globalRateShare) {
            throw AppConfigError.invalid(key: "DISCORD_GLOBAL_RATE_SHARE", value: "\(globalRateShare)", expected: "a whole number from 1 to 50")
        }
        self.globalRateShare = globalRateShare
    }

    /// The most shards a bot may be configured with.
    static let maxShardCount = 65_536

    init(reader: ConfigReader) throws {
        func optionalInteger(_ key: ConfigKey, in range: ClosedRange<Int>, name: String) throws -> Int? {
            guard reader.int(forKey: key) != nil || SettingValues.nonEmpty(reader.string(forKey: key)) != nil else { return nil }
            return try SettingValues.integer(reader, key, default: range.lowerBound, in: range, name: name)
        }
        try self.init(count: optionalInteger("discord.shardCount", in: 1...Self.maxShardCount, name: "DISCORD_SHARD_COUNT"),
                      shards: reader.string(forKey: "discord.shards"),
                      globalRateShare: optionalInteger("discord.globalRateShare", in: 1...50, name: "DISCORD_GLOBAL_RATE_SHARE"))
    }
}
