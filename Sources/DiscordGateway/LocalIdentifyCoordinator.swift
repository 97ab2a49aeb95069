import DiscordModels

/// The identify limits for the shards of one process: at most one IDENTIFY per bucket per
/// ``spacing`` (Discord: 5 s), and none while the day's session starts are spent (until their
/// reset). Time comes from the injected clock.
///
/// A turn is reserved when it is asked for, so turns in one bucket are handed out in the order
/// asked; a wait cancelled before its turn leaves its slot unused (the next one comes no sooner).
public actor LocalIdentifyCoordinator<C: Clock>: IdentifyCoordinator where C.Duration == Duration {
    /// Discord's window for one bucket's IDENTIFY.
    public static var defaultSpacing: Duration { .seconds(5) }
    /// How long Discord's session start budget lasts once reset.
    static var budgetWindow: Duration { .seconds(24 * 60 * 60) }

    private let clock: C
    /// The least time between two IDENTIFYs of one bucket.
    public let spacing: Duration
    private var maxConcurrency = 1
    private var total: Int?
    private var remaining: Int?
    private var resetAt: C.Instant?
    /// When the budget window `remaining` counts began (nil: it is the one Discord reported).
    private var windowOpensAt: C.Instant?
    /// Per bucket: the earliest instant its next IDENTIFY may go.
    private var nextSlot: [Int: C.Instant] = [:]
    /// The last report applied: every shard reports the same answer at start, counted once.
    private var lastReport: GatewayBot.SessionStartLimit?
    /// IDENTIFY turns handed out (for tests and status).
    public private(set) var turnsGranted = 0

    /// - Parameters:
    ///   - clock: The source of time for every wait (inject a manual clock in tests).
    ///   - spacing: The least time between two IDENTIFYs of one bucket.
    public init(clock: C, spacing: Duration = .seconds(5)) {
        self.clock = clock
        self.spacing = spacing
    }

    public func update(_ limit: GatewayBot.SessionStartLimit) {
        guard limit != lastReport else { return }
        lastReport = limit
        maxConcurrency = max(1, limit.maxConcurrency)
        total = limit.total
        remaining = limit.remaining
        resetAt = clock.now.advanced(by: .milliseconds(limit.resetAfter))
        windowOpensAt = nil
    }

    public func waitForTurn(_ shard: ShardID) async throws {
        let turn = reserveTurn(for: shard)
        if clock.now < turn {
            try await clock.sleep(until: turn, tolerance: nil)
        }
        try Task.checkCancellation()
    }

    /// The instant `shard` may IDENTIFY; counts it, so the next turn of its bucket (and the daily
    /// budget) account for it.
    private func reserveTurn(for shard: ShardID) -> C.Instant {
        let now = clock.now
        let bucket = shard.bucket(maxConcurrency: maxConcurrency)
        var turn = max(now, nextSlot[bucket] ?? now)
        // Once a turn was given in the next budget window, every later turn is in it too.
        if let windowOpensAt { turn = max(turn, windowOpensAt) }
        if let remaining, remaining <= 0, let resetAt { turn = max(turn, resetAt) }
        if let resetAt, let total, turn >= resetAt {
            remaining = total
            let opens = resetAt.advanced(by: Self.budgetWindow) > turn ? resetAt : turn
            windowOpensAt = opens
            self.resetAt = opens.advanced(by: Self.budgetWindow)
        }
        remaining = remaining.map { $0 - 1 }
        nextSlot[bucket] = turn.advanced(by: spacing)
        turnsGranted += 1
        return turn
    }
}

extension LocalIdentifyCoordinator where C == ContinuousClock {
    /// On the system's continuous clock.
    public init(spacing: Duration = .seconds(5)) {
        self.init(clock: ContinuousClock(), spacing: spacing)
    }
}
