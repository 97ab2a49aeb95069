/// Permission to send one request, from ``RateLimiter/acquire(_:)``. Complete or abandon it exactly once.
public struct RateLimitPermit: Sendable {
    let id: UInt64
    /// The route the permit was granted for.
    public let route: Route
    let limiter: RateLimiter

    /// Reports the response, teaching the limiter the bucket's state.
    public func complete(status: Int, headers: RateLimitHeaders) async {
        await limiter.complete(self, status: status, headers: headers)
    }

    /// Releases the bucket after a request that got no response.
    public func abandon() async {
        await limiter.abandon(self)
    }
}
