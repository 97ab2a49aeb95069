import DiscordModels
import DiscordSimulator
import Foundation
import Logging

/// `swift build -c release && .build/release/discord-load-bench [commands] [page-turns] [--rate N] [--bot COMMAND]`
/// `.build/release/discord-load-bench --while-painting [stories] [--bot COMMAND]`
/// `.build/release/discord-load-bench --burst [rounds] [stories] [page-turns] [--reference COMMAND]` (scripts/bench-burst.sh)
/// `.build/release/discord-load-bench --scale [stories] [page-turns] [--store sqlite|postgres] [--processes N] [--rate N] [--turn-rate N] [--turn-stories N] [--database-url URL | --tcp]`
/// `.build/release/discord-load-bench --orphans [stories] [--kill-after N] [--lease SECONDS] [--workers N] [--log-level LEVEL] [--database-url URL]`
///
/// With `--scale`, the workload is ``ScaleRun``: stories, then page turns on them, on SQLite or
/// PostgreSQL and with one or several processes of the bot (one shard each).
///
/// With `--burst`, the workload is ``BurstRounds``: issue 32's burst as a Discord client sees it,
/// the service and the `--reference` bot in alternating rounds against one simulator.
///
/// With `--while-painting`, the workload is ``PressesWhilePainting``: stories asked for over one
/// second, and a ▶ press on each as its page 1 arrives while the other pages are painted.
///
/// Without `--rate`, each burst is fired all at once (the worst case: latency is mostly queueing).
/// With `--rate N`, interactions arrive N per second, as a busy bot sees them.
/// With `--bot COMMAND`, that command (run by `/bin/sh`) is measured instead of `magical-stories`:
/// `Benchmarks/Reference/discordpy_bot.py` is the discord.py reference bot.
///
/// Starts the loopback Discord simulator, launches the real `magical-stories` binary (built
/// next to this one) as a child process pointed at it, then fires a burst of `/story new`
/// interactions and a burst of page turns. Reports acknowledgement latency (dispatch → accepted
/// callback), page-turn latency (dispatch → UPDATE_MESSAGE accepted), throughput, and the bot
/// process's own CPU time and peak memory (from /proc). Latencies are measured from the moment
/// the event's frame was written to the bot's socket (the bot's own latency) and, on a second
/// line, from the dispatch call (which adds the simulator's own encoding and send queue).
@main
struct DiscordLoadBench {
    static func main() async throws {
        var rawArguments = Array(CommandLine.arguments.dropFirst())
        var rate: Int?
        var botCommand: String?
        let whilePainting = rawArguments.contains("--while-painting")
        rawArguments.removeAll { $0 == "--while-painting" }
        if let flag = rawArguments.firstIndex(of: "--bot"), flag + 1 < rawArguments.count {
            botCommand = rawArguments[flag + 1]
            rawArguments.removeSubrange(flag...(flag + 1))
        }
        if let flag = rawArguments.firstIndex(of: "--rate"), flag + 1 < rawArguments.count {
            rate = Int(rawArguments[flag + 1]).map { max(1, $0) }
            rawArguments.removeSubrange(flag...(flag + 1))
        }
        let burst = rawArguments.contains("--burst")
        rawArguments.removeAll { $0 == "--burst" }
        var referenceCommand: String?
        if let flag = rawArguments.firstIndex(of: "--reference"), flag + 1 < rawArguments.count {
            referenceCommand = rawArguments[flag + 1]
            rawArguments.removeSubrange(flag...(flag + 1))
        }
        let scale = rawArguments.contains("--scale")
        rawArguments.removeAll { $0 == "--scale" }
        let orphans = rawArguments.contains("--orphans")
        rawArguments.removeAll { $0 == "--orphans" }
        let overTCP = rawArguments.contains("--tcp")
        rawArguments.removeAll { $0 == "--tcp" }
        func option(_ name: String) -> String? {
            guard let flag = rawArguments.firstIndex(of: name), flag + 1 < rawArguments.count else { return nil }
            defer { rawArguments.removeSubrange(flag...(flag + 1)) }
            return rawArguments[flag + 1]
        }
        let store = option("--store")
        let processes = option("--processes").flatMap(Int.init).map { max(1, $0) } ?? 1
        let turnRate = option("--turn-rate").flatMap(Int.init).map { max(1, $0) } ?? 100
        let databaseURL = option("--database-url")
        let turnStories = option("--turn-stories").flatMap(Int.init).map { max(1, $0) }
        let killAfter = option("--kill-after").flatMap(Int.init).map { max(1, $0) } ?? 150
        let lease = option("--lease").flatMap(Int.init)
        let workers = option("--workers").flatMap(Int.init)
        let logLevel = option("--log-level") ?? "error"
        let arguments = rawArguments.compactMap(Int.init)
        if orphans {
            try await OrphanRun(storyCount: arguments.first ?? 200, killAfter: killAfter, leaseSeconds: lease, databaseURL: databaseURL,
                                logLevel: logLevel, workers: workers).run()
            return
        }
        if scale {
            guard let chosen = ScaleRun.Store(rawValue: store ?? "sqlite") else {
                print("--store is sqlite or postgres")
                exit(2)
            }
            try await ScaleRun(store: chosen, processes: processes, storyCount: arguments.first ?? 200,
                               pageTurnCount: arguments.dropFirst().first ?? 2_000, rate: rate ?? 100, turnRate: turnRate,
                               databaseURL: databaseURL, overTCP: overTCP, turnStories: turnStories).run()
            return
        }
        let commandCount = arguments.first ?? 300
        let pageTurnCount = arguments.dropFirst().first ?? 1_000

        let simulator = DiscordSimulator(configuration: .init(defaultRateLimit: .init(limit: 100_000, window: .seconds(1)),
                                                              logLevel: .error))
        try await simulator.start()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-load-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        if burst {
            try await BurstRounds(simulator: simulator, rounds: arguments.first ?? 3, storyCount: arguments.dropFirst().first ?? 300,
                                  turnCount: arguments.dropFirst(2).first ?? 300, referenceCommand: referenceCommand).run()
            await simulator.stop()
            return
        }
        let bot = try launchBot(command: botCommand, simulator: simulator, directory: directory)
        defer { if bot.isRunning { bot.terminate() } }
        try await simulator.waitForIdentifies(count: 1, timeout: .seconds(30))
        let probe = ProcessProbe(pid: bot.processIdentifier)
        if whilePainting {
            try await PressesWhilePainting(simulator: simulator, storyCount: arguments.first ?? 300, probe: probe).run()
            await stop(bot)
            await simulator.stop()
            return
        }
        let cpuAtStart = probe.cpuSeconds ?? 0
        let ownProbe = ProcessProbe(pid: getpid())

        // One finished story to turn pages of.
        let warmup = simulator.makeSlashCommand(subcommand: "new", options: ["theme": "a sleepy dragon", "name": "Mia", "pages": 5])
        await simulator.sendInteraction(warmup)
        let page1 = try await simulator.waitForOriginalResponse(interactionID: warmup.id,
                                                                where: { $0.embeds.first?.footer?.text == "page 1 of 5" },
                                                                timeout: .seconds(60))
        guard let next = page1.components.first?.components?.last?.customID, let storyID = next.split(separator: ":").dropLast().last
        else { fatalError("page 1 has no ▶ button") }

        let ownCPUAtStart = ownProbe.cpuSeconds ?? 0
        // VmHWM counts file-backed pages too; sample the anonymous part through the bursts.
        let anonymousPeak = Task { () -> (anonymous: Double, file: Double) in
            var peak = (anonymous: 0.0, file: 0.0)
            while !Task.isCancelled {
                if let now = probe.residentMiB { peak = (max(peak.anonymous, now.anonymous), max(peak.file, now.file)) }
                try? await Task.sleep(for: .milliseconds(5))
            }
            return peak
        }

        // Burst 1: /story new.
        print("Firing \(commandCount) /story new interactions…")
        let commands = (0..<commandCount).map { index in
            simulator.makeSlashCommand(subcommand: "new", options: ["theme": .string("dragon number \(index)"), "name": "Mia", "pages": 3],
                                       user: User(id: Snowflake(1_400_000_000_000_100_000 + UInt64(index)), username: "user\(index)"))
        }
        let burstStart = ContinuousClock.now
        await fire(commands, rate: rate, simulator: simulator)
        var unanswered = await waitForAnswers(to: commands, simulator: simulator)
        let burstDuration = ContinuousClock.now - burstStart
        let ackLatencies = commands.compactMap { simulator.acknowledgementLatency(interactionID: $0.id, from: .socketWrite) }
        let ackFromDispatch = commands.compactMap { simulator.acknowledgementLatency(interactionID: $0.id) }

        // Burst 2: page turns on the finished story, while the stories above are being made.
        print("Firing \(pageTurnCount) page turns…")
        let presses = (0..<pageTurnCount).map { index in
            simulator.makeButtonPress(customID: "ms:p:\(storyID):\(index % 5 + 1)", messageID: page1.id,
                                      user: User(id: Snowflake(1_400_000_000_000_200_000 + UInt64(index % 50)), username: "reader"))
        }
        let turnStart = ContinuousClock.now
        await fire(presses, rate: rate, simulator: simulator)
        unanswered += await waitForAnswers(to: presses, simulator: simulator)
        let turnDuration = ContinuousClock.now - turnStart
        let turnLatencies = presses.compactMap { simulator.acknowledgementLatency(interactionID: $0.id, from: .socketWrite) }
        let turnFromDispatch = presses.compactMap { simulator.acknowledgementLatency(interactionID: $0.id) }
        let updates = presses.filter { press in
            simulator.interactionCallbacks(interactionID: press.id).contains { $0.status < 400 && $0.response.type == .updateMessage }
        }.count
        let late = (commands.map(\.id) + presses.map(\.id)).filter { id in
            simulator.interactionCallbacks(interactionID: id).contains { $0.errorCode == 10062 }
        }.count

        let cpu = (probe.cpuSeconds ?? 0) - cpuAtStart
        let simulatorCPU = (ownProbe.cpuSeconds ?? 0) - ownCPUAtStart
        let peak = probe.peakMemoryMiB ?? 0
        anonymousPeak.cancel()
        let split = await anonymousPeak.value
        await stop(bot)
        await simulator.stop()

        print("""

        Discord load benchmark (\(botCommand ?? "release magical-stories") vs. loopback simulator\(rate.map { ", \($0) interactions/s" } ?? ", bursts"))
          /story new burst:  \(ackLatencies.count)/\(commandCount) acknowledged · \(summary(ackLatencies))
                             from the dispatch call: \(summary(ackFromDispatch))
                             throughput \(String(format: "%.0f", Double(commandCount) / (Double(burstDuration.components.seconds) + Double(burstDuration.components.attoseconds) / 1e18))) acks/s
          page-turn burst:   \(updates)/\(pageTurnCount) updated · \(summary(turnLatencies))
                             from the dispatch call: \(summary(turnFromDispatch))
                             throughput \(String(format: "%.0f", Double(pageTurnCount) / (Double(turnDuration.components.seconds) + Double(turnDuration.components.attoseconds) / 1e18))) turns/s
          late (> 3 s):      \(late) · unanswered: \(unanswered)
          bot process:       CPU \(String(format: "%.2f", cpu)) s during the bursts · peak memory \(String(format: "%.1f", peak)) MiB
                             of which at most \(String(format: "%.1f", split.anonymous)) MiB private (heap, stacks) and \(String(format: "%.1f", split.file)) MiB file-backed (binary, libraries)
          simulator:         CPU \(String(format: "%.2f", simulatorCPU)) s (this process, same two cores)
        """)
    }

    /// Milliseconds, one decimal.
    static func ms(_ duration: Duration) -> String {
        String(format: "%.1f", Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1000)
    }

    /// p50, p99 and max of `values`.
    static func summary(_ values: [Duration]) -> String {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return "no samples" }
        func at(_ p: Double) -> Duration { sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)] }
        return "p50 \(ms(at(0.5))) ms · p99 \(ms(at(0.99))) ms · max \(ms(sorted.last!)) ms"
    }

    /// Sends the interactions all at once, or `rate` per second.
    static func fire(_ interactions: [Interaction], rate: Int?, simulator: DiscordSimulator) async {
        guard let rate else {
            await withTaskGroup(of: Void.self) { group in
                for interaction in interactions { group.addTask { await simulator.sendInteraction(interaction) } }
            }
            return
        }
        let start = ContinuousClock.now
        for (index, interaction) in interactions.enumerated() {
            try? await Task.sleep(until: start + .seconds(Double(index) / Double(rate)), clock: .continuous)
            await simulator.sendInteraction(interaction)
        }
    }

    /// Waits up to 30 s in all for every interaction's first callback; returns how many got none.
    /// One refused by Discord (sent after its 3 s) was answered, late, and is not waited for.
    static func waitForAnswers(to interactions: [Interaction], simulator: DiscordSimulator) async -> Int {
        let deadline = ContinuousClock.now + .seconds(30)
        var unanswered = 0
        for interaction in interactions where simulator.interactionCallbacks(interactionID: interaction.id).isEmpty {
            let remaining = max(.zero, deadline - ContinuousClock.now)
            do { try await simulator.waitForCallback(interactionID: interaction.id, timeout: remaining) } catch {
                if simulator.interactionCallbacks(interactionID: interaction.id).isEmpty { unanswered += 1 }
            }
        }
        return unanswered
    }

    /// Stops the bot: SIGTERM, then SIGKILL after 5 s (a child may inherit a mask that blocks SIGTERM).
    static func stop(_ bot: Process) async {
        bot.terminate()
        let deadline = ContinuousClock.now + .seconds(5)
        while bot.isRunning && ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        if bot.isRunning { kill(bot.processIdentifier, SIGKILL) }
        bot.waitUntilExit()
    }

    /// Launches `magical-stories serve` from the same build folder (or `command`, through
    /// `/bin/sh`, replacing the shell so that the probe measures the bot itself), configured for
    /// the simulator; `environment` is added last (a store, shards, a metrics port).
    static func launchBot(command: String?, simulator: DiscordSimulator, directory: URL,
                          environment extra: [String: String] = [:]) throws -> Process {
        let process = Process()
        if let command {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "exec \(command)"]
        } else {
            let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            let binary = here.appendingPathComponent("magical-stories")
            guard FileManager.default.isExecutableFile(atPath: binary.path) else {
                print("Build the bot first: swift build -c release --product magical-stories")
                exit(2)
            }
            process.executableURL = binary
            process.arguments = ["serve"]
        }
        // Two malloc arenas unless told otherwise, as deploy/ runs the service.
        process.environment = ProcessInfo.processInfo.environment.merging(["MALLOC_ARENA_MAX": "2"]) { current, _ in current }.merging([
            "DISCORD_TOKEN": simulator.configuration.token,
            "DISCORD_API_URL": simulator.apiURL,
            "DISCORD_APPLICATION_ID": String(describing: simulator.configuration.applicationID),
            "DATABASE_PATH": directory.appendingPathComponent("bench.sqlite").path,
            "WEB_CHAT_ENABLED": "false", "METRICS_PORT": "0",
            "LOG_LEVEL": "error",
        ]) { $1 }.merging(extra) { $1 }
        try process.run()
        return process
    }
}
