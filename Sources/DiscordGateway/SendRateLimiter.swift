/// Discord's send limit: at most 120 payloads per connection per 60 s. Heartbeats may use the
/// whole budget; other payloads leave `heartbeatReserve` slots free so heartbeats always get through.
struct SendRateLimiter: Sendable, Equatable {
    enum Priority: Sendable { case heartbeat, normal }

    static let limit = 120
    static let window = Duration.seconds(60)
    static let heartbeatReserve = 5

    /// Send times inside the current window, oldest first.
    private var sent: [ContinuousClock.Instant] = []

    /// The earliest instant a payload of this priority may be sent (`now` if it may go at once).
    func nextSlot(for priority: Priority, now: ContinuousClock.Instant) -> ContinuousClock.Instant {
        let capacity = priority == .heartbeat ? Self.limit : Self.limit - Self.heartbeatReserve
        let recent = sent.filter { $0.advanced(by: Self.window) > now }
        guard recent.count >= capacity else { return now }
        // The send that must leave the window to free one slot.
        return recent[recent.count - capacity].advanced(by: Self.window)
    }

    /// Records a send at `now`.
    mutating func record(now: ContinuousClock.Instant) {
        sent.removeAll { $0.advanced(by: Self.window) <= now }
        sent.append(now)
    }
}
