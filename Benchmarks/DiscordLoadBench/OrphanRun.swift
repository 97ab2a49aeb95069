import DiscordModels
import DiscordSimulator
import Foundation
import Logging
import PostgresTestSupport

/// `discord-load-bench --orphans [stories] [--kill-after N] [--lease SECONDS] [--workers N] [--log-level LEVEL] [--database-url URL]`
///
/// A process dying mid-burst (issue #32): two `magical-stories` processes of one bot (one shard
/// each) on PostgreSQL (a private cluster reached through its Unix socket, as ``ScaleRun``
/// starts it, or the database at `--database-url`), against the loopback simulator. `stories`
/// (200) `/story new` of 3 pages in 8 servers arrive 100 per second; once every one is
/// acknowledged, `kill-after` (150) page 1s are out and the first process holds a story whose page 1
/// it has not shown yet, that process is killed with SIGKILL.
/// Every story whose page 1 had not reached its family at the kill is an orphan: the run records,
/// for each, the time from the kill to its page 1 shown, and reports p50/p99/max, apart for
/// the stories the dead process held under its lease (the slow ones before issue #32).
/// `--lease` sets `STORIES_JOB_LEASE_SECONDS` (the service's default, 30, without it), `--workers`
/// `STORIES_WORKERS` (2).
struct OrphanRun {
    let storyCount: Int
    let killAfter: Int
    let leaseSeconds: Int?
    let databaseURL: String?
    /// The processes' `LOG_LEVEL` (`error` unless told: their logs go to this run's output).
    var logLevel = "error"
    /// Each process's `STORIES_WORKERS` (the service's default, 2, when nil): more workers, more
    /// stories held by the process that dies.
    var workers: Int? = nil

    func run() async throws {
        let simulator = DiscordSimulator(configuration: .init(
            sessionStartLimit: .init(total: 1000, remaining: 1000, resetAfter: 86_400_000, maxConcurrency: 2),
            recommendedShards: 2, callbackDeadline: .seconds(30), defaultRateLimit: .init(limit: 100_000, window: .seconds(1)),
            logLevel: .error))
        try await simulator.start()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-orphans-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let url: String
        if let databaseURL {
            url = databaseURL
        } else {
            url = try await PostgresTestCluster.shared.socketURL(of: try await PostgresTestCluster.shared.makeDatabase())
        }
        var environment = ["STORIES_PER_DAY": "100", "STORIES_REFUSED_PER_DAY": "1000", "DATABASE_URL": url, "DISCORD_SHARD_COUNT": "2",
                           "LOG_LEVEL": logLevel]
        if let leaseSeconds { environment["STORIES_JOB_LEASE_SECONDS"] = "\(leaseSeconds)" }
        if let workers { environment["STORIES_WORKERS"] = "\(workers)" }
        var bots: [Process] = []
        defer { for bot in bots where bot.isRunning { kill(bot.processIdentifier, SIGKILL) } }
        for shard in 0..<2 {
            var own = environment
            own["DISCORD_SHARDS"] = "\(shard)"
            own["METRICS_PORT"] = "\(try ScaleRun.freePort())"
            bots.append(try DiscordLoadBench.launchBot(command: nil, simulator: simulator, directory: directory, environment: own))
        }
        for shard in 0..<2 { try await simulator.waitForIdentifies(shard: shard, count: 1, timeout: .seconds(60)) }

        // Warm up: a story in every server, not counted.
        let warmups = ScaleRun.guilds.indices.map { guild in
            simulator.makeSlashCommand(subcommand: "new", options: ["theme": "a sleepy dragon", "name": "Mia", "pages": 3],
                                       guildID: ScaleRun.guilds[guild], channelID: ScaleRun.channel(guild))
        }
        for warmup in warmups { await simulator.sendInteraction(warmup) }
        for warmup in warmups { _ = try await pageOne(of: warmup, simulator: simulator, timeout: .seconds(120)) }

        print("Firing \(storyCount) /story new at 100/s on 2 processes; the first is killed after \(killAfter) page 1s…")
        let commands = (0..<storyCount).map { index in
            let guild = index % ScaleRun.guilds.count
            return simulator.makeSlashCommand(
                subcommand: "new", options: ["theme": .string("dragon number \(index)"), "name": "Mia", "pages": 3],
                guildID: ScaleRun.guilds[guild], channelID: ScaleRun.channel(guild),
                user: User(id: Snowflake(1_400_000_000_000_100_000 + UInt64(index)), username: "user\(index)"))
        }
        await DiscordLoadBench.fire(commands, rate: 100, simulator: simulator)
        let unanswered = await DiscordLoadBench.waitForAnswers(to: commands, simulator: simulator)
        let deadline = ContinuousClock.now + .seconds(600)
        while commands.count(where: { Self.showsPageOne(simulator.originalResponse(interactionID: $0.id)) }) < killAfter {
            guard ContinuousClock.now < deadline else { fatalError("fewer than \(killAfter) stories were delivered") }
            try await Task.sleep(for: .milliseconds(10))
        }

        // …and once the first process holds a story whose page 1 it has not shown yet.
        let victim = bots[0]
        let holding = "status = 'running' AND delivered_at IS NULL AND locked_by LIKE '%:\(victim.processIdentifier):%'"
        while try await PostgresTestCluster.shared.query("SELECT count(*) FROM job WHERE \(holding)", in: url).first?.first ?? "0" == "0" {
            guard ContinuousClock.now < deadline else { fatalError("the first process never held a story before its page 1") }
            try await Task.sleep(for: .milliseconds(5))
        }
        kill(victim.processIdentifier, SIGKILL)
        let killedAt = ContinuousClock.now
        victim.waitUntilExit()
        let orphans = commands.filter { !Self.showsPageOne(simulator.originalResponse(interactionID: $0.id)) }
        let leased = Set(try await PostgresTestCluster.shared.query("""
            SELECT request_key FROM job WHERE status = 'running' AND locked_by LIKE '%:\(victim.processIdentifier):%'
            """, in: url).compactMap { $0.first })
        print("Killed the first process (pid \(victim.processIdentifier)): \(orphans.count) stories not yet shown, \(leased.count) held under its lease…")

        // Each orphan's page 1, timed from the kill as it arrives.
        let arrivals = await withTaskGroup(of: (Snowflake, Duration?).self) { group in
            for orphan in orphans {
                group.addTask {
                    let shown = try? await pageOne(of: orphan, simulator: simulator, timeout: .seconds(600))
                    return (orphan.id, shown == nil ? nil : ContinuousClock.now - killedAt)
                }
            }
            var arrivals: [Snowflake: Duration?] = [:]
            for await (id, elapsed) in group { arrivals[id] = elapsed }
            return arrivals
        }
        let all = arrivals.values.compactMap { $0 }
        let held = orphans.filter { leased.contains("discord:\($0.id)") }.compactMap { arrivals[$0.id] ?? nil }
        await DiscordLoadBench.stop(bots[1])
        await simulator.stop()

        print("""

        Orphan benchmark: 2 magical-stories processes on PostgreSQL, job lease \(leaseSeconds.map { "\($0) s" } ?? "default (30 s)"), \
        \(workers.map { "\($0)" } ?? "default (2)") workers each; \
        the first SIGKILLed after \(killAfter) of \(storyCount) page 1s
          orphaned stories:   \(orphans.count) not shown at the kill · \(all.count) shown since · unanswered commands: \(unanswered)
          kill → page 1:      \(Self.seconds(all))
          held under the dead process's lease (\(held.count)/\(leased.count)): \(Self.seconds(held))
        """)
    }

    /// Waits for the interaction's original response to show page 1 (or a later page).
    private func pageOne(of command: Interaction, simulator: DiscordSimulator, timeout: Duration) async throws -> SimulatedMessage {
        try await simulator.waitForOriginalResponse(interactionID: command.id, where: { Self.showsPageOne($0) }, timeout: timeout)
    }

    /// The message shows page 1 of its story (the story reached its family).
    private static func showsPageOne(_ message: SimulatedMessage?) -> Bool {
        message?.footer == "page 1 of 3"
    }

    /// p50, p99 and max of `values`, in seconds.
    private static func seconds(_ values: [Duration]) -> String {
        let sorted = values.sorted()
        guard let last = sorted.last else { return "no samples" }
        func at(_ p: Double) -> Duration { sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)] }
        func text(_ duration: Duration) -> String {
            String(format: "%.1f s", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
        }
        return "p50 \(text(at(0.5))) · p99 \(text(at(0.99))) · max \(text(last))"
    }
}
