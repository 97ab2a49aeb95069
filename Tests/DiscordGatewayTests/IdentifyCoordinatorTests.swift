import StoryTestSupport
import DiscordGateway
import DiscordModels
import Synchronization
import Testing

@Suite("Identify turns: max_concurrency buckets and session starts")
struct IdentifyCoordinatorTests {
    static func limit(remaining: Int = 1000, resetAfter: Duration = .seconds(3600), maxConcurrency: Int) -> GatewayBot.SessionStartLimit {
        .init(total: 1000, remaining: remaining, resetAfter: Int(resetAfter.components.seconds * 1000), maxConcurrency: maxConcurrency)
    }

    @Test func oneBucketIdentifiesOnceEveryFiveSecondsInTheOrderAsked() async throws {
        let clock = ManualClock()
        let coordinator = LocalIdentifyCoordinator(clock: clock)
        await coordinator.update(Self.limit(maxConcurrency: 1))
        let turns = try await Self.turns(for: (0 ..< 3).map { ShardID(id: $0, count: 3) }, coordinator: coordinator, clock: clock)
        #expect(turns == [0: .zero, 1: .seconds(5), 2: .seconds(10)])
    }

    @Test func shardsInDifferentBucketsIdentifyTogether() async throws {
        let clock = ManualClock()
        let coordinator = LocalIdentifyCoordinator(clock: clock)
        await coordinator.update(Self.limit(maxConcurrency: 2))
        let turns = try await Self.turns(for: (0 ..< 5).map { ShardID(id: $0, count: 5) }, coordinator: coordinator, clock: clock)
        // Buckets: 0, 2, 4 → bucket 0; 1, 3 → bucket 1.
        #expect(turns == [0: .zero, 1: .zero, 2: .seconds(5), 3: .seconds(5), 4: .seconds(10)])
    }

    @Test func aShardIdentifyingAgainWaitsForItsBucket() async throws {
        let clock = ManualClock()
        let coordinator = LocalIdentifyCoordinator(clock: clock)
        await coordinator.update(Self.limit(maxConcurrency: 1))
        let shard = ShardID.single
        try await coordinator.waitForTurn(shard)
        clock.advance(by: .seconds(2))
        let turns = try await Self.turns(for: [shard], coordinator: coordinator, clock: clock)
        #expect(turns == [0: .seconds(3)], "5 s after its first IDENTIFY")
    }

    @Test func spentSessionStartsWaitForTheReset() async throws {
        let clock = ManualClock()
        let coordinator = LocalIdentifyCoordinator(clock: clock)
        await coordinator.update(Self.limit(remaining: 1, resetAfter: .seconds(30), maxConcurrency: 4))
        let turns = try await Self.turns(for: (0 ..< 3).map { ShardID(id: $0, count: 4) }, coordinator: coordinator, clock: clock)
        // One start left now; the others come when the budget resets (and then it is full again).
        #expect(turns.values.sorted() == [.zero, .seconds(30), .seconds(30)])
    }

    @Test func theSameReportFromEveryShardIsCountedOnce() async throws {
        let clock = ManualClock()
        let coordinator = LocalIdentifyCoordinator(clock: clock)
        let limit = Self.limit(remaining: 1, resetAfter: .seconds(30), maxConcurrency: 4)
        await coordinator.update(limit)
        try await coordinator.waitForTurn(ShardID(id: 0, count: 2))
        await coordinator.update(limit)  // shard 1 starts later and reports the answer both were given
        let turns = try await Self.turns(for: [ShardID(id: 1, count: 2)], coordinator: coordinator, clock: clock)
        #expect(turns == [1: .seconds(30)], "the one session start left was used by shard 0")
    }

    @Test func aCancelledWaitThrows() async throws {
        let clock = ManualClock()
        let coordinator = LocalIdentifyCoordinator(clock: clock)
        await coordinator.update(Self.limit(maxConcurrency: 1))
        try await coordinator.waitForTurn(ShardID(id: 0, count: 2))
        let waiting = Task { try await coordinator.waitForTurn(ShardID(id: 1, count: 2)) }
        await clock.waitForSleepers { !$0.isEmpty }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }

    /// Asks for every shard's turn at once and moves the clock a second at a time until all have
    /// it; returns when (since the start) each shard got its turn.
    static func turns(for shards: [ShardID], coordinator: LocalIdentifyCoordinator<ManualClock>,
                      clock: ManualClock) async throws -> [Int: Duration] {
        let start = clock.now
        let granted = Locked<[Int: Duration]>([:])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, shard) in shards.enumerated() {
                group.addTask {
                    try await coordinator.waitForTurn(shard)
                    granted.withLock { $0[shard.id] = start.duration(to: clock.now) }
                }
                // Asked in order: the next asks once this one has its turn or sleeps for it.
                try await eventually { clock.sleepingUntil.count + granted.withLock { $0.count } == index + 1 }
            }
            for _ in 0 ..< 120 where granted.withLock({ $0.count }) < shards.count {
                try await eventually { clock.sleepingUntil.count + granted.withLock { $0.count } == shards.count }
                clock.advance(by: .seconds(1))
            }
            try await group.waitForAll()
        }
        return granted.withLock { $0 }
    }
}

/// A value shared with child tasks under a lock.
private final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    init(_ value: Value) { mutex = Mutex(value) }
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result { mutex.withLock { body(&$0) } }
}
