import DiscordModels
import DiscordSimulator
import Foundation
import Logging
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PostgresTestSupport

/// `discord-load-bench --scale [stories] [page-turns] [--store sqlite|postgres] [--processes N] [--rate N] [--turn-rate N] [--turn-stories N] [--database-url URL | --tcp]`
///
/// Scaling out (issue #19): the release `magical-stories` run as `processes` processes of one
/// bot, each running one shard of `processes`, on SQLite (one process only) or on PostgreSQL
/// (a private cluster on loopback, started by this run as the tests start theirs, or the
/// database at `--database-url`). The private cluster is on the bot's machine, so it is reached
/// as such a database should be, through its Unix socket (docs/postgresql.md); `--tcp` reaches
/// it over loopback TCP instead. Two phases, one after the other, so each is measured alone:
///
/// 1. `stories` (200) `/story new` of 3 pages from different people in 8 servers (spread over
///    the shards), arriving `rate` (100) per second: acknowledgement latency, and stories per
///    second: to the last page 1 shown, and to the last picture painted (every process's job
///    queue empty, read from `/metrics`).
/// 2. `page-turns` (2,000) presses on those finished stories, `turn-rate` (100) per second, on
///    every page of every story in turn: press → UPDATE_MESSAGE accepted, p50/p99/max.
///
/// Latencies are measured from the moment the event's frame was written to the bot's socket.
struct ScaleRun {
    /// The store the processes share.
    enum Store: String {
        case sqlite, postgres
    }

    let store: Store
    let processes: Int
    let storyCount: Int
    let pageTurnCount: Int
    let rate: Int
    let turnRate: Int
    /// An existing PostgreSQL database; nil starts a private cluster.
    let databaseURL: String?
    /// The private cluster is reached over loopback TCP instead of its Unix socket.
    var overTCP = false
    /// Page turns go to the first this many stories only (nil: all); 1 keeps every picture in
    /// the bot's picture cache, to tell the store's reads apart from the rest.
    var turnStories: Int? = nil

    /// The servers the stories are asked for in: spread over every shard.
    static let guilds: [Snowflake] = (0..<8).map { Snowflake(UInt64(4_000 + $0) << 22 | 11) }
    static func channel(_ guild: Int) -> Snowflake { Snowflake(1_200_000_000_000_100_000 + UInt64(guild)) }

    func run() async throws {
        precondition(store == .postgres || processes == 1, "several processes need PostgreSQL: --store postgres")
        let simulator = DiscordSimulator(configuration: .init(
            sessionStartLimit: .init(total: 1000, remaining: 1000, resetAfter: 86_400_000, maxConcurrency: processes),
            recommendedShards: processes, defaultRateLimit: .init(limit: 100_000, window: .seconds(1)), logLevel: .error))
        try await simulator.start()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-scale-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        var environment = ["STORIES_PER_DAY": "100", "STORIES_REFUSED_PER_DAY": "1000"]
        switch store {
        case .sqlite:
            environment["DATABASE_PATH"] = directory.appendingPathComponent("bench.sqlite").path
        case .postgres:
            if let databaseURL {
                environment["DATABASE_URL"] = databaseURL
            } else {
                let url = try await PostgresTestCluster.shared.makeDatabase()
                environment["DATABASE_URL"] = overTCP ? url : try await PostgresTestCluster.shared.socketURL(of: url)
            }
        }
        var bots: [(process: Process, probe: ProcessProbe, metricsPort: Int)] = []
        defer { for bot in bots where bot.process.isRunning { kill(bot.process.processIdentifier, SIGKILL) } }
        for index in 0..<processes {
            var own = environment
            let metricsPort = try Self.freePort()
            own["METRICS_PORT"] = "\(metricsPort)"
            if processes > 1 {
                own["DISCORD_SHARD_COUNT"] = "\(processes)"
                own["DISCORD_SHARDS"] = "\(index)"
            }
            let bot = try DiscordLoadBench.launchBot(command: nil, simulator: simulator, directory: directory, environment: own)
            bots.append((bot, ProcessProbe(pid: bot.processIdentifier), metricsPort))
        }
        for shard in 0..<processes { try await simulator.waitForIdentifies(shard: shard, count: 1, timeout: .seconds(60)) }

        // Warm up: a story in every server, not counted.
        let warmups = Self.guilds.indices.map { guild in
            simulator.makeSlashCommand(subcommand: "new", options: ["theme": "a sleepy dragon", "name": "Mia", "pages": 3],
                                       guildID: Self.guilds[guild], channelID: Self.channel(guild))
        }
        for warmup in warmups { await simulator.sendInteraction(warmup) }
        for warmup in warmups {
            _ = try await simulator.waitForOriginalResponse(interactionID: warmup.id, where: { $0.footer == "page 1 of 3" },
                                                            timeout: .seconds(120))
        }
        try await waitUntilIdle(bots.map(\.metricsPort), timeout: .seconds(120))

        // Phase 1: stories.
        print("Firing \(storyCount) /story new at \(rate)/s on \(processes) process(es), \(store.rawValue)…")
        let commands = (0..<storyCount).map { index in
            let guild = index % Self.guilds.count
            return simulator.makeSlashCommand(
                subcommand: "new", options: ["theme": .string("dragon number \(index)"), "name": "Mia", "pages": 3],
                guildID: Self.guilds[guild], channelID: Self.channel(guild),
                user: User(id: Snowflake(1_400_000_000_000_100_000 + UInt64(index)), username: "user\(index)"))
        }
        let cpuAtStart = bots.map { $0.probe.cpuSeconds ?? 0 }
        let machineAtStart = MachineCPU.now()
        let start = ContinuousClock.now
        await DiscordLoadBench.fire(commands, rate: rate, simulator: simulator)
        var unanswered = await DiscordLoadBench.waitForAnswers(to: commands, simulator: simulator)
        var pageOnes: [Snowflake: SimulatedMessage] = [:]
        for command in commands {
            if let message = try? await simulator.waitForOriginalResponse(interactionID: command.id, where: { $0.footer == "page 1 of 3" },
                                                                         timeout: .seconds(600)) {
                pageOnes[command.id] = message
            }
        }
        let delivered = ContinuousClock.now - start
        try await waitUntilIdle(bots.map(\.metricsPort), timeout: .seconds(600))
        let finished = ContinuousClock.now - start
        let storyCPU = zip(bots, cpuAtStart).map { ($0.probe.cpuSeconds ?? 0) - $1 }.reduce(0, +)
        let storyMachine = MachineCPU.now().since(machineAtStart)
        let acks = commands.compactMap { simulator.acknowledgementLatency(interactionID: $0.id, from: .socketWrite) }

        // Phase 2: page turns on the finished stories, every page of every story in turn.
        print("Firing \(pageTurnCount) page turns at \(turnRate)/s…")
        let shown = Array(commands.enumerated().compactMap { index, command in
            pageOnes[command.id].map { (guild: index % Self.guilds.count, message: $0) }
        }.prefix(turnStories ?? Int.max))
        guard !shown.isEmpty else { fatalError("no story was delivered") }
        let presses = (0..<pageTurnCount).map { index in
            let (guild, message) = shown[index % shown.count]
            let storyID = message.components.first?.components?.last?.customID?.split(separator: ":").dropLast().last ?? "?"
            return simulator.makeButtonPress(customID: "ms:p:\(storyID):\((index / shown.count) % 3 + 1)", messageID: message.id,
                                             guildID: Self.guilds[guild], channelID: Self.channel(guild),
                                             user: User(id: Snowflake(1_400_000_000_000_200_000 + UInt64(index % 50)), username: "reader"))
        }
        let turnMachineAtStart = MachineCPU.now()
        let turnCPUAtStart = bots.map { $0.probe.cpuSeconds ?? 0 }
        await DiscordLoadBench.fire(presses, rate: turnRate, simulator: simulator)
        unanswered += await DiscordLoadBench.waitForAnswers(to: presses, simulator: simulator)
        let turnCPU = zip(bots, turnCPUAtStart).map { ($0.probe.cpuSeconds ?? 0) - $1 }.reduce(0, +)
        let turnMachine = MachineCPU.now().since(turnMachineAtStart)
        let turns = presses.compactMap { simulator.acknowledgementLatency(interactionID: $0.id, from: .socketWrite) }
        let updated = presses.filter { press in
            simulator.interactionCallbacks(interactionID: press.id).contains { $0.isAccepted && $0.response.type == .updateMessage }
        }.count
        let late = (commands + presses).filter { simulator.interactionCallbacks(interactionID: $0.id).contains { $0.errorCode == 10062 } }.count
        let peaks = bots.map { $0.probe.peakMemoryMiB ?? 0 }
        for bot in bots { await DiscordLoadBench.stop(bot.process) }
        await simulator.stop()

        func seconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        }
        print("""

        Scaling benchmark: \(processes) release magical-stories process(es) on \(store.rawValue)\(store == .postgres ? (databaseURL != nil ? " (--database-url)" : overTCP ? " (loopback TCP)" : " (Unix socket)") : "") vs. loopback simulator
          stories:     \(pageOnes.count)/\(storyCount) delivered · \(String(format: "%.1f", Double(pageOnes.count) / seconds(delivered))) stories/s to the last page 1 (\(String(format: "%.1f", seconds(delivered))) s) · \(String(format: "%.1f", Double(storyCount) / seconds(finished))) stories/s to the last picture (\(String(format: "%.1f", seconds(finished))) s)
          acks:        \(acks.count)/\(storyCount) at \(rate)/s · \(DiscordLoadBench.summary(acks))
          page turns:  \(updated)/\(pageTurnCount) at \(turnRate)/s · \(DiscordLoadBench.summary(turns))
          late (> 3 s): \(late) · unanswered: \(unanswered)
          bots' CPU:   \(String(format: "%.1f", storyCPU)) s for the stories, \(String(format: "%.2f", turnCPU)) s for the page turns · peak memory \(peaks.map { String(format: "%.1f", $0) }.joined(separator: " + ")) MiB
          machine:     \(String(format: "%.2f", storyMachine.busy)) of \(storyMachine.cores) cores busy during the stories, \(String(format: "%.2f", turnMachine.busy)) during the page turns (everything on the machine)
        """)
    }

    /// Waits until no process has a job queued or running (`magical_stories_jobs` on `/metrics`).
    private func waitUntilIdle(_ ports: [Int], timeout: Duration) async throws {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            var busy = false
            for port in ports {
                guard let text = await Self.get("http://127.0.0.1:\(port)/metrics") else { busy = true; break }
                let jobs = text.split(separator: "\n").filter { $0.hasPrefix("magical_stories_jobs{") }
                    .compactMap { $0.split(separator: " ").last.flatMap { Double($0) } }
                if jobs.isEmpty || jobs.contains(where: { $0 > 0 }) { busy = true }
            }
            if !busy { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        print("warning: the job queue was still busy after \(timeout)")
    }

    /// `GET url`'s body, or nil.
    private static func get(_ url: String) async -> String? {
        guard let url = URL(string: url), let (data, response) = try? await URLSession.shared.data(from: url),
              (response as? HTTPURLResponse)?.statusCode == 200 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// A loopback port free just now.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard bound == 0, named == 0 else { throw POSIXError(.EADDRINUSE) }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
