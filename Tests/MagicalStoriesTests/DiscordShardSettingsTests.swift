import Foundation
import MagicalStories
import Operations
import Testing

@Suite("Discord shard settings")
struct DiscordShardSettingsTests {
    @Test("blank or absent: every shard Discord recommends, the global share by shards")
    func defaults() async throws {
        let config = try await AppConfig.load(file: nil, environment: ["DISCORD_SHARDS": " ", "DISCORD_SHARD_COUNT": ""])
        #expect(config.discordShards == DiscordShardSettings())
        #expect(config.discordShards.shardCount == nil && config.discordShards.shardIDs == nil)
        #expect(config.discordShards.globalRateShare == nil)
    }

    @Test("ids and ranges are read in any order, ascending", arguments: [
        ("0-3", [0, 1, 2, 3]), ("4,5", [4, 5]), ("6, 0-1", [0, 1, 6]), ("7", [7]), (" 2 - 3 ", [2, 3]),
    ])
    func ranges(text: String, ids: [Int]) async throws {
        let config = try await AppConfig.load(file: nil, environment: ["DISCORD_SHARDS": text, "DISCORD_SHARD_COUNT": "8"])
        #expect(config.discordShards.shardIDs == ids)
        #expect(config.discordShards.shardCount == 8)
    }

    @Test("the config file names them too")
    func file() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ms-shards-\(UUID().uuidString).json").path
        try Data(#"{"discord": {"shardCount": 6, "shards": "3-5", "globalRateShare": 20}}"#.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let config = try await AppConfig.load(file: path, environment: [:])
        #expect(config.discordShards.shardCount == 6)
        #expect(config.discordShards.shardIDs == [3, 4, 5])
        #expect(config.discordShards.globalRateShare == 20)
    }

    @Test("ids without a count are checked once Discord names the count")
    func idsWithoutCount() async throws {
        let config = try await AppConfig.load(file: nil, environment: ["DISCORD_SHARDS": "9-12"])
        #expect(config.discordShards.shardIDs == [9, 10, 11, 12])
        #expect(config.discordShards.shardCount == nil)
    }

    @Test("settings that cannot run are refused by name, saying why", arguments: [
        (["DISCORD_SHARDS": "3-1"], "DISCORD_SHARDS", "backwards"),
        (["DISCORD_SHARDS": "0-2,2"], "DISCORD_SHARDS", "listed twice"),
        (["DISCORD_SHARDS": ","], "DISCORD_SHARDS", "no shard ids"),
        (["DISCORD_SHARDS": "a-b"], "DISCORD_SHARDS", "not a shard id"),
        (["DISCORD_SHARDS": "-1"], "DISCORD_SHARDS", "not a shard id"),
        (["DISCORD_SHARDS": "1,,2"], "DISCORD_SHARDS", "not a shard id"),
        (["DISCORD_SHARDS": "2-4", "DISCORD_SHARD_COUNT": "4"], "DISCORD_SHARDS", "shard 4 does not exist"),
        (["DISCORD_SHARD_COUNT": "0"], "DISCORD_SHARD_COUNT", "from 1"),
        (["DISCORD_SHARD_COUNT": "many"], "DISCORD_SHARD_COUNT", "whole number"),
        (["DISCORD_GLOBAL_RATE_SHARE": "51"], "DISCORD_GLOBAL_RATE_SHARE", "from 1 to 50"),
    ])
    func invalid(environment: [String: String], key: String, reason: String) async throws {
        do {
            _ = try await AppConfig.load(file: nil, environment: environment)
            Issue.record("\(environment) was accepted")
        } catch {
            let message = "\(error)"
            #expect(message.contains(key), "\(message)")
            #expect(message.contains(reason), "\(message)")
        }
    }
}
