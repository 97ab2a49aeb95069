import DiscordREST
import Logging
import StoryTestSupport
import Synchronization
import Testing

/// Discord's global REST limit shared by several processes (``SharedGlobalRateBudget``) over an
/// in-memory stand-in for the database (``InMemoryRateWindow``, on the manual clock).
@Suite("The global REST limit shared through the database")
struct SharedGlobalRateBudgetTests {
    static func budget(_ window: InMemoryRateWindow, clock: ManualClock, limit: Int = 4,
                       logger: Logger = Logger(label: "test"), timeout: Duration = .seconds(5)) -> SharedGlobalRateBudget<ManualClock> {
        SharedGlobalRateBudget(shared: window, fallback: LocalGlobalRateBudget(limit: 1, clock: clock), clock: clock, logger: logger,
                               limit: limit, timeout: timeout)
    }

    @Test("two processes together send at most the limit per second, and one may use what the other leaves")
    func sharedLimit() async throws {
        let clock = ManualClock()
        let window = InMemoryRateWindow(clock: clock)
        let processes = [Self.budget(window, clock: clock), Self.budget(window, clock: clock)]
        // One process alone takes the whole limit (a fixed share would have given it half).
        for _ in 0 ..< 4 { try await processes[0].take() }
        // Both ask for more at once: nobody gets any until the window has passed.
        let sent = Counter()
        let waiting = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0 ..< 6 {
                    group.addTask {
                        try await processes[index % 2].take()
                        sent.add()
                    }
                }
                try await group.waitForAll()
            }
        }
        await clock.waitForSleepers { $0.count == 6 }
        #expect(sent.value == 0)
        clock.advance(by: .seconds(1))
        await clock.waitForSleepers { $0.count == 2 }
        try await eventually("the next second's four") { sent.value >= 4 }
        #expect(sent.value == 4, "the next second's four")
        clock.advance(by: .seconds(1))
        try await waiting.value
        #expect(sent.value == 6)
        #expect(window.granted.withLock { $0 } == 10)
    }

    @Test("when the database cannot be reached, the process keeps to its own share for a while and says so")
    func fallsBackToItsShare() async throws {
        let clock = ManualClock()
        let window = InMemoryRateWindow(clock: clock)
        window.failing.withLock { $0 = true }
        let records = LogRecorder()
        let logger = records.logger(label: "fallback")
        let budget = Self.budget(window, clock: clock, logger: logger)
        try await budget.take()
        #expect(records.all.contains { $0.contains("cannot be shared through the database") })
        // The fallback share is 1/s: the second request waits for the next second.
        let second = Task { try await budget.take() }
        await clock.waitForSleepers { $0.count == 1 }
        clock.advance(by: .seconds(1))
        try await second.value
        // After the fallback period the database is asked again.
        window.failing.withLock { $0 = false }
        clock.advance(by: .seconds(60))
        try await budget.take()
        #expect(window.granted.withLock { $0 } == 1)
    }

    @Test("a database that stops answering counts as failed after the timeout: requests go on with the process's own share")
    func hungDatabase() async throws {
        let clock = ManualClock()
        let window = InMemoryRateWindow(clock: clock)
        window.hanging.withLock { $0 = true }
        let records = LogRecorder()
        let budget = Self.budget(window, clock: clock, logger: records.logger(label: "hung"), timeout: .milliseconds(50))
        try await budget.take()
        #expect(records.all.contains { $0.contains("cannot be shared through the database") && $0.contains("no answer within") })
        #expect(window.granted.withLock { $0 } == 0)
    }
}

/// The database's request window in memory, on the manual clock (sliding, like PostgreSQL's).
final class InMemoryRateWindow: SharedRateWindow {
    private let clock: ManualClock
    private let sent = Mutex<[ManualClock.Instant]>([])
    let granted = Mutex(0)
    let failing = Mutex(false)
    /// Never answers (a connection stuck on the way to the database), until cancelled.
    let hanging = Mutex(false)

    init(clock: ManualClock) { self.clock = clock }

    func take(limit: Int, window: Duration) async throws -> Duration? {
        struct Unreachable: Error {}
        guard !failing.withLock({ $0 }) else { throw Unreachable() }
        // Not a guessed wait: the stand-in for a connection that never answers, ended by cancellation.
        if hanging.withLock({ $0 }) { try await Task.sleep(for: .seconds(3_600)) }
        let now = clock.now
        return sent.withLock { sent in
            sent.removeAll { $0.advanced(by: window) <= now }
            if sent.count < limit {
                sent.append(now)
                granted.withLock { $0 += 1 }
                return nil
            }
            return now.duration(to: sent[0].advanced(by: window))
        }
    }
}

final class Counter: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func add() { count.withLock { $0 += 1 } }
}

