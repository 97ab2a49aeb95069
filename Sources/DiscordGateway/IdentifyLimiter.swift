import DiscordModels

/// Keeps IDENTIFYs within Discord's limits: one per 5 s, and none while `session_start_limit`
/// is exhausted (until its `reset_after`).
struct IdentifyLimiter: Sendable, Equatable {
    static let spacing = Duration.seconds(5)
    static let window = Duration.seconds(24 * 60 * 60)

    private var total: Int
    private var remaining: Int
    private var resetAt: ContinuousClock.Instant
    private var lastIdentify: ContinuousClock.Instant?

    init(limit: GatewayBot.SessionStartLimit, now: ContinuousClock.Instant) {
        total = limit.total
        remaining = limit.remaining
        resetAt = now.advanced(by: .milliseconds(limit.resetAfter))
    }

    /// The earliest instant an IDENTIFY may be sent.
    func earliestIdentify(now: ContinuousClock.Instant) -> ContinuousClock.Instant {
        var earliest = now
        if let lastIdentify { earliest = max(earliest, lastIdentify.advanced(by: Self.spacing)) }
        if remaining <= 0 { earliest = max(earliest, resetAt) }
        return earliest
    }

    /// Counts an IDENTIFY sent at `now`.
    mutating func recordIdentify(now: ContinuousClock.Instant) {
        if now >= resetAt {
            remaining = total
            resetAt = now.advanced(by: Self.window)
        }
        remaining -= 1
        lastIdentify = now
    }
}
