import DiscordModels
import DiscordSimulator
import Foundation
import Logging
import MagicalStories
import Operations
import StoryDomain
import StoryStore
import StoryStorePostgres
import Testing

/// A stored gateway session whose resume address is gone must not keep the bot offline (issue #32).
@Suite("Discord: a stored session whose resume host is gone", .serialized)
struct DiscordRetiredResumeHostTests {
    static let sessionKey = "discord.gateway.session"

    /// Starts a bot, lets it identify and stops it gracefully, so its session is stored.
    private static func storedSession(on simulator: DiscordSimulator, directory: URL) async throws -> DiscordTestBot {
        let first = try await DiscordTestBot.start(simulator: simulator, directory: directory)
        try await simulator.waitForIdentifies(count: 1)
        // READY stores the session.
        try await pollUntil(timeout: .seconds(20)) { try await values(of: first).value(for: sessionKey) != nil }
        await first.stopBot()
        return first
    }

    private static func values(of bot: DiscordTestBot) throws -> SQLiteKeyValueStore {
        SQLiteKeyValueStore(database: try #require(bot.app.database), clock: SystemWallClock())
    }

    /// Rewrites one field of the stored session, as JSON, in the bot's SQLite store.
    private static func rewriteStoredSession(of bot: DiscordTestBot, _ change: (inout [String: Any]) -> Void) async throws {
        try await rewrite(sessionKey, in: try values(of: bot), change)
    }

    /// Rewrites one field of the session stored under `key`, as JSON.
    private static func rewrite(_ key: String, in values: any KeyValueStore, _ change: (inout [String: Any]) -> Void) async throws {
        let text = try #require(try await values.value(for: key), "the session was stored")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        change(&object)
        let rewritten = try JSONSerialization.data(withJSONObject: object)
        try await values.setValue(String(decoding: rewritten, as: UTF8.self), for: key)
    }

    @Test("resume host a closed port: two refused tries, then IDENTIFY on the gateway URL; READY and commands answered within seconds")
    func closedResumeHostFallsBackToIdentify() async throws {
        let simulator = DiscordSimulator(configuration: .init(heartbeatInterval: .milliseconds(250)))
        try await simulator.start()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-discord-retired-\(UUID().uuidString)")
        let first = try await Self.storedSession(on: simulator, directory: directory)
        let closedPort = try loopbackPortNobodyListensOn()
        try await Self.rewriteStoredSession(of: first) { $0["resumeURL"] = "ws://127.0.0.1:\(closedPort)/resume" }

        let restarted = ContinuousClock.now
        // Waits (up to 30 s) for the bot's first connection to the simulator: the fallback's.
        let second = try await DiscordTestBot.start(simulator: simulator, directory: directory)
        try await simulator.waitForIdentifies(count: 2, timeout: .seconds(30))
        // Refused, ≤ 1 s backoff, refused, IDENTIFY at once: about a second. Generous for a busy machine.
        let elapsed = ContinuousClock.now - restarted
        #expect(elapsed < .seconds(20), "READY within the normal identify delay, not \(elapsed)")
        #expect(simulator.resumeCount == 0, "no resume reached the simulator: it went to the closed port")
        let command = simulator.makeSlashCommand(name: "help")
        await simulator.sendInteraction(command)
        try await simulator.waitForCallback(interactionID: command.id, timeout: .seconds(10))
        await second.stopAll()
    }

    @Test("a stored session older than DISCORD_RESUME_MAX_AGE_SECONDS is not tried: the restart identifies")
    func staleStoredSessionIdentifies() async throws {
        let simulator = DiscordSimulator(configuration: .init(heartbeatInterval: .milliseconds(250)))
        try await simulator.start()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-discord-stale-\(UUID().uuidString)")
        let first = try await Self.storedSession(on: simulator, directory: directory)
        // Stored ten minutes ago (the default limit is five).
        let tenMinutesAgo = Date().addingTimeInterval(-600).timeIntervalSinceReferenceDate
        try await Self.rewriteStoredSession(of: first) { $0["savedAt"] = tenMinutesAgo }

        let second = try await DiscordTestBot.start(simulator: simulator, directory: directory)
        try await simulator.waitForIdentifies(count: 2, timeout: .seconds(30))
        #expect(simulator.resumeCount == 0 && simulator.identifyCount == 2, "no resume was tried")
        // READY stores the new session (saved now, not ten minutes ago) before the bot stops.
        try await pollUntil(timeout: .seconds(20)) {
            guard let text = try await Self.values(of: second).value(for: Self.sessionKey),
                  let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                  let savedAt = object["savedAt"] as? Double else { return false }
            return savedAt > tenMinutesAgo + 60
        }
        await second.stopBot()

        // A quick restart under the limit still resumes.
        let third = try await DiscordTestBot.start(simulator: simulator, directory: directory)
        try await simulator.waitForResumes(count: 1, timeout: .seconds(30))
        #expect(simulator.identifyCount == 2)
        await third.stopAll()
    }

    @Test("on PostgreSQL, two processes whose stored resume hosts are gone both identify afresh, through the shared turns: none refused")
    func twoProcessesOnPostgresFallBack() async throws {
        let simulator = try await DiscordShardingTests.simulator(shards: 2, maxConcurrency: 1)
        let url = try await PostgresServiceTests.postgresURL()
        let settings = try ["0", "1"].map { try DiscordShardSettings(count: 2, shards: $0) }
        let keys = ["0", "1"].map { "\(Self.sessionKey).\($0)-of-2" }
        // Shards 0 and 1 are both in bucket 0 (max_concurrency 1): IDENTIFYs 5 s apart or refused.
        var bots: [DiscordTestBot] = []
        for shard in settings { bots.append(try await DiscordTestBot.start(simulator: simulator) { $0.databaseURL = url; $0.discordShards = shard }) }
        for shard in 0 ..< 2 { try await simulator.waitForIdentifies(shard: shard, count: 1, timeout: .seconds(40)) }
        let database = try await PostgresDatabase.connect(to: url, logger: Logger(label: "test"))
        let values = PostgresKeyValueStore(database: database, clock: SystemWallClock())
        for key in keys { try await pollUntil(timeout: .seconds(20)) { try await values.value(for: key) != nil } }
        for bot in bots { await bot.stopBot() }
        let closedPort = try loopbackPortNobodyListensOn()
        for key in keys { try await Self.rewrite(key, in: values, { $0["resumeURL"] = "ws://127.0.0.1:\(closedPort)/resume" }) }
        await database.close()

        let restarted = ContinuousClock.now
        bots = []
        for shard in settings { bots.append(try await DiscordTestBot.start(simulator: simulator) { $0.databaseURL = url; $0.discordShards = shard }) }
        for shard in 0 ..< 2 { try await simulator.waitForIdentifies(shard: shard, count: 2, timeout: .seconds(60)) }
        let elapsed = ContinuousClock.now - restarted
        #expect(elapsed < .seconds(40), "both shards back within their identify turns, not \(elapsed)")
        #expect(simulator.refusedIdentifyCount == 0, "the fallback IDENTIFYs waited for the bucket's turn across processes")
        #expect(simulator.resumeCount == 0)
        for shard in 0 ..< 2 {
            let help = simulator.makeSlashCommand(name: "help", guildID: DiscordShardingTests.guild(onShard: shard, of: 2))
            await simulator.sendInteraction(help)
            _ = try await simulator.waitForCallback(interactionID: help.id, timeout: .seconds(10))
        }
        await bots[0].stopBot()
        await bots[1].stopAll()
    }
}

/// A loopback port nothing listens on: connections to it are refused (the one helper,
/// ``LoopbackPort/free()``, which no listener on port 0 is ever given).
func loopbackPortNobodyListensOn() throws -> Int {
    try LoopbackPort.free()
}
