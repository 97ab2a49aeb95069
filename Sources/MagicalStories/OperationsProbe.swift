import Operations
import DiscordAdapter
import DiscordGateway
import DiscordREST
import Foundation
import StoryDomain
import StoryStore
import Synchronization
import WebChat

/// Reads the service's state when it is asked for: the metrics that are levels rather than
/// events (jobs, database size, connections, the Discord gateway) just before `/metrics`
/// prints them, and the answers of `/health` and `/ready`.
final class OperationsProbe: Sendable {
    /// The parts whose state is read.
    struct Parts: Sendable {
        var store: AppStore
        var hub: WebChatRoomHub?
        var discordBot: DiscordBot?
        var rateLimiter: RateLimiter?
        var damage: DatabaseDamageMonitor?
        /// The model-call budgets, for the day's calls.
        var meter: ModelCallMeter?
    }

    private let parts: Parts
    private let metrics: ServiceMetrics
    private let readyProbe: any KeyValueStore
    /// The Discord counters as last read, to add only what is new to the metrics' counters.
    private let seen = Mutex(Seen())

    private struct Seen {
        var connects: [ShardID: Int] = [:]
        var resumes: [ShardID: Int] = [:]
        var rateLimited = 0
    }

    init(parts: Parts, metrics: ServiceMetrics, readyProbe: any KeyValueStore) {
        self.parts = parts
        self.metrics = metrics
        self.readyProbe = readyProbe
    }

    /// Brings the level metrics up to date.
    func sample() async {
        if let jobs = try? await parts.store.jobCounts() {
            metrics.jobs(queued: jobs.queued, running: jobs.running)
        }
        if let bytes = await parts.store.bytesOnDisk() { metrics.databaseSize(bytes) }
        if let meter = parts.meter, let today = try? await meter.callsToday() {
            metrics.modelCallsToday(today.service, budget: meter.budget)
        }
        if let hub = parts.hub { metrics.webChatConnections(await hub.connectionCount()) }
        let rateLimited = await parts.rateLimiter?.rateLimitedResponses
        if let bot = parts.discordBot {
            let statuses = bot.gatewayStatuses
            // No series before the shards are known: a placeholder for a shard this process does
            // not run would stay behind, looking down.
            for (shard, status) in statuses {
                metrics.gatewayState(GatewayStateLabel.of(status.state), shard: shard.id, latency: status.latency)
            }
            let (reconnects, resumes, limited) = seen.withLock { seen in
                var new = (reconnects: 0, resumes: 0, limited: 0)
                for (shard, status) in statuses {
                    let connected = seen.connects[shard] ?? 0, resumed = seen.resumes[shard] ?? 0
                    // Every connection of a shard after its first is a reconnect.
                    new.reconnects += max(0, status.connects - max(1, connected))
                    new.resumes += max(0, status.resumes - resumed)
                    seen.connects[shard] = max(status.connects, connected)
                    seen.resumes[shard] = max(status.resumes, resumed)
                }
                let limited = rateLimited ?? seen.rateLimited
                new.limited = max(0, limited - seen.rateLimited)
                seen.rateLimited = max(limited, seen.rateLimited)
                return new
            }
            metrics.gatewayReconnected(reconnects)
            metrics.gatewayResumed(resumes)
            metrics.restRateLimited(limited)
        }
    }

    /// Alive: the database answers.
    func isAlive() async -> Bool {
        await parts.store.ping()
    }

    /// Ready to serve families: the database takes a write, and every Discord shard of this process
    /// (when the bot is on) has a live session. `problems` says what is not ready, one line each.
    func readiness() async -> (ready: Bool, problems: [String]) {
        var problems: [String] = []
        do {
            try await readyProbe.setValue(ISO8601DateFormatter().string(from: Date()), for: "ops.ready_probe")
        } catch {
            parts.damage?.report(error)
            problems.append("database: not writable (\(error))")
        }
        if let detail = parts.damage?.damage {
            problems.append("database: damaged (\(detail)); \(RestoreAdvice.short)")
        }
        if let bot = parts.discordBot {
            let statuses = bot.gatewayStatuses
            if statuses.isEmpty { problems.append("discord gateway: not started") }
            for (shard, status) in statuses.sorted(by: { $0.key < $1.key }) where !status.isReady {
                let state = GatewayStateLabel.of(status.state)
                problems.append(shard == .single ? "discord gateway: \(state)" : "discord gateway: \(state) (shard \(shard.id) of \(shard.count))")
            }
        }
        return (problems.isEmpty, problems)
    }
}

/// The gateway's states as metric label values.
enum GatewayStateLabel {
    static let all = ["idle", "waiting", "connecting", "hello", "identify_turn", "identifying", "resuming", "ready", "closing", "stopped"]

    static func of(_ state: GatewayStateMachine.State) -> String {
        switch state {
        case .idle: "idle"
        case .waitingToConnect: "waiting"
        case .connecting: "connecting"
        case .waitingForHello: "hello"
        case .waitingForIdentifyTurn: "identify_turn"
        case .identifying: "identifying"
        case .resuming: "resuming"
        case .ready: "ready"
        case .closing: "closing"
        case .stopped: "stopped"
        }
    }
}
