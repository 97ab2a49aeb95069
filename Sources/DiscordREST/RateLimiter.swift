/// Serializes access to ``RateLimitState`` and waits on behalf of callers.
///
/// ```swift
/// let permit = try await limiter.acquire(route)
/// // send the request …
/// await permit.complete(status: 200, headers: RateLimitHeaders(response.headers))
/// ```
/// Every permit must be completed, or abandoned when no response arrived: until then its bucket
/// holds the next request back. A request that counts against Discord's global limit (every one
/// but interaction callbacks and webhooks) also takes a unit of the ``GlobalRateBudget`` once its
/// bucket lets it go.
public actor RateLimiter {
    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Void, any Error>
    }

    private var state: RateLimitState
    private let globalBudget: any GlobalRateBudget
    private let clock: any Clock<Duration>
    private let origin = ContinuousClock.now
    private let elapsed: @Sendable () -> Duration
    private var waiters: [RateLimitState.BucketID: [Waiter]] = [:]
    private var outstanding: Set<UInt64> = []
    private var nextID: UInt64 = 0
    /// 429 responses seen since the limiter was made (for metrics).
    public private(set) var rateLimitedResponses = 0

    /// - Parameters:
    ///   - globalBudget: This process's share of Discord's global limit (default: all 50/s).
    ///   - clock: Used for every wait and as the source of time; inject a manual clock in tests.
    public init(configuration: RateLimitState.Configuration = RateLimitState.Configuration(),
                globalBudget: any GlobalRateBudget = LocalGlobalRateBudget(),
                clock: any Clock<Duration> = ContinuousClock()) {
        state = RateLimitState(configuration: configuration)
        self.globalBudget = globalBudget
        self.clock = clock
        elapsed = Self.stopwatch(clock)
    }

    /// Waits until `route` may be sent.
    /// - Throws: ``DiscordRESTError/invalidRequestGuard``, or `CancellationError`.
    public func acquire(_ route: Route) async throws -> RateLimitPermit {
        while true {
            try Task.checkCancellation()
            let now = self.now
            switch try state.acquire(route, now: now) {
            case .proceed:
                nextID += 1
                outstanding.insert(nextID)
                let permit = RateLimitPermit(id: nextID, route: route, limiter: self)
                guard !route.isInteraction else { return permit }
                do {
                    try await globalBudget.take()
                } catch {
                    abandon(permit)
                    throw error
                }
                return permit
            case let .wait(until):
                try await Task.sleep(for: now.duration(to: until), clock: clock)
            case let .busy(bucket):
                try await waitForRelease(of: bucket)
            }
        }
    }

    /// Reports the response to a permitted request. Completing a permit twice has no effect.
    public func complete(_ permit: RateLimitPermit, status: Int, headers: RateLimitHeaders) {
        guard outstanding.remove(permit.id) != nil else { return }
        if status == 429 { rateLimitedResponses += 1 }
        release(state.complete(permit.route, status: status, headers: headers, now: now))
    }

    /// Releases a permit whose request got no response.
    public func abandon(_ permit: RateLimitPermit) {
        guard outstanding.remove(permit.id) != nil else { return }
        release([state.abandon(permit.route)])
    }

    /// Requests waiting for a bucket held by another (for tests: "it waits" without a guessed sleep).
    var waitingRequests: Int { waiters.values.reduce(0) { $0 + $1.count } }

    /// Invalid (401/403/429) responses in the current 10-minute window.
    public func invalidRequestCount() -> Int {
        state.invalidRequestCount(now: now)
    }

    private var now: ContinuousClock.Instant { origin + elapsed() }

    private func release(_ buckets: [RateLimitState.BucketID]) {
        for bucket in buckets {
            for waiter in waiters.removeValue(forKey: bucket) ?? [] {
                waiter.continuation.resume()
            }
        }
    }

    private func waitForRelease(of bucket: RateLimitState.BucketID) async throws {
        nextID += 1
        let id = nextID
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    waiters[bucket, default: []].append(Waiter(id: id, continuation: continuation))
                }
            }
        } onCancel: {
            Task { await self.cancelWaiter(id, in: bucket) }
        }
    }

    private func cancelWaiter(_ id: UInt64, in bucket: RateLimitState.BucketID) {
        guard let index = waiters[bucket]?.firstIndex(where: { $0.id == id }) else { return }
        waiters[bucket]?.remove(at: index).continuation.resume(throwing: CancellationError())
    }

    /// Time elapsed on `clock` since this call, whatever the clock's instant type.
    private static func stopwatch<C: Clock<Duration>>(_ clock: C) -> @Sendable () -> Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
    }
}
