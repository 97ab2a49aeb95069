import DiscordModels
import DiscordSimulator
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `discord-load-bench --burst [rounds] [--reference COMMAND]`: what a Discord client sees of the
/// issue-32 burst, for the service and the discord.py reference bot in one invocation.
///
/// One loopback simulator serves every round; the bots take turns on it (service, reference,
/// service, …), `rounds` each, and each round starts a fresh bot (a fresh database). A round:
/// one warm-up story (3 pages, painted, not counted), then `stories` (300) `/story new` of 3
/// pages spread over one second, then `turns` (300) page presses spread over the next second on
/// the warm-up story (pages 1–3 in turn, each with its picture, each press on a message of its
/// own), while those stories
/// are written and painted. Every figure is measured from the moment the interaction's frame was
/// written to the bot's socket (the client's "sent"):
/// - **ack**: the accepted callback's request arrives (its head; a page update's picture follows);
/// - **page shown**: a page turn's UPDATE_MESSAGE read whole and applied to the message.
/// Per bot: peak private memory (`RssAnon`, sampled every 5 ms), peak RSS (`VmHWM`), CPU seconds
/// over the round, and, for the service, stories whole per second (its job queue empty again).
/// Figures are pooled over the rounds.
struct BurstRounds {
    /// Who is measured in a round.
    enum Contender: String, CaseIterable {
        case service = "magical-stories"
        case reference = "discord.py"
    }

    let simulator: DiscordSimulator
    let rounds: Int
    let storyCount: Int
    let turnCount: Int
    /// The reference bot's command (run by `/bin/sh`); nil measures the service alone.
    let referenceCommand: String?

    func run() async throws {
        var pooled: [Contender: BurstFigures] = [:]
        let order = BurstSchedule<Contender>(rounds: rounds, withReference: referenceCommand != nil).order
        for (index, contender) in order.enumerated() {
            print("Round \(index / (referenceCommand == nil ? 1 : 2) + 1) of \(rounds): \(contender.rawValue)…")
            let figures = try await runRound(contender)
            print("  " + figures.summaryLine)
            pooled[contender, default: BurstFigures()].add(figures)
        }
        print("\nBurst (\(storyCount) /story new over 1 s, then \(turnCount) page turns over 1 s while they are written and painted), "
              + "release bots vs. loopback simulator, \(rounds) alternating round(s) pooled; from the frame written to the bot's socket:")
        for contender in Contender.allCases { if let figures = pooled[contender] { print(figures.report(title: contender.rawValue)) } }
    }

    private func runRound(_ contender: Contender) async throws -> BurstFigures {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-burst-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let metricsPort = try ScaleRun.freePort()
        let identifies = simulator.identifyCount
        let bot = try DiscordLoadBench.launchBot(command: contender == .reference ? referenceCommand : nil, simulator: simulator,
                                                 directory: directory, environment: ["METRICS_PORT": "\(metricsPort)"])
        defer { if bot.isRunning { bot.terminate() } }
        try await simulator.waitForIdentifies(count: identifies + 1, timeout: .seconds(60))
        let probe = ProcessProbe(pid: bot.processIdentifier)

        // Warm-up: one story, painted, whose message the page turns press.
        let warmup = simulator.makeSlashCommand(subcommand: "new", options: ["theme": "a sleepy dragon", "name": "Mia", "pages": 3])
        await simulator.sendInteraction(warmup)
        let page1 = try await simulator.waitForOriginalResponse(interactionID: warmup.id, where: {
            ($0.footer ?? "").hasPrefix("page 1 of") && !$0.attachments.isEmpty
        }, timeout: .seconds(60))
        guard let next = page1.components.first?.components?.last?.customID,
              let story = next.split(separator: ":").dropFirst(2).first.map(String.init) else { fatalError("page 1 has no ▶ button") }
        if contender == .service { try await JobGauge(port: metricsPort).waitUntilEmpty(timeout: .seconds(60)) }

        let cpuAtStart = probe.cpuSeconds ?? 0
        let ownProbe = ProcessProbe(pid: getpid())
        let simulatorCPUAtStart = ownProbe.cpuSeconds ?? 0
        let machineAtStart = MachineCPU.now()
        let memory = MemorySampler(probe: probe)
        let commands = (0..<storyCount).map { index in
            simulator.makeSlashCommand(subcommand: "new", options: ["theme": .string("dragon number \(index)"), "name": "Mia", "pages": 3],
                                       user: User(id: Snowflake(1_400_000_000_000_500_000 + UInt64(index)), username: "reader\(index)"))
        }
        let turns = (0..<turnCount).map { index in
            // Each on a message of its own, as when many families turn their own pages: presses racing on
            // one message would each hold an attachment the other's update replaced.
            simulator.makeButtonPress(customID: "ms:p:\(story):\(index % 3 + 1)")
        }
        let start = ContinuousClock.now
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await spread(commands, over: .seconds(1), from: start) }
            group.addTask { await spread(turns, over: .seconds(1), from: start + .seconds(1)) }
        }
        let unanswered = await DiscordLoadBench.waitForAnswers(to: commands + turns, simulator: simulator)
        var wholeAfter: Duration?
        if contender == .service {
            try await JobGauge(port: metricsPort).waitUntilEmpty(timeout: .seconds(600))
            wholeAfter = ContinuousClock.now - start
        }
        let elapsed = ContinuousClock.now - start
        let machine = MachineCPU.now().since(machineAtStart)
        let cpu = (probe.cpuSeconds ?? 0) - cpuAtStart
        let simulatorCPU = (ownProbe.cpuSeconds ?? 0) - simulatorCPUAtStart
        let peakRSS = probe.peakMemoryMiB ?? 0
        let peak = await memory.stop()
        await DiscordLoadBench.stop(bot)

        func latencies(_ interactions: [Interaction], to end: DiscordSimulator.LatencyEnd) -> [Duration] {
            interactions.compactMap { simulator.acknowledgementLatency(interactionID: $0.id, from: .socketWrite, to: end) }
        }
        let late = (commands + turns).filter { interaction in
            simulator.interactionCallbacks(interactionID: interaction.id).contains { $0.errorCode == 10062 }
        }.count
        return BurstFigures(storyAcks: latencies(commands, to: .arrived), turnAcks: latencies(turns, to: .arrived),
                            pagesShown: latencies(turns, to: .applied), unanswered: unanswered, late: late,
                            peakPrivateMiB: [peak.anonymous], peakRSSMiB: [peakRSS], cpuSeconds: [cpu],
                            storiesPerSecond: wholeAfter.map { [Double(storyCount) / $0.seconds] } ?? [],
                            busyCores: [machine.busy], botCores: [cpu / elapsed.seconds],
                            simulatorCores: [simulatorCPU / elapsed.seconds])
    }

    /// Sends `interactions` evenly over `span`, starting at `start`.
    private func spread(_ interactions: [Interaction], over span: Duration, from start: ContinuousClock.Instant) async {
        for (index, interaction) in interactions.enumerated() {
            try? await Task.sleep(until: start + span * (Double(index) / Double(max(1, interactions.count))), clock: .continuous)
            await simulator.sendInteraction(interaction)
        }
    }
}

/// Reads the service's job queue (`magical_stories_jobs` on `/metrics`).
struct JobGauge {
    let port: Int

    /// Waits until no job is queued or running; a warning, not an error, after `timeout`.
    func waitUntilEmpty(timeout: Duration) async throws {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let jobs = await queued(), jobs == 0 { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        print("warning: the job queue was still busy after \(timeout)")
    }

    /// Jobs queued or running now; nil when the metrics cannot be read.
    private func queued() async -> Double? {
        guard let url = URL(string: "http://127.0.0.1:\(port)/metrics"), let (data, _) = try? await URLSession.shared.data(from: url)
        else { return nil }
        let values = String(decoding: data, as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix("magical_stories_jobs{") }
            .compactMap { $0.split(separator: " ").last.flatMap { Double($0) } }
        return values.isEmpty ? nil : values.reduce(0, +)
    }
}

extension Duration {
    /// In seconds, as a Double.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
