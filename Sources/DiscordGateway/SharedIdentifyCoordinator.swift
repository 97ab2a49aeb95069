import ConcurrencyKit
import DiscordModels
import Logging

/// The identify limits for every process of the bot: a shard first takes its turn among this
/// process's shards (``LocalIdentifyCoordinator``: the order asked, the daily session starts),
/// then its bucket's turn in ``SharedIdentifyTurns`` (a database all processes share, timed by
/// its clock), waiting while another process holds it. So at most one IDENTIFY per bucket per
/// `spacing` goes out across all processes. Discord times IDENTIFYs as they arrive, and a turn
/// granted by the database reaches its IDENTIFY a little later (more on a loaded machine), so
/// shared turns are `margin` further apart than `spacing`.
///
/// When the shared turns cannot be reached (or do not answer within `timeout`), the process
/// takes its own turns only (the local ones) for `fallback`, logs it, and then tries the shared
/// turns again: a shard that identifies too early is refused by Discord (op 9) and tries again.
public actor SharedIdentifyCoordinator<C: Clock>: IdentifyCoordinator where C.Duration == Duration {
    private let local: LocalIdentifyCoordinator<C>
    private let turns: any SharedIdentifyTurns
    private let clock: C
    private let logger: Logger
    /// The least time between two IDENTIFYs of one bucket, across processes.
    public let spacing: Duration
    /// Added to `spacing` between two processes' turns of one bucket.
    public let margin: Duration
    /// How long the process takes its own turns only, after the shared ones failed.
    public let fallback: Duration
    /// How long one ask for a shared turn may take before it counts as failed.
    public let timeout: Duration
    private var maxConcurrency = 1
    /// While set and not reached, the shared turns are not asked.
    private var localOnlyUntil: C.Instant?

    /// - Parameters:
    ///   - turns: where the processes take their turns together.
    ///   - clock: the source of time for this process's waits (inject a manual clock in tests);
    ///     how long to wait for a shared turn comes from ``SharedIdentifyTurns``.
    public init(turns: any SharedIdentifyTurns, clock: C, logger: Logger, spacing: Duration = .seconds(5),
                margin: Duration = .seconds(1), fallback: Duration = .seconds(60), timeout: Duration = .seconds(10)) {
        local = LocalIdentifyCoordinator(clock: clock, spacing: spacing)
        self.turns = turns
        self.clock = clock
        self.logger = logger
        self.spacing = spacing
        self.margin = margin
        self.fallback = fallback
        self.timeout = timeout
    }

    public func update(_ limit: GatewayBot.SessionStartLimit) async {
        maxConcurrency = max(1, limit.maxConcurrency)
        await local.update(limit)
    }

    public func waitForTurn(_ shard: ShardID) async throws {
        try await local.waitForTurn(shard)
        let bucket = shard.bucket(maxConcurrency: maxConcurrency)
        while true {
            try Task.checkCancellation()
            if let localOnlyUntil {
                guard clock.now >= localOnlyUntil else { return }
                self.localOnlyUntil = nil
                logger.notice("identify turns: asking the database again", metadata: ["shard": "\(shard)"])
            }
            let answer: Duration?
            do {
                answer = try await ask(bucket)
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                localOnlyUntil = clock.now.advanced(by: fallback)
                logger.warning("identify turns cannot be shared through the database; this process takes its own turns for a while",
                               metadata: ["shard": "\(shard)", "for": "\(fallback)", "error": "\(error)"])
                return
            }
            guard let wait = answer else { return }
            try await clock.sleep(until: clock.now.advanced(by: wait), tolerance: nil)
        }
    }

    /// Asks for `bucket`'s shared turn, giving up after ``timeout`` (real time).
    private func ask(_ bucket: Int) async throws -> Duration? {
        let (turns, spacing) = (turns, spacing + margin)
        return try await Deadline.answer(within: timeout) { try await turns.take(bucket: bucket, spacing: spacing) }
    }
}

extension SharedIdentifyCoordinator where C == ContinuousClock {
    /// On the system's continuous clock.
    public init(turns: any SharedIdentifyTurns, logger: Logger, spacing: Duration = .seconds(5), margin: Duration = .seconds(1)) {
        self.init(turns: turns, clock: ContinuousClock(), logger: logger, spacing: spacing, margin: margin)
    }
}
