import DiscordModels
import DiscordSimulator
import Foundation
import Synchronization

/// `discord-load-bench --while-painting [stories]`: page turns while stories are being painted.
///
/// `stories` (300) `/story new` of 3 pages arrive spread over one second. As each story's page 1
/// is delivered, its asker presses ▶ on it once, while the other pages of the stories are still
/// being painted (the built-in illustrator paints every page, ~20 ms each, so painting goes on for
/// the whole run). For each press it measures, from the moment the press's frame was written to
/// the bot's socket:
/// - press → callback: the UPDATE_MESSAGE accepted by the simulator (Discord's 3 s clock);
/// - press → page shown: the message first shows page 2 (the callback's body applied);
/// - press → picture: the message first shows page 2 with its picture (in the update when it was
///   painted already, else when the bot fills it in after painting).
///
/// On this machine the built-in illustrator paints ~50 pages a second, so the page 1s, and the
/// presses with them, arrive over ~17 s. Two more sets of `stories` presses, each spread over
/// one second and each on a message of its own, put presses where the bot is busiest: during
/// the second the commands arrive (on the warm-up story's painted pages), and once 30 page 1s
/// are out (on those stories' pages 1–3, while the others are written and painted).
/// It also reports how busy the machine was, and how much of that was neither the bot nor the
/// simulator: on a shared machine the figures are only comparable at similar load.
struct PressesWhilePainting {
    let simulator: DiscordSimulator
    let storyCount: Int
    let probe: ProcessProbe

    /// One story's timeline, in the simulator's clock.
    private struct Timeline: Sendable {
        var pageOneAt: ContinuousClock.Instant?
        /// The story's id, from its ▶ button (`ms:p:<story>:2`).
        var storyID: String?
        var press: Interaction?
        var pageShownAt: ContinuousClock.Instant?
        var pictureAt: ContinuousClock.Instant?
        /// The waiters registered for this story's page 2.
        var armed: Set<String> = []
    }

    /// Every story's timeline, shared by the tasks that watch them.
    private final class Timelines: Sendable {
        private let state = Mutex([Snowflake: Timeline]())

        func withLock<T>(_ body: (inout [Snowflake: Timeline]) -> T) -> T { state.withLock { body(&$0) } }
    }

    func run() async throws {
        // Warm up: one story and one press, not counted.
        let warmup = simulator.makeSlashCommand(subcommand: "new", options: ["theme": "a sleepy dragon", "name": "Mia", "pages": 3])
        await simulator.sendInteraction(warmup)
        let page1 = try await simulator.waitForOriginalResponse(interactionID: warmup.id, where: { $0.footer == "page 1 of 3" },
                                                                timeout: .seconds(60))
        guard let next = page1.components.first?.components?.last?.customID,
              let warmupStory = next.split(separator: ":").dropLast().last.map(String.init) else { fatalError("page 1 has no ▶ button") }
        let press = simulator.makeButtonPress(customID: next, messageID: page1.id)
        await simulator.sendInteraction(press)
        try await simulator.waitForCallback(interactionID: press.id, timeout: .seconds(10))
        _ = try await simulator.waitForOriginalResponse(interactionID: warmup.id, where: { !$0.attachments.isEmpty && $0.footer == "page 2 of 3" },
                                                        timeout: .seconds(60))

        print("Firing \(storyCount) /story new over 1 s; ▶ on each page 1 as it is delivered…")
        let load = Self.loadAverage()
        let commands = (0..<storyCount).map { index in
            simulator.makeSlashCommand(subcommand: "new", options: ["theme": .string("dragon number \(index)"), "name": "Mia", "pages": 3],
                                       user: User(id: Snowflake(1_400_000_000_000_300_000 + UInt64(index)), username: "reader\(index)"))
        }
        let timelines = Timelines()
        let cpuAtStart = probe.cpuSeconds ?? 0
        let ownProbe = ProcessProbe(pid: getpid())
        let ownCPUAtStart = ownProbe.cpuSeconds ?? 0
        let machineAtStart = MachineCPU.now()
        let memory = MemorySampler(probe: probe)
        let start = ContinuousClock.now
        let burstAfter = min(30, storyCount)
        let extra = try await withThrowingTaskGroup(of: (alongside: [Interaction], after: [Interaction]).self) { group in
            for (index, command) in commands.enumerated() {
                group.addTask {
                    try? await Task.sleep(until: start + .seconds(Double(index) / Double(storyCount)), clock: .continuous)
                    await simulator.sendInteraction(command)
                    try await pressOnPageOne(of: command, timelines: timelines)
                    return ([], [])
                }
            }
            group.addTask { (await pressOverOneSecond(on: [warmupStory]), []) }
            group.addTask { ([], try await pressBurst(after: burstAfter, timelines: timelines)) }
            return try await group.reduce(into: (alongside: [Interaction](), after: [Interaction]())) {
                $0.alongside += $1.alongside
                $0.after += $1.after
            }
        }
        let alongside = extra.alongside, burst = extra.after
        let elapsed = ContinuousClock.now - start
        let cpu = (probe.cpuSeconds ?? 0) - cpuAtStart
        let simulatorCPU = (ownProbe.cpuSeconds ?? 0) - ownCPUAtStart
        let machine = MachineCPU.now().since(machineAtStart)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let peak = await memory.stop()

        let all = timelines.withLock { $0 }
        var toCallback: [Duration] = [], toPage: [Duration] = [], toPicture: [Duration] = [], fromDispatch: [Duration] = []
        var pressTimes: [ContinuousClock.Instant] = []
        var paintedAlready = 0
        for timeline in all.values {
            guard let press = timeline.press else { continue }
            if let latency = simulator.acknowledgementLatency(interactionID: press.id, from: .socketWrite) { toCallback.append(latency) }
            if let latency = simulator.acknowledgementLatency(interactionID: press.id) { fromDispatch.append(latency) }
            let pressed = simulator.pressWrittenAt(press)
            if let pressed, let shown = timeline.pageShownAt { toPage.append(shown - pressed) }
            if let pressed, let picture = timeline.pictureAt {
                toPicture.append(picture - pressed)
                if picture == timeline.pageShownAt { paintedAlready += 1 }
            }
            if let pressed { pressTimes.append(pressed) }
        }
        let updates = all.values.compactMap(\.press).filter { press in
            simulator.interactionCallbacks(interactionID: press.id).contains { $0.isAccepted && $0.response.type == .updateMessage }
        }.count
        let alongsideLatencies = alongside.compactMap {
            simulator.acknowledgementLatency(interactionID: $0.id, from: .socketWrite)
        }
        let burstLatencies = burst.compactMap { simulator.acknowledgementLatency(interactionID: $0.id, from: .socketWrite) }
        let burstPictures = burst.filter { press in
            simulator.interactionCallbacks(interactionID: press.id).contains { $0.isAccepted && !$0.files.isEmpty }
        }.count
        let spread = (pressTimes.max() ?? start) - (pressTimes.min() ?? start)
        print("""

        Presses while painting (release magical-stories vs. loopback simulator; load average before \(load))
          \(storyCount) /story new over 1 s · \(all.values.filter { $0.pageOneAt != nil }.count) page 1s delivered · \
        \(updates)/\(all.values.filter { $0.press != nil }.count) presses updated, spread over \(LatencySummary.ms(spread)) ms
          press → callback (UPDATE_MESSAGE):  \(LatencySummary(toCallback))
                  from the dispatch call:     \(LatencySummary(fromDispatch))
          press → page 2 shown:               \(LatencySummary(toPage))
          press → page 2's picture shown:     \(LatencySummary(toPicture)) (\(paintedAlready) painted before the press, \
        \(all.values.filter { $0.press != nil && $0.pictureAt == nil }.count) never filled in within 30 s)
          \(alongside.count) presses over the same second as the commands, on a finished story's pages 1–3 (with pictures):
          press → callback (UPDATE_MESSAGE):  \(LatencySummary(alongsideLatencies))
          \(burst.count) more presses over 1 s once \(burstAfter) page 1s were out, on those stories' pages 1–3 (\(burstPictures) with \
        their picture), while the other stories are written and painted:
          press → callback (UPDATE_MESSAGE):  \(LatencySummary(burstLatencies))
          run: \(LatencySummary.ms(elapsed)) ms · load average after \(Self.loadAverage())
          CPU, in cores on average: machine \(String(format: "%.2f", machine.busy)) of \(machine.cores) busy · bot \
        \(String(format: "%.2f", cpu / seconds)) · simulator \(String(format: "%.2f", simulatorCPU / seconds)) · \
        other processes \(String(format: "%.2f", max(0, machine.busy - (cpu + simulatorCPU) / seconds)))
          bot memory peak: \(String(format: "%.1f", peak.anonymous)) MiB private (RssAnon) · \
        \(String(format: "%.1f", peak.file)) MiB file-backed (RssFile)
        """)
    }

    /// Once `count` stories have shown page 1, presses their pages 1, 2 and 3 in turn, `storyCount`
    /// presses spread over one second, each on a message of its own (so the watched messages keep
    /// their page 2). Returns the presses sent.
    private func pressBurst(after count: Int, timelines: Timelines) async throws -> [Interaction] {
        while true {
            let delivered = timelines.withLock { $0.values.compactMap { $0.pageOneAt == nil ? nil : $0.storyID } }
            if delivered.count >= count { return await pressOverOneSecond(on: delivered) }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// `storyCount` presses spread over one second on the stories' pages 1, 2 and 3 in turn,
    /// each on a message of its own; returns them once answered.
    private func pressOverOneSecond(on stories: [String]) async -> [Interaction] {
        let presses = (0..<storyCount).map { index in
            simulator.makeButtonPress(customID: "ms:p:\(stories[index % stories.count]):\(index % 3 + 1)")
        }
        let start = ContinuousClock.now
        for (index, press) in presses.enumerated() {
            try? await Task.sleep(until: start + .seconds(Double(index) / Double(storyCount)), clock: .continuous)
            await simulator.sendInteraction(press)
        }
        for press in presses { _ = try? await simulator.waitForCallback(interactionID: press.id, timeout: .seconds(30)) }
        return presses
    }

    /// Waits for the story's page 1, presses ▶ on it, and records when page 2 and its picture show.
    private func pressOnPageOne(of command: Interaction, timelines: Timelines) async throws {
        let id = command.id
        let pageOne = try await simulator.waitForOriginalResponse(interactionID: id, where: { $0.footer == "page 1 of 3" },
                                                                  timeout: .seconds(600))
        guard let next = pageOne.components.first?.components?.last?.customID else { return }
        timelines.withLock {
            $0[id, default: Timeline()].pageOneAt = ContinuousClock.now
            $0[id]?.storyID = next.split(separator: ":").dropLast().last.map(String.init)
        }
        let press = simulator.makeButtonPress(customID: next, messageID: pageOne.id, user: command.invoker ?? DiscordSimulator.defaultUser)
        timelines.withLock { $0[id]?.press = press }
        // Stamped inside the simulator's store, the moment the change is applied. A condition is
        // first checked as its waiter is registered: the press is sent once both have been.
        async let shown = simulator.waitForOriginalResponse(interactionID: id, where: { message in
            timelines.withLock { timeline in
                timeline[id]?.armed.insert("page")
                guard message.footer == "page 2 of 3" else { return false }
                if timeline[id]?.pageShownAt == nil { timeline[id]?.pageShownAt = ContinuousClock.now }
                return true
            }
        }, timeout: .seconds(60))
        async let painted = simulator.waitForOriginalResponse(interactionID: id, where: { message in
            timelines.withLock { timeline in
                timeline[id]?.armed.insert("picture")
                guard message.footer == "page 2 of 3", !message.attachments.isEmpty else { return false }
                if timeline[id]?.pictureAt == nil { timeline[id]?.pictureAt = ContinuousClock.now }
                return true
            }
        }, timeout: .seconds(30))
        while timelines.withLock({ $0[id]?.armed.count ?? 0 }) < 2 { try await Task.sleep(for: .milliseconds(1)) }
        await simulator.sendInteraction(press)
        _ = try await shown
        // A page whose picture never arrives is counted, not waited for.
        _ = try? await painted
    }

    static func loadAverage() -> String {
        ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?").split(separator: " ").prefix(3).joined(separator: " ")
    }
}

extension SimulatedMessage {
    var footer: String? { embeds.first?.footer?.text }
}

extension DiscordSimulator {
    /// When the press's frame was written to the bot's socket (callback time minus latency).
    fileprivate func pressWrittenAt(_ press: Interaction) -> ContinuousClock.Instant? {
        guard let callback = interactionCallbacks(interactionID: press.id).first(where: \.isAccepted),
              let latency = acknowledgementLatency(interactionID: press.id, from: .socketWrite) else { return nil }
        return callback.receivedAt - latency
    }
}

/// Samples a process's private and file-backed resident memory every 5 ms and keeps the peaks.
final class MemorySampler: Sendable {
    private let task: Task<(anonymous: Double, file: Double), Never>

    init(probe: ProcessProbe) {
        task = Task {
            var peak = (anonymous: 0.0, file: 0.0)
            while !Task.isCancelled {
                if let now = probe.residentMiB { peak = (max(peak.anonymous, now.anonymous), max(peak.file, now.file)) }
                try? await Task.sleep(for: .milliseconds(5))
            }
            return peak
        }
    }

    func stop() async -> (anonymous: Double, file: Double) {
        task.cancel()
        return await task.value
    }
}

/// p50 / p99 / max of a set of latencies, in milliseconds.
struct LatencySummary: CustomStringConvertible {
    let values: [Duration]

    init(_ values: [Duration]) { self.values = values.sorted() }

    var description: String {
        guard !values.isEmpty else { return "no samples" }
        return "p50 \(Self.ms(at(0.5))) ms · p99 \(Self.ms(at(0.99))) ms · max \(Self.ms(values.last!)) ms (\(values.count))"
    }

    func at(_ quantile: Double) -> Duration {
        values[min(values.count - 1, max(0, Int((Double(values.count) * quantile).rounded(.up)) - 1))]
    }

    static func ms(_ duration: Duration) -> String {
        String(format: "%.1f", Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1000)
    }
}

/// The whole machine's CPU time from `/proc/stat`.
struct MachineCPU {
    var busyTicks: Double
    var totalTicks: Double
    var cores: Int

    static func now() -> MachineCPU {
        let line = ((try? String(contentsOfFile: "/proc/stat", encoding: .utf8)) ?? "").split(separator: "\n").first ?? ""
        let ticks = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        let idle = ticks.count > 4 ? ticks[3] + ticks[4] : 0
        return MachineCPU(busyTicks: ticks.reduce(0, +) - idle, totalTicks: ticks.reduce(0, +),
                          cores: ProcessInfo.processInfo.activeProcessorCount)
    }

    /// Busy cores on average since `start`.
    func since(_ start: MachineCPU) -> (busy: Double, cores: Int) {
        let total = totalTicks - start.totalTicks
        return (total > 0 ? (busyTicks - start.busyTicks) / total * Double(cores) : 0, cores)
    }
}
