import CoreMetrics
import Prometheus
import StoryBot
import StoryDomain
import StoryProviders

/// The service's metrics, recorded through swift-metrics into one Prometheus registry per app
/// (made in the composition root, never a global) and read by `GET /metrics`.
///
/// Labels are low-cardinality on purpose: platforms, command names, providers, outcomes and
/// states, never a user, family, guild, room or story.
public struct ServiceMetrics: Sendable {
    /// The metric names, for docs and tests.
    public enum Name {
        public static let interactions = "magical_stories_interactions_total"
        public static let acknowledgement = "magical_stories_acknowledgement_seconds"
        public static let pageTurn = "magical_stories_page_turn_seconds"
        public static let stories = "magical_stories_stories_total"
        public static let storyDuration = "magical_stories_story_run_seconds"
        public static let providerErrors = "magical_stories_provider_errors_total"
        public static let providerRetries = "magical_stories_provider_retries_total"
        public static let pipelineEvents = "magical_stories_pipeline_events_total"
        public static let modelCalls = "magical_stories_model_calls_total"
        public static let modelBudgetRefusals = "magical_stories_model_budget_refusals_total"
        public static let modelCallsToday = "magical_stories_model_calls_today"
        public static let modelCallBudget = "magical_stories_model_call_budget"
        public static let jobs = "magical_stories_jobs"
        public static let jobsFailed = "magical_stories_jobs_failed_total"
        public static let gatewayState = "magical_stories_discord_gateway_state"
        public static let gatewayReconnects = "magical_stories_discord_gateway_reconnects_total"
        public static let gatewayResumes = "magical_stories_discord_gateway_resumes_total"
        public static let gatewayLatency = "magical_stories_discord_gateway_latency_seconds"
        public static let restRateLimited = "magical_stories_discord_rest_rate_limited_total"
        public static let webChatConnections = "magical_stories_webchat_connections"
        public static let databaseSize = "magical_stories_database_size_bytes"
        public static let backups = "magical_stories_backups_total"
        public static let lastBackup = "magical_stories_last_backup_timestamp_seconds"
    }

    /// Where every metric is kept; `GET /metrics` prints it.
    public let registry: PrometheusCollectorRegistry
    /// The swift-metrics factory writing into ``registry``. The executable bootstraps
    /// `MetricsSystem` with it once, so libraries' own metrics land in the same registry.
    public let factory: PrometheusMetricsFactory

    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
        var factory = PrometheusMetricsFactory(registry: registry)
        let quick: [Duration] = [.milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
                                 .milliseconds(250), .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(5)]
        factory.durationHistogramBuckets = [
            Name.acknowledgement: quick,
            Name.pageTurn: quick,
            Name.storyDuration: [1, 2.5, 5, 10, 20, 30, 60, 120, 300, 600].map { Duration.milliseconds(Int64($0 * 1000)) },
        ]
        self.factory = factory
    }

    /// The exposition text of every metric.
    public func exposition() -> [UInt8] { registry.emitToBuffer() }

    // MARK: Events

    func interaction(platform: Platform, command: String, outcome: CommandObserver.Outcome) {
        counter(Name.interactions, ["platform": platform.rawValue, "command": command, "outcome": outcome.rawValue]).increment()
    }

    func acknowledged(platform: Platform, after latency: Duration) {
        timer(Name.acknowledgement, ["platform": platform.rawValue]).recordNanoseconds(latency.nanoseconds)
    }

    func pageTurned(platform: Platform, after latency: Duration) {
        timer(Name.pageTurn, ["platform": platform.rawValue]).recordNanoseconds(latency.nanoseconds)
    }

    /// The router's observer, recording into these metrics.
    var commandObserver: CommandObserver {
        CommandObserver(handled: { interaction(platform: $0, command: $1, outcome: $2) },
                        acknowledged: { acknowledged(platform: $0, after: $1) },
                        pageTurned: { pageTurned(platform: $0, after: $1) })
    }

    /// One run of a story's job; `provider` writes, `images` paints.
    func storyRun(_ run: StoryWorkerPool.Run, provider: String, images: String) {
        let outcome = Self.label(run.outcome)
        counter(Name.stories, ["provider": provider, "images": images, "outcome": outcome]).increment()
        timer(Name.storyDuration, ["provider": provider, "outcome": outcome]).recordNanoseconds(run.duration.nanoseconds)
        if case .failed = run.outcome { counter(Name.jobsFailed, [:]).increment() }
    }

    /// A model provider's call failed; `willRetry` when it is tried again.
    func providerFailed(_ error: ProviderError, willRetry: Bool) {
        let (provider, kind) = Self.labels(error)
        counter(Name.providerErrors, ["provider": provider, "kind": kind]).increment()
        if willRetry { counter(Name.providerRetries, ["provider": provider]).increment() }
    }

    /// A request to a model provider ended, or a budget refused a call or a story.
    func modelCalls(_ event: ModelCallMeter.Event) {
        switch event {
        case let .call(provider, kind, outcome):
            counter(Name.modelCalls, ["provider": provider, "kind": kind.rawValue, "outcome": outcome.rawValue]).increment()
        case let .refused(scope, atRequest):
            counter(Name.modelBudgetRefusals, ["budget": Self.label(scope), "stage": atRequest ? "request" : "call"]).increment()
        }
    }

    /// The service's model calls so far today, beside the day's budgets.
    func modelCallsToday(_ calls: Int, budget: ModelBudget) {
        gauge(Name.modelCallsToday, [:]).record(calls)
        gauge(Name.modelCallBudget, ["budget": Self.label(.service)]).record(budget.serviceDailyCalls)
        gauge(Name.modelCallBudget, ["budget": Self.label(.family)]).record(budget.familyDailyCalls)
    }

    func pipeline(_ event: PipelineEvent) {
        let name = switch event {
        case .illustrationFellBack: "illustration_fell_back"
        case .deliveryRefused: "delivery_refused"
        case .deliveryAbandoned: "delivery_abandoned"
        case let .unsafeDraft(_, _, repairing): repairing ? "unsafe_draft_repaired" : "unsafe_draft_failed"
        case .leaseExpiriesExhausted: "lease_expiries_exhausted"
        }
        counter(Name.pipelineEvents, ["event": name]).increment()
    }

    func backup(succeeded: Bool, at seconds: Double) {
        counter(Name.backups, ["outcome": succeeded ? "ok" : "failed"]).increment()
        if succeeded { gauge(Name.lastBackup, [:]).record(seconds) }
    }

    /// Shows the families whose series only appear on an event, at zero, so that dashboards and
    /// alerts see them from the start.
    func prepare(providers: [String], discord: Bool) {
        counter(Name.jobsFailed, [:]).increment(by: 0)
        for scope in [ModelBudgetExhausted.Scope.family, .service] {
            for stage in ["request", "call"] {
                counter(Name.modelBudgetRefusals, ["budget": Self.label(scope), "stage": stage]).increment(by: 0)
            }
        }
        for provider in providers {
            counter(Name.providerRetries, ["provider": provider]).increment(by: 0)
        }
        if discord { counter(Name.restRateLimited, [:]).increment(by: 0) }
    }

    // MARK: State, set at scrape time

    func jobs(queued: Int, running: Int) {
        gauge(Name.jobs, ["state": "queued"]).record(queued)
        gauge(Name.jobs, ["state": "running"]).record(running)
    }

    func databaseSize(_ bytes: Int64) { gauge(Name.databaseSize, [:]).record(bytes) }

    func webChatConnections(_ count: Int) { gauge(Name.webChatConnections, [:]).record(count) }

    /// A shard's gateway state as one series per state, 1 for the current one.
    func gatewayState(_ current: String, shard: Int, latency: Duration?) {
        for state in GatewayStateLabel.all {
            gauge(Name.gatewayState, ["shard": "\(shard)", "state": state]).record(state == current ? 1 : 0)
        }
        if let latency { gauge(Name.gatewayLatency, ["shard": "\(shard)"]).record(Double(latency.nanoseconds) / 1e9) }
    }

    func gatewayReconnected(_ count: Int) { counter(Name.gatewayReconnects, [:]).increment(by: count) }

    func gatewayResumed(_ count: Int) { counter(Name.gatewayResumes, [:]).increment(by: count) }

    func restRateLimited(_ count: Int) { counter(Name.restRateLimited, [:]).increment(by: count) }

    // MARK: Helpers

    /// Dimensions in a fixed order (by name), so one family always has the same label set.
    private func dimensions(_ labels: [String: String]) -> [(String, String)] {
        labels.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    private func counter(_ name: String, _ labels: [String: String]) -> CoreMetrics.Counter {
        CoreMetrics.Counter(label: name, dimensions: dimensions(labels), factory: factory)
    }

    private func timer(_ name: String, _ labels: [String: String]) -> CoreMetrics.Timer {
        CoreMetrics.Timer(label: name, dimensions: dimensions(labels), factory: factory)
    }

    private func gauge(_ name: String, _ labels: [String: String]) -> CoreMetrics.Gauge {
        CoreMetrics.Gauge(label: name, dimensions: dimensions(labels), factory: factory)
    }

    /// A budget as a label value: `per_family` or `service` (never a word a family might be named).
    static func label(_ scope: ModelBudgetExhausted.Scope) -> String {
        scope == .family ? "per_family" : "service"
    }

    static func label(_ outcome: StoryPipeline.Outcome) -> String {
        switch outcome {
        case .delivered: "delivered"
        case .failed: "failed"
        case .willRetry: "retry"
        case .dropped: "dropped"
        case .interrupted: "interrupted"
        case .leaseLost: "lease_lost"
        }
    }

    static func labels(_ error: ProviderError) -> (provider: String, kind: String) {
        switch error {
        case let .rateLimited(provider, _): (provider, "rate_limited")
        case let .quotaExhausted(provider, _): (provider, "quota_exhausted")
        case let .rejected(provider, _, _): (provider, "rejected")
        case let .unavailable(provider, _, _): (provider, "unavailable")
        case let .timedOut(provider): (provider, "timed_out")
        case let .blocked(provider, _): (provider, "blocked")
        case let .unusableOutput(provider, _): (provider, "unusable_output")
        case let .invalidStory(provider, _): (provider, "invalid_story")
        }
    }
}

extension Duration {
    /// The whole duration in nanoseconds (saturating).
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? .max : product + attoseconds / 1_000_000_000
    }
}
