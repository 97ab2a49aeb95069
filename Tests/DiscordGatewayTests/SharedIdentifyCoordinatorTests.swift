import DiscordGateway
import DiscordModels
import Logging
import StoryTestSupport
import Synchronization
import Testing

/// Identify turns shared by several processes (``SharedIdentifyCoordinator``) over an in-memory
/// stand-in for the database (``InMemoryIdentifyTurns``, on the manual clock).
@Suite("Identify turns shared by the bot's processes")
struct SharedIdentifyCoordinatorTests {
    static func limit(maxConcurrency: Int) -> GatewayBot.SessionStartLimit {
        .init(total: 1000, remaining: 1000, resetAfter: 3_600_000, maxConcurrency: maxConcurrency)
    }

    @Test("two processes' shards in one bucket identify 5 s apart; other buckets at once")
    func twoProcesses() async throws {
        let clock = ManualClock()
        let turns = InMemoryIdentifyTurns(clock: clock)
        let processA = SharedIdentifyCoordinator(turns: turns, clock: clock, logger: Logger(label: "a"), margin: .zero)
        let processB = SharedIdentifyCoordinator(turns: turns, clock: clock, logger: Logger(label: "b"), margin: .zero)
        for process in [processA, processB] { await process.update(Self.limit(maxConcurrency: 2)) }
        // 4 shards, max_concurrency 2: shards 0 and 2 in bucket 0, shards 1 and 3 in bucket 1.
        // A runs 0-1, B runs 2-3: each bucket is asked for by both processes at once.
        let asks = [(processA, 0), (processA, 1), (processB, 2), (processB, 3)].map { ($0.0, ShardID(id: $0.1, count: 4)) }
        let granted = try await Self.turns(for: asks, clock: clock)
        #expect(granted.values.filter { $0 == .zero }.count == 2, "one shard of each bucket at once")
        #expect(Set([granted[0], granted[2]]) == [.zero, .seconds(5)], "bucket 0: one process, then the other 5 s later")
        #expect(Set([granted[1], granted[3]]) == [.zero, .seconds(5)], "bucket 1: likewise")
        #expect(turns.granted.withLock { $0 } == 4)
    }

    @Test("a process that identified waits for its bucket after another process's turn")
    func waitsForTheOthers() async throws {
        let clock = ManualClock()
        let turns = InMemoryIdentifyTurns(clock: clock)
        let processA = SharedIdentifyCoordinator(turns: turns, clock: clock, logger: Logger(label: "a"), margin: .zero)
        let processB = SharedIdentifyCoordinator(turns: turns, clock: clock, logger: Logger(label: "b"), margin: .zero)
        try await processA.waitForTurn(ShardID(id: 0, count: 2))
        clock.advance(by: .seconds(2))
        let granted = try await Self.turns(for: [(processB, ShardID(id: 1, count: 2))], clock: clock)
        #expect(granted == [1: .seconds(3)], "B's shard waits out A's 5 s in the one bucket")
    }

    @Test("the margin keeps two processes' turns of one bucket further apart than Discord's 5 s")
    func margin() async throws {
        let clock = ManualClock()
        let turns = InMemoryIdentifyTurns(clock: clock)
        let processA = SharedIdentifyCoordinator(turns: turns, clock: clock, logger: Logger(label: "a"))
        let processB = SharedIdentifyCoordinator(turns: turns, clock: clock, logger: Logger(label: "b"))
        let margin = await processA.margin
        #expect(margin == .seconds(1))
        try await processA.waitForTurn(ShardID(id: 0, count: 2))
        let granted = try await Self.turns(for: [(processB, ShardID(id: 1, count: 2))], clock: clock)
        #expect(granted == [1: .seconds(6)])
    }

    @Test("when the shared turns fail, the process takes its own turns for a while, says so, then asks again")
    func fallsBackToLocalTurns() async throws {
        let clock = ManualClock()
        let turns = InMemoryIdentifyTurns(clock: clock)
        turns.failing.withLock { $0 = true }
        let records = LogRecorder()
        let logger = records.logger(label: "fallback")
        let process = SharedIdentifyCoordinator(turns: turns, clock: clock, logger: logger, margin: .zero, fallback: .seconds(60))
        try await process.waitForTurn(ShardID(id: 0, count: 1))
        #expect(records.all.contains { $0.contains("identify turns cannot be shared through the database") })
        // Meanwhile, local turns only (still one per 5 s in this process), the database not asked.
        let asksBefore = turns.asks.withLock { $0 }
        let granted = try await Self.turns(for: [(process, ShardID(id: 0, count: 1))], clock: clock)
        #expect(granted == [0: .seconds(5)])
        #expect(turns.asks.withLock { $0 } == asksBefore)
        // After the fallback period, the database is asked again.
        turns.failing.withLock { $0 = false }
        clock.advance(by: .seconds(60))
        try await process.waitForTurn(ShardID(id: 0, count: 1))
        #expect(turns.asks.withLock { $0 } == asksBefore + 1)
        #expect(turns.granted.withLock { $0 } == 1)
        #expect(records.all.contains { $0.contains("asking the database again") })
    }

    @Test("a cancelled wait for another process's turn throws")
    func cancelled() async throws {
        let clock = ManualClock()
        let turns = InMemoryIdentifyTurns(clock: clock)
        let processA = SharedIdentifyCoordinator(turns: turns, clock: clock, logger: Logger(label: "a"), margin: .zero)
        let processB = SharedIdentifyCoordinator(turns: turns, clock: clock, logger: Logger(label: "b"), margin: .zero)
        try await processA.waitForTurn(.single)
        let waiting = Task { try await processB.waitForTurn(.single) }
        await clock.waitForSleepers { !$0.isEmpty }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }

    /// Asks for every shard's turn at once and moves the clock a second at a time until all have
    /// it; returns when (since the start) each shard got its turn.
    static func turns(for asks: [(SharedIdentifyCoordinator<ManualClock>, ShardID)], clock: ManualClock) async throws -> [Int: Duration] {
        let start = clock.now
        let granted = SharedValue<[Int: Duration]>([:])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (coordinator, shard) in asks {
                group.addTask {
                    try await coordinator.waitForTurn(shard)
                    granted.withLock { $0[shard.id] = start.duration(to: clock.now) }
                }
            }
            for _ in 0 ..< 120 where granted.withLock({ $0.count }) < asks.count {
                try await eventually { clock.sleepingUntil.count + granted.withLock { $0.count } == asks.count }
                guard granted.withLock({ $0.count }) < asks.count else { break }
                clock.advance(by: .seconds(1))
            }
            try await group.waitForAll()
        }
        return granted.withLock { $0 }
    }
}

/// The database's identify turns in memory, on the manual clock: per bucket, when its next turn is.
final class InMemoryIdentifyTurns: SharedIdentifyTurns {
    private let clock: ManualClock
    private let next = Mutex<[Int: ManualClock.Instant]>([:])
    /// Turns handed out, asks answered, and whether asks fail (the database unreachable).
    let granted = Mutex(0)
    let asks = Mutex(0)
    let failing = Mutex(false)

    init(clock: ManualClock) { self.clock = clock }

    func take(bucket: Int, spacing: Duration) async throws -> Duration? {
        struct Unreachable: Error {}
        guard !failing.withLock({ $0 }) else { throw Unreachable() }
        asks.withLock { $0 += 1 }
        let now = clock.now
        return next.withLock { next in
            if let turn = next[bucket], turn > now { return now.duration(to: turn) }
            next[bucket] = now.advanced(by: spacing)
            granted.withLock { $0 += 1 }
            return nil
        }
    }
}

/// A value shared with child tasks under a lock.
final class SharedValue<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    init(_ value: Value) { mutex = Mutex(value) }
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result { mutex.withLock { body(&$0) } }
}
