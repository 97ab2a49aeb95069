import ConcurrencyKit
import DiscordModels
import Logging

/// Discord's global REST limit shared by every process of the bot through a
/// ``SharedRateWindow`` (a database, timed by its clock): together they send at most ``limit``
/// requests per second, and a process may use what the others leave idle.
///
/// When the shared window cannot be reached (or does not answer within `timeout`), the process
/// falls back to its own fixed share (`fallback`, e.g. ``LocalGlobalRateBudget``) for
/// `fallbackPeriod`, logs it, and then asks the shared window again.
public actor SharedGlobalRateBudget<C: Clock>: GlobalRateBudget where C.Duration == Duration {
    private let shared: any SharedRateWindow
    private let fallback: any GlobalRateBudget
    private let clock: C
    private let logger: Logger
    /// Requests allowed per ``window`` for all processes together.
    public let limit: Int
    /// The window ``limit`` applies to.
    public let window: Duration
    /// How long the process uses its own share only, after the shared window failed.
    public let fallbackPeriod: Duration
    /// How long one ask may take before it counts as failed.
    public let timeout: Duration
    private var localOnlyUntil: C.Instant?

    /// - Parameters:
    ///   - shared: where the processes count their requests together.
    ///   - fallback: this process's own share, used while the shared window cannot be reached.
    public init(shared: any SharedRateWindow, fallback: any GlobalRateBudget, clock: C, logger: Logger,
                limit: Int = 50, window: Duration = .seconds(1), fallbackPeriod: Duration = .seconds(60),
                timeout: Duration = .seconds(5)) {
        self.shared = shared
        self.fallback = fallback
        self.clock = clock
        self.logger = logger
        self.limit = max(1, limit)
        self.window = window
        self.fallbackPeriod = fallbackPeriod
        self.timeout = timeout
    }

    public func take() async throws {
        while true {
            try Task.checkCancellation()
            if let localOnlyUntil {
                guard clock.now >= localOnlyUntil else { return try await fallback.take() }
                self.localOnlyUntil = nil
                logger.notice("global REST limit: counting through the database again")
            }
            let answer: Duration?
            do {
                answer = try await ask()
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                localOnlyUntil = clock.now.advanced(by: fallbackPeriod)
                logger.warning("the global REST limit cannot be shared through the database; this process keeps to its own share for a while",
                               metadata: ["for": "\(fallbackPeriod)", "error": "\(error)"])
                return try await fallback.take()
            }
            guard let wait = answer else { return }
            try await clock.sleep(until: clock.now.advanced(by: wait), tolerance: nil)
        }
    }

    /// Asks the shared window, giving up after ``timeout`` (real time).
    private func ask() async throws -> Duration? {
        let (shared, limit, window) = (shared, limit, window)
        return try await Deadline.answer(within: timeout) { try await shared.take(limit: limit, window: window) }
    }
}

extension SharedGlobalRateBudget where C == ContinuousClock {
    /// On the system's continuous clock.
    public init(shared: any SharedRateWindow, fallback: any GlobalRateBudget, logger: Logger) {
        self.init(shared: shared, fallback: fallback, clock: ContinuousClock(), logger: logger)
    }
}
