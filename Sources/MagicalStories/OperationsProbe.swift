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
        var connects = 0
        var resumes = 0
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
            let status = bot.gatewayStatus
            metrics.gatewayState(status.map { GatewayStateLabel.of($0.state) } ?? "idle", latency: status?.latency)
            let (reconnects, resumes, limited) = seen.withLock { seen in
                let connects = status?.connects ?? seen.connects
                let resumes = status?.resumes ?? seen.resumes
                let limited = rateLimited ?? seen.rateLimited
                // Every connection after the first is a reconnect.
                let new = (max(0, connects - max(1, seen.connects)), max(0, resumes - seen.resumes), max(0, limited - seen.rateLimited))
                seen = Seen(connects: max(connects, seen.connects), resumes: max(resumes, seen.resumes),
                            rateLimited: max(limited, seen.rateLimited))
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

    /// Ready to serve families: the database takes a write, and the Discord gateway (when the
    /// bot is on) has a live session. `problems` says what is not ready, one line each.
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
            let status = bot.gatewayStatus
            if status?.isReady != true {
                problems.append("discord gateway: \(status.map { GatewayStateLabel.of($0.state) } ?? "not started")")
            }
        }
        return (problems.isEmpty, problems)
    }
}

/// The gateway's states as metric label values.
enum GatewayStateLabel {
    static let all = ["idle", "waiting", "connecting", "hello", "identifying", "resuming", "ready", "closing", "stopped"]

    static func of(_ state: GatewayStateMachine.State) -> String {
        switch state {
        case .idle: "idle"
        case .waitingToConnect: "waiting"
        case .connecting: "connecting"
        case .waitingForHello: "hello"
        case .identifying: "identifying"
        case .resuming: "resuming"
        case .ready: "ready"
        case .closing: "closing"
        case .stopped: "stopped"
        }
    }
}
