/// Discord's REST rate limits as a pure value: no I/O, no clock reads — time comes in as `now`.
///
/// - Buckets are learned from `X-RateLimit-*` headers and keyed by (bucket hash, major parameter);
///   until Discord names a route's bucket, the route itself is the bucket.
/// - One request per bucket is in flight at a time, so a burst can never outrun the headers.
/// - The global limit (50/s) is counted by a ``GlobalRateBudget`` that ``RateLimiter`` consults, as
///   it is shared with the bot's other processes; a global 429 is handled here.
/// - A 429 blocks its bucket, or with `global` every non-interaction route, for `retry_after`.
/// - 401, 403 and 429 responses (except `X-RateLimit-Scope: shared`) are counted over 10 minutes;
///   near Discord's 10,000 ban threshold ``acquire(_:now:)`` refuses to send.
public struct RateLimitState: Sendable {
    /// Limits; the defaults are Discord's.
    public struct Configuration: Sendable {
        /// Invalid responses within ``invalidRequestWindow`` at which sending stops (Discord bans at 10,000).
        public var invalidRequestThreshold: Int
        /// The window invalid responses are counted over (Discord: 10 minutes).
        public var invalidRequestWindow: Duration
        /// The pause after a 429 that names no duration.
        public var defaultRetryAfter: Duration

        public init(invalidRequestThreshold: Int = 9_000, invalidRequestWindow: Duration = .seconds(600),
                    defaultRetryAfter: Duration = .seconds(1)) {
            self.invalidRequestThreshold = invalidRequestThreshold
            self.invalidRequestWindow = invalidRequestWindow
            self.defaultRetryAfter = defaultRetryAfter
        }
    }

    /// A rate limit bucket: Discord's bucket hash (or the endpoint, until known) plus the major parameter.
    public struct BucketID: Sendable, Hashable, CustomStringConvertible {
        /// Discord's bucket hash, or `METHOD template` until Discord names the bucket.
        public let hash: String
        /// The route's ``Route/majorParameter``.
        public let majorParameter: String
        public var description: String { majorParameter.isEmpty ? hash : "\(hash) [\(majorParameter)]" }
    }

    /// What to do with a request.
    public enum Acquire: Sendable, Equatable {
        /// Send it now; report the response with ``RateLimitState/complete(_:status:headers:now:)``.
        case proceed
        /// Ask again at this instant.
        case wait(until: ContinuousClock.Instant)
        /// A request in this bucket is in flight; ask again once it completes.
        case busy(BucketID)
    }

    private struct Bucket: Sendable {
        var limit: Int?
        var remaining: Int?
        var resetAt: ContinuousClock.Instant?
        var inFlight = false
    }

    /// The limits in force.
    public let configuration: Configuration
    private var buckets: [BucketID: Bucket] = [:]
    /// Endpoint (`METHOD template`) → Discord bucket hash.
    private var bucketHashes: [String: String] = [:]
    private var invalidResponses: SlidingWindowCounter
    private var globalPausedUntil: ContinuousClock.Instant?
    private var nextSweep: ContinuousClock.Instant?

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        invalidResponses = SlidingWindowCounter(window: configuration.invalidRequestWindow)
    }

    /// The bucket `route` currently maps to.
    public func bucketID(for route: Route) -> BucketID {
        BucketID(hash: bucketHashes[route.endpoint] ?? route.endpoint, majorParameter: route.majorParameter)
    }

    /// Invalid (401/403/429) responses counted in the current window.
    public mutating func invalidRequestCount(now: ContinuousClock.Instant) -> Int {
        invalidResponses.count(at: now)
    }

    /// Decides whether `route` may be sent at `now`; on `.proceed` the request is counted as in flight.
    /// - Throws: ``DiscordRESTError/invalidRequestGuard`` when too many invalid responses were seen.
    public mutating func acquire(_ route: Route, now: ContinuousClock.Instant) throws(DiscordRESTError) -> Acquire {
        sweep(now)
        if invalidResponses.count(at: now) >= configuration.invalidRequestThreshold {
            throw .invalidRequestGuard
        }
        if !route.isInteraction, let until = globalPausedUntil, now < until {
            return .wait(until: until)
        }
        let id = bucketID(for: route)
        var bucket = buckets[id] ?? Bucket()
        if bucket.inFlight { return .busy(id) }
        if let resetAt = bucket.resetAt, now >= resetAt {
            bucket.remaining = bucket.limit
            bucket.resetAt = nil
        }
        if let remaining = bucket.remaining, remaining <= 0, let resetAt = bucket.resetAt {
            return .wait(until: resetAt)
        }
        bucket.remaining = bucket.remaining.map { $0 - 1 }
        bucket.inFlight = true
        buckets[id] = bucket
        return .proceed
    }

    /// Learns from the response to a request that was allowed to proceed.
    /// - Returns: The buckets this frees, whose `.busy` waiters should ask again.
    @discardableResult
    public mutating func complete(_ route: Route, status: Int, headers: RateLimitHeaders,
                                  now: ContinuousClock.Instant) -> [BucketID] {
        let previous = abandon(route)
        if status == 401 || status == 403 || (status == 429 && headers.scope != .shared) {
            invalidResponses.record(now)
        }
        if let hash = headers.bucket, bucketHashes[route.endpoint] != hash {
            bucketHashes[route.endpoint] = hash
        }
        let id = bucketID(for: route)
        var bucket = buckets[id] ?? Bucket()
        if let limit = headers.limit { bucket.limit = limit }
        if let remaining = headers.remaining { bucket.remaining = remaining }
        if let resetAfter = headers.resetAfter { bucket.resetAt = now + resetAfter }
        if status == 429 {
            let until = now + (headers.retryAfter ?? headers.resetAfter ?? configuration.defaultRetryAfter)
            if (headers.isGlobal || headers.scope == .global) && !route.isInteraction {
                globalPausedUntil = max(globalPausedUntil ?? until, until)
            } else {
                bucket.remaining = 0
                bucket.resetAt = max(bucket.resetAt ?? until, until)
            }
        }
        buckets[id] = bucket
        return id == previous ? [id] : [previous, id]
    }

    /// Releases a request that got no response (transport error, cancellation) without learning anything.
    @discardableResult
    public mutating func abandon(_ route: Route) -> BucketID {
        let id = bucketID(for: route)
        buckets[id]?.inFlight = false
        return id
    }

    /// Forgets idle buckets whose window has passed, so per-interaction buckets do not pile up.
    private mutating func sweep(_ now: ContinuousClock.Instant) {
        if let next = nextSweep, now < next { return }
        buckets = buckets.filter { _, bucket in bucket.inFlight || (bucket.resetAt.map { now < $0 } ?? false) }
        if let until = globalPausedUntil, now >= until { globalPausedUntil = nil }
        nextSweep = now + .seconds(60)
    }
}
