import Foundation
import Synchronization

/// Rate limiting and the log of every REST request, with the peak number in flight.
final class RESTTraffic: Sendable {
    private struct State: Sendable {
        var limiter = RateLimiter()
        var log: [RecordedRequest] = []
        var inFlight = 0
        var maxInFlight = 0
        /// Requests arrived and not yet answered, as routes (`METHOD template`).
        var unanswered: [RESTRoute] = []
    }

    private let state = Mutex(State())
    private let limits: [String: DiscordSimulator.RateLimit]
    private let defaultLimit: DiscordSimulator.RateLimit

    init(limits: [String: DiscordSimulator.RateLimit], defaultLimit: DiscordSimulator.RateLimit) {
        self.limits = limits
        self.defaultLimit = defaultLimit
    }

    /// Marks a request to `route` as started.
    func begin(_ route: RESTRoute) {
        state.withLock { state in
            state.unanswered.append(route)
            state.inFlight += 1
            state.maxInFlight = max(state.maxInFlight, state.inFlight)
        }
    }

    /// Marks a request as answered and logs it.
    func end(_ record: RecordedRequest) {
        state.withLock { state in
            if let index = state.unanswered.firstIndex(where: { "\(record.method) \(record.route)" == $0.name }) {
                state.unanswered.remove(at: index)
            }
            state.inFlight -= 1
            state.log.append(record)
        }
    }

    func admit(_ route: RESTRoute, bucketKey: String, now: ContinuousClock.Instant, date: Date) -> RateLimiter.Decision {
        let limit = limit(for: route)
        return state.withLock { $0.limiter.admit(route, bucketKey: bucketKey, limit: limit, now: now, date: date) }
    }

    func inject(pattern: String, count: Int, retryAfter: Double, global: Bool) {
        state.withLock { $0.limiter.inject(pattern: pattern, count: count, retryAfter: retryAfter, global: global) }
    }

    var log: [RecordedRequest] { state.withLock { $0.log } }
    var maxInFlight: Int { state.withLock { $0.maxInFlight } }
    /// Requests matching `pattern` that arrived and are not answered yet.
    func unanswered(matching pattern: String) -> Int { state.withLock { $0.unanswered.filter { $0.matches(pattern) }.count } }

    /// The configured limit: exact `METHOD template`, exact template, then the longest matching prefix.
    private func limit(for route: RESTRoute) -> DiscordSimulator.RateLimit {
        if let limit = limits[route.name] ?? limits[route.template] { return limit }
        return limits.filter { route.matches($0.key) }.max { $0.key.count < $1.key.count }?.value ?? defaultLimit
    }
}
