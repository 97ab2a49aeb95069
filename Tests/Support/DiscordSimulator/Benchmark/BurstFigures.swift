import Foundation

/// One bot's figures from the load benchmark's burst rounds (`discord-load-bench --burst`),
/// pooled over rounds: latencies are merged before their percentiles are taken; per-round
/// figures (memory, CPU, throughput) are kept as lists and shown as their range.
public struct BurstFigures: Sendable {
    public var storyAcks: [Duration] = []
    public var turnAcks: [Duration] = []
    public var pagesShown: [Duration] = []
    public var unanswered = 0
    public var late = 0
    public var peakPrivateMiB: [Double] = []
    public var peakRSSMiB: [Double] = []
    public var cpuSeconds: [Double] = []
    public var storiesPerSecond: [Double] = []
    /// The whole machine's busy cores, on average over a round.
    public var busyCores: [Double] = []
    /// The bot's own cores, on average over a round.
    public var botCores: [Double] = []
    /// The simulator's (the benchmark process's) cores, on average over a round.
    public var simulatorCores: [Double] = []

    public init(storyAcks: [Duration] = [], turnAcks: [Duration] = [], pagesShown: [Duration] = [], unanswered: Int = 0,
                late: Int = 0, peakPrivateMiB: [Double] = [], peakRSSMiB: [Double] = [], cpuSeconds: [Double] = [],
                storiesPerSecond: [Double] = [], busyCores: [Double] = [], botCores: [Double] = [],
                simulatorCores: [Double] = []) {
        self.storyAcks = storyAcks
        self.turnAcks = turnAcks
        self.pagesShown = pagesShown
        self.unanswered = unanswered
        self.late = late
        self.peakPrivateMiB = peakPrivateMiB
        self.peakRSSMiB = peakRSSMiB
        self.cpuSeconds = cpuSeconds
        self.storiesPerSecond = storiesPerSecond
        self.busyCores = busyCores
        self.botCores = botCores
        self.simulatorCores = simulatorCores
    }

    /// Pools another round's figures into these.
    public mutating func add(_ other: BurstFigures) {
        storyAcks += other.storyAcks
        turnAcks += other.turnAcks
        pagesShown += other.pagesShown
        unanswered += other.unanswered
        late += other.late
        peakPrivateMiB += other.peakPrivateMiB
        peakRSSMiB += other.peakRSSMiB
        cpuSeconds += other.cpuSeconds
        storiesPerSecond += other.storiesPerSecond
        busyCores += other.busyCores
        botCores += other.botCores
        simulatorCores += other.simulatorCores
    }

    /// The nearest-rank `quantile` (0…1) of `values`, nil when there are none.
    public static func percentile(_ quantile: Double, of values: [Duration]) -> Duration? {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return nil }
        return sorted[min(sorted.count - 1, max(0, Int((Double(sorted.count) * quantile).rounded(.up)) - 1))]
    }

    /// "p50 / p99 ms" of `values`.
    public static func p50p99(_ values: [Duration]) -> String {
        guard let p50 = percentile(0.5, of: values), let p99 = percentile(0.99, of: values) else { return "no samples" }
        return "\(milliseconds(p50)) / \(milliseconds(p99)) ms"
    }

    /// "low–high" of per-round figures (one value alone when they agree).
    public static func range(_ values: [Double], format: String = "%.1f") -> String {
        guard let low = values.min(), let high = values.max() else { return "—" }
        let (a, b) = (String(format: format, low), String(format: format, high))
        return a == b ? a : "\(a)–\(b)"
    }

    static func milliseconds(_ duration: Duration) -> String {
        String(format: "%.2f", Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15)
    }

    /// One line for a round.
    public var summaryLine: String {
        "story ack \(Self.p50p99(storyAcks)) · turn ack \(Self.p50p99(turnAcks)) · page shown \(Self.p50p99(pagesShown)) · "
            + "RssAnon \(Self.range(peakPrivateMiB)) MiB · RSS \(Self.range(peakRSSMiB)) MiB · CPU \(Self.range(cpuSeconds, format: "%.2f")) s"
            + (storiesPerSecond.isEmpty ? "" : " · \(Self.range(storiesPerSecond)) stories whole/s")
            + " · machine \(Self.range(busyCores, format: "%.2f")) cores busy (bot \(Self.range(botCores, format: "%.2f")), simulator \(Self.range(simulatorCores, format: "%.2f")))"
    }

    /// The pooled figures, a block of lines headed by `title`.
    public func report(title: String) -> String {
        """
          \(title): \(storyAcks.count) stories, \(turnAcks.count) page turns acknowledged · unanswered \(unanswered) · late (> 3 s) \(late)
            story acknowledgement p50 / p99:  \(Self.p50p99(storyAcks))
            page-turn acknowledgement p50 / p99: \(Self.p50p99(turnAcks))
            page shown (update) p50 / p99:    \(Self.p50p99(pagesShown))
            peak RssAnon \(Self.range(peakPrivateMiB)) MiB · peak RSS \(Self.range(peakRSSMiB)) MiB · CPU \(Self.range(cpuSeconds, format: "%.2f")) s a round\
        \(storiesPerSecond.isEmpty ? "" : " · \(Self.range(storiesPerSecond)) stories whole/s")
            machine \(Self.range(busyCores, format: "%.2f")) cores busy on average (the bot \(Self.range(botCores, format: "%.2f")), the simulator \(Self.range(simulatorCores, format: "%.2f")))
        """
    }
}
