import DiscordModels
import DiscordSimulator
import Foundation
import MagicalStories
import Operations
import StoryDomain
import StoryTestSupport
import Testing

@Suite("Discord: shards end to end against the simulator", .serialized)
struct DiscordShardingTests {
    /// A simulator that recommends `shards` shards and lets two identify at once. Heartbeats are
    /// seconds apart, so a loaded machine does not make a connection look like a zombie and resume.
    static func simulator(shards: Int = 2, maxConcurrency: Int = 2) async throws -> DiscordSimulator {
        let simulator = DiscordSimulator(configuration: .init(
            heartbeatInterval: .seconds(5),
            sessionStartLimit: .init(total: 1000, remaining: 1000, resetAfter: 86_400_000, maxConcurrency: maxConcurrency),
            recommendedShards: shards))
        try await simulator.start()
        return simulator
    }

    /// A server whose events go to shard `shard` of `count`.
    static func guild(onShard shard: Int, of count: Int) -> Snowflake {
        Snowflake(UInt64(1_000 * count + shard) << 22 | 11)
    }

    /// Asks for a story in `guild` and waits for its page 1.
    static func storyIsDelivered(in guild: Snowflake, _ simulator: DiscordSimulator, name: String) async throws {
        let command = simulator.makeSlashCommand(subcommand: "new", options: ["theme": "a lantern", "name": .string(name), "age": 5],
                                                 guildID: guild)
        await simulator.sendInteraction(command)
        let page1 = try await simulator.waitForOriginalResponse(interactionID: command.id, where: DiscordStoryFlowTests.isPage(1, of: 5),
                                                               timeout: .seconds(30))
        #expect(page1.embeds.first?.description?.contains(name) == true)
    }

    @Test("one process runs the two shards Discord recommends: stories in servers on each are delivered; one shard resumes alone")
    func oneProcessTwoShards() async throws {
        let simulator = try await Self.simulator()
        let bot = try await DiscordTestBot.start(simulator: simulator)
        try await simulator.waitForIdentifies(shard: 0, count: 1, timeout: .seconds(20))
        try await simulator.waitForIdentifies(shard: 1, count: 1, timeout: .seconds(20))
        try await Self.storyIsDelivered(in: Self.guild(onShard: 0, of: 2), simulator, name: "Ada")
        try await Self.storyIsDelivered(in: Self.guild(onShard: 1, of: 2), simulator, name: "Ben")

        // Shard 1's connection drops; shard 0 keeps answering while shard 1 resumes and replays.
        await simulator.dropConnection(shard: 1)
        let onShard1 = simulator.makeSlashCommand(name: "help", guildID: Self.guild(onShard: 1, of: 2))
        let onShard0 = simulator.makeSlashCommand(name: "help", guildID: Self.guild(onShard: 0, of: 2))
        await simulator.sendInteraction(onShard1)
        await simulator.sendInteraction(onShard0)
        _ = try await simulator.waitForCallback(interactionID: onShard0.id, timeout: .seconds(10))
        try await simulator.waitForResumes(shard: 1, count: 1, timeout: .seconds(15))
        _ = try await simulator.waitForCallback(interactionID: onShard1.id, timeout: .seconds(10))
        #expect(simulator.interactionCallbacks(interactionID: onShard1.id).count == 1, "answered once")
        #expect(simulator.resumeCount(shard: 0) == 0, "shard 0's session was left alone")
        #expect(simulator.identifyCount(shard: 0) == 1 && simulator.identifyCount(shard: 1) == 1)

        // /ready and the gateway metric speak of both shards.
        let port = try #require(await bot.app.operationsPort())
        let metrics = try await OperationsEndpointTests.scrape(port)
        #expect(metrics.value(ServiceMetrics.Name.gatewayState, ["shard": "0", "state": "ready"]) == 1)
        #expect(metrics.value(ServiceMetrics.Name.gatewayState, ["shard": "1", "state": "ready"]) == 1)

        // Each shard's session is kept apart: a restart resumes both.
        await bot.stopBot()
        let restarted = try await DiscordTestBot.start(simulator: simulator, directory: bot.directory)
        try await simulator.waitForResumes(shard: 0, count: 1, timeout: .seconds(20))
        try await simulator.waitForResumes(shard: 1, count: 2, timeout: .seconds(20))
        #expect(simulator.identifyCount == 2, "resumed, not identified again")
        await restarted.stopAll()
    }

    @Test("two processes split the shards with DISCORD_SHARDS: each runs only its own and answers its servers")
    func twoProcessesSplitTheShards() async throws {
        let simulator = try await Self.simulator(shards: 4)
        let firstHalf = try DiscordShardSettings(count: 4, shards: "0-1")
        let secondHalf = try DiscordShardSettings(count: 4, shards: "2,3")
        let first = try await DiscordTestBot.start(simulator: simulator) { $0.discordShards = firstHalf }
        let second = try await DiscordTestBot.start(simulator: simulator) { $0.discordShards = secondHalf }
        for shard in 0 ..< 4 { try await simulator.waitForIdentifies(shard: shard, count: 1, timeout: .seconds(30)) }
        for shard in 0 ..< 4 {
            let help = simulator.makeSlashCommand(name: "help", guildID: Self.guild(onShard: shard, of: 4))
            await simulator.sendInteraction(help)
            _ = try await simulator.waitForCallback(interactionID: help.id, timeout: .seconds(10))
        }
        try await first.waitForHandled("help", count: 2)
        try await second.waitForHandled("help", count: 2)
        #expect((0 ..< 4).map { simulator.identifyCount(shard: $0) } == [1, 1, 1, 1], "each shard ran in exactly one process")
        await first.stopBot()
        await second.stopAll()
        try? FileManager.default.removeItem(at: first.directory)
    }

    @Test("two processes on one PostgreSQL take their identify turns through it (max_concurrency 1: none refused); one registers the commands")
    func twoProcessesShareIdentifyTurns() async throws {
        let simulator = try await Self.simulator(shards: 2, maxConcurrency: 1)
        let url = try await PostgresServiceTests.postgresURL()
        let shardZero = try DiscordShardSettings(count: 2, shards: "0")
        let shardOne = try DiscordShardSettings(count: 2, shards: "1")
        // Shards 0 and 1 are both in bucket 0: without shared turns the second process would
        // identify within the first's 5 s and be refused (op 9).
        let first = try await DiscordTestBot.start(simulator: simulator) { $0.databaseURL = url; $0.discordShards = shardZero }
        let secondLog = LogRecorder()
        let second = try await DiscordTestBot.start(simulator: simulator, logger: secondLog.logger(label: "second")) {
            $0.databaseURL = url; $0.discordShards = shardOne
        }
        for shard in 0 ..< 2 { try await simulator.waitForIdentifies(shard: shard, count: 1, timeout: .seconds(40)) }
        #expect(simulator.refusedIdentifyCount == 0, "the second process waited for the bucket's turn")
        for shard in 0 ..< 2 {
            let help = simulator.makeSlashCommand(name: "help", guildID: Self.guild(onShard: shard, of: 2))
            await simulator.sendInteraction(help)
            _ = try await simulator.waitForCallback(interactionID: help.id, timeout: .seconds(10))
        }
        try await waitFor { simulator.commandRegistrations >= 1 ? true : nil }
        // "The other did not register" without a guessed wait: stop the leader; the other takes
        // the lead (within the runner's 5 s retry) and says, explicitly, that it leaves the
        // registered commands be.
        await first.stopBot()
        try await secondLog.waitFor("slash commands unchanged; not registering")
        #expect(simulator.commandRegistrations == 1, "only the leading process registered")
        await second.stopAll()
        try? FileManager.default.removeItem(at: first.directory)
    }

    @Test("shard ids beyond the count Discord recommends stop the service with a message naming them")
    func idsThatDoNotExistStopTheService() async throws {
        let simulator = try await Self.simulator(shards: 2)
        let beyond = try DiscordShardSettings(shards: "1-3")
        let bot = try await DiscordTestBot.start(simulator: simulator, expectIdentify: false) { $0.discordShards = beyond }
        guard case let .failure(error) = await bot.result() else {
            Issue.record("the service ran shards that do not exist")
            await bot.stopAll()
            return
        }
        #expect("\(error)".contains("shard 2 does not exist"), "\(error)")
        #expect(simulator.identifyCount == 0)
        await simulator.stop()
        try? FileManager.default.removeItem(at: bot.directory)
    }
}
