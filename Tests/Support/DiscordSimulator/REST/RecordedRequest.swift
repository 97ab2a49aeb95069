/// One REST request as the simulator answered it. Holds no token.
public struct RecordedRequest: Sendable, Equatable {
    public let method: String
    /// The route template, e.g. `/channels/{channel_id}/messages`.
    public let route: String
    public let status: Int
    /// When it arrived, on the simulator's clock.
    public let time: ContinuousClock.Instant

    /// Whether `pattern` (a template, `METHOD template`, or a prefix of either) names this request's route.
    public func matches(_ pattern: String) -> Bool {
        route.hasPrefix(pattern) || "\(method) \(route)".hasPrefix(pattern)
    }
}
