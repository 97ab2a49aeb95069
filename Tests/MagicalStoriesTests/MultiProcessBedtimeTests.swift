import DiscordModels
import DiscordSimulator
import Foundation
import Logging
import PostgresTestSupport
import StoryTestSupport
import Testing

/// Tonight's story exactly once with two processes of the real `magical-stories serve` binary on
/// one PostgreSQL (one Discord shard each, both running the bedtime scheduler on the wall clock):
/// both wake at the minute and race for the evening's conditional marks; one makes, one posts.
@Suite("Two service processes on PostgreSQL: each bedtime posted once", .serialized)
struct MultiProcessBedtimeTests {
    static let shardCount = 2

    /// One process of the bot running `shard`; stories made 1 minute ahead.
    static func environment(_ simulator: DiscordSimulator, databaseURL: String, shard: Int) -> [String: String] {
        ["DATABASE_URL": databaseURL, "DISCORD_TOKEN": simulator.configuration.token, "DISCORD_API_URL": simulator.apiURL,
         "DISCORD_CARDS": "false",
         "DISCORD_APPLICATION_ID": String(describing: simulator.configuration.applicationID),
         "DISCORD_SHARD_COUNT": "\(shardCount)", "DISCORD_SHARDS": "\(shard)", "TZ": "UTC",
         "WEB_CHAT_ENABLED": "false", "STORIES_WORKERS": "1", "IMAGES_WIDTH": "256", "IMAGES_HEIGHT": "256",
         "BEDTIME_MAKE_AHEAD_MINUTES": "1", "MALLOC_ARENA_MAX": "2"]
    }

    /// "HH:MM" (UTC) of `date`.
    static func time(_ date: Date) -> String {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: date)
        return String(format: "%02d:%02d", parts.hour!, parts.minute!)
    }

    @Test("two bedtimes a minute apart, two processes on one PostgreSQL: each made once, posted once in the channel")
    func postedOnce() async throws {
        let databaseURL = try await PostgresTestCluster.shared.makeDatabase()
        func sql(_ query: String) async throws -> [[String]] { try await PostgresTestCluster.shared.query(query, in: databaseURL) }
        let simulator = DiscordSimulator(configuration: .init(
            heartbeatInterval: .seconds(5),
            sessionStartLimit: .init(total: 1000, remaining: 1000, resetAfter: 86_400_000, maxConcurrency: Self.shardCount),
            recommendedShards: Self.shardCount, callbackDeadline: .seconds(120), logLevel: .error))
        try await simulator.start()
        let first = try ServiceProcess(environment: Self.environment(simulator, databaseURL: databaseURL, shard: 0))
        let second = try ServiceProcess(environment: Self.environment(simulator, databaseURL: databaseURL, shard: 1))
        var finishedCleanly = false
        defer {
            if !finishedCleanly {
                for (name, process) in [("first", first), ("second", second)] {
                    print("--- \(name) process's log (end) ---\n\(process.log.suffix(4_000))")
                }
            }
            first.cleanUp(keepFiles: false)
            second.cleanUp(keepFiles: false)
        }
        for shard in 0..<Self.shardCount { try await simulator.waitForIdentifies(shard: shard, count: 1, timeout: .seconds(120)) }

        // Two bedtimes at whole minutes, the first at least two minutes away (made one minute ahead).
        let now = Date()
        let firstMinute = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 60).rounded(.up) * 60 + 120)
        let channel = DiscordSimulator.defaultChannelID
        for time in [Self.time(firstMinute), Self.time(firstMinute.addingTimeInterval(60))] {
            let set = simulator.makeSlashCommand(name: "bedtime", subcommand: "set", options: ["time": .string(time)],
                                                 permissions: DiscordSimulator.defaultPermissions.union([.manageGuild]))
            await simulator.sendInteraction(set)
            let answer = try await DiscordFamilyProductTests.answer(simulator, set)
            #expect(answer.isEphemeral && answer.content?.contains("Bedtime is set: **\(time)**") == true, "\(answer.content ?? "")")
        }
        #expect(try await sql("SELECT count(*) FROM bedtime_schedule") == [["2"]])

        // Both processes wake at each minute; one posts each evening.
        let unprompted = { simulator.messages(channelID: channel).filter { $0.interactionID == nil } }
        try await eventually("both bedtimes posted", timeout: .seconds(300)) { unprompted().count >= 2 }
        let posts = unprompted()
        #expect(posts.allSatisfy { $0.content?.hasPrefix("🌙 Story time!") == true && $0.embeds.first?.footer?.text.hasPrefix("page 1 of ") == true })
        let evenings = try await sql("SELECT claimed_by, story_id IS NOT NULL, posted_at IS NOT NULL, skipped_at IS NULL FROM bedtime_evening")
        #expect(evenings.count == 2 && evenings.allSatisfy { $0.dropFirst() == ["t", "t", "t"] }, "\(evenings)")
        #expect(try await sql("SELECT count(*) FROM story") == [["2"]], "each evening's story made once")

        // The second minute's rounds looked at the first evening again (every round reads every
        // schedule) and left it posted: still two posts, one per evening, from either process.
        let logs = { [first.log, second.log] }
        #expect(logs().joined().components(separatedBy: "bedtime story posted").count - 1 == 2, "two posts in all, from either process")
        #expect(unprompted().count == 2 && unprompted().allSatisfy { $0.content?.hasPrefix("🌙 Story time!") == true })
        for process in [first, second] { _ = await process.terminate(within: .seconds(30)) }
        finishedCleanly = true
    }
}
