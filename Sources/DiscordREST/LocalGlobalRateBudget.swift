/// This process's share of Discord's global REST limit: at most ``limit`` requests in any
/// ``window``, counted on the injected clock.
///
/// Without a configured share, a process running some of the bot's shards takes
/// ``share(ofShards:totalShards:globalLimit:)`` of the limit: 50 × (its shards ÷ all shards),
/// so processes that split the shards between them also split the budget.
public actor LocalGlobalRateBudget<C: Clock>: GlobalRateBudget where C.Duration == Duration {
    /// Discord's global limit per bot token, per second.
    public static var discordGlobalLimit: Int { 50 }

    private let clock: C
    /// Requests allowed per ``window``.
    public private(set) var limit: Int
    /// The window ``limit`` applies to.
    public let window: Duration
    /// When each recent request was sent, oldest first (at most `limit` kept).
    private var sent: [C.Instant] = []

    /// - Parameters:
    ///   - limit: Requests allowed per `window` (at least 1).
    ///   - window: Discord's is one second.
    ///   - clock: The source of time for every wait (inject a manual clock in tests).
    public init(limit: Int, window: Duration = .seconds(1), clock: C) {
        self.limit = max(1, limit)
        self.window = window
        self.clock = clock
    }

    /// Changes the share, e.g. once the shards this process runs are known.
    public func setLimit(_ limit: Int) {
        self.limit = max(1, limit)
    }

    /// A process's share of `globalLimit` when it runs `shards` of `totalShards` shards: proportional,
    /// rounded down, never below 1.
    public static func share(ofShards shards: Int, totalShards: Int, globalLimit: Int = 50) -> Int {
        guard totalShards > 0 else { return globalLimit }
        return max(1, globalLimit * min(shards, totalShards) / totalShards)
    }

    public func take() async throws {
        while true {
            try Task.checkCancellation()
            let now = clock.now
            sent.removeAll { $0.advanced(by: window) <= now }
            if sent.count < limit {
                sent.append(now)
                return
            }
            // Several waiters may wake for one freed slot; the loop sends the others back to sleep.
            try await clock.sleep(until: sent[sent.count - limit].advanced(by: window), tolerance: nil)
        }
    }
}

extension LocalGlobalRateBudget where C == ContinuousClock {
    /// On the system's continuous clock.
    public init(limit: Int = 50, window: Duration = .seconds(1)) {
        self.init(limit: limit, window: window, clock: ContinuousClock())
    }
}
