import StoryTestSupport
import DiscordModels
import DiscordREST
import Synchronization
import Testing

@Suite("The global REST limit, shared between processes")
struct GlobalRateBudgetTests {
    @Test(arguments: [(4, 4, 50), (2, 4, 25), (1, 3, 16), (2, 3, 33), (1, 1, 50), (1, 100, 1), (8, 4, 50)])
    func aProcessTakesItsShardsShare(shards: Int, total: Int, share: Int) {
        #expect(LocalGlobalRateBudget<ManualClock>.share(ofShards: shards, totalShards: total) == share)
    }

    @Test func sharesOfProcessesSplittingTheShardsNeverAddUpToMoreThanTheLimit() {
        for total in 1...64 {
            for split in 1...total {
                let shares = [split, total - split].filter { $0 > 0 }
                    .map { LocalGlobalRateBudget<ManualClock>.share(ofShards: $0, totalShards: total) }
                #expect(shares.reduce(0, +) <= 50, "\(total) shards split \(split)/\(total - split)")
            }
        }
    }

    @Test func takesBeyondTheLimitWaitForTheWindowOnTheInjectedClock() async throws {
        let clock = ManualClock()
        let budget = LocalGlobalRateBudget(limit: 3, clock: clock)
        for _ in 1...3 { try await budget.take() }
        let fourth = Task { try await budget.take() }
        await clock.waitForSleepers { $0 == [.init(offset: .seconds(1))] }
        clock.advance(by: .milliseconds(999))
        #expect(clock.sleepingUntil.count == 1, "still waiting just before the window ends")
        clock.advance(by: .milliseconds(1))
        try await fourth.value
    }

    @Test func twoProcessesWithHalfTheShardsEachStayWithinFiftyPerSecondTogether() async throws {
        let clock = ManualClock()
        let share = LocalGlobalRateBudget<ManualClock>.share(ofShards: 2, totalShards: 4)
        let processes = [LocalGlobalRateBudget(limit: share, clock: clock), LocalGlobalRateBudget(limit: share, clock: clock)]
        let sentAt = Locked<[Duration]>([])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for budget in processes {
                for _ in 0 ..< 80 {
                    group.addTask {
                        try await budget.take()
                        sentAt.withLock { $0.append(clock.now.offset) }
                    }
                }
            }
            // Each round: everything allowed has gone and the rest sleep; then a second passes.
            for _ in 0 ..< 10 where sentAt.withLock({ $0.count }) < 160 {
                try await eventually { clock.sleepingUntil.count + sentAt.withLock { $0.count } == 160 }
                clock.advance(by: .seconds(1))
            }
            try await group.waitForAll()
        }
        let times = sentAt.withLock { $0 }
        for start in times {
            let inWindow = times.filter { $0 >= start && $0 < start + .seconds(1) }.count
            #expect(inWindow <= 50, "at \(start): \(inWindow) requests in one second")
        }
    }

    @Test func interactionCallbacksSkipTheBudget() async throws {
        let clock = ManualClock()
        let limiter = RateLimiter(globalBudget: LocalGlobalRateBudget(limit: 1, clock: clock))
        let message = try await limiter.acquire(.createMessage(channelID: 1))
        await message.complete(status: 200, headers: RateLimitHeaders())
        let callback = try await limiter.acquire(.createInteractionResponse(interactionID: 2, token: "t"))
        await callback.complete(status: 200, headers: RateLimitHeaders())
        let followup = try await limiter.acquire(.createFollowup(applicationID: 3, token: "t"))
        await followup.complete(status: 200, headers: RateLimitHeaders())
        #expect(clock.sleepingUntil.isEmpty && clock.now.offset == .zero, "the callback and the follow-up went at once")
        // The budget of one holds the first message only: the next message waits one window.
        let second = Task { try await limiter.acquire(.createMessage(channelID: 4)) }
        await clock.waitForSleepers { $0 == [.init(offset: .seconds(1))] }
        clock.advance(by: .seconds(1))
        try await second.value.abandon()
        #expect(clock.sleepingUntil.isEmpty)
    }

    @Test func aWaitCancelledInTheBudgetFreesItsBucket() async throws {
        let clock = ManualClock()
        let limiter = RateLimiter(globalBudget: LocalGlobalRateBudget(limit: 1, clock: clock))
        let route = Route.createMessage(channelID: 1)
        try await limiter.acquire(route).complete(status: 200, headers: RateLimitHeaders())
        let waiting = Task { try await limiter.acquire(route) }
        await clock.waitForSleepers { !$0.isEmpty }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        clock.advance(by: .seconds(1))
        // Not stuck behind the cancelled request's bucket.
        try await limiter.acquire(route).abandon()
    }
}

/// A value shared with child tasks under a lock.
private final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    init(_ value: Value) { mutex = Mutex(value) }
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result { mutex.withLock { body(&$0) } }
}
