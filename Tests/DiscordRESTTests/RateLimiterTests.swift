import DiscordModels
@testable import DiscordREST
import StoryTestSupport
import Testing

@Suite struct RateLimiterTests {
    let route = Route.createMessage(channelID: 1)

    @Test func requestsInOneBucketQueueBehindTheOneInFlight() async throws {
        let limiter = RateLimiter()
        let first = try await limiter.acquire(route)
        let order = Order()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 1...3 {
                group.addTask {
                    let permit = try await limiter.acquire(route)
                    await order.append(index)
                    await Task.yield()
                    await permit.complete(status: 200, headers: RateLimitHeaders())
                }
            }
            try await eventually("all three queued") { await limiter.waitingRequests == 3 }
            #expect(await order.values.isEmpty)
            await first.complete(status: 200, headers: RateLimitHeaders())
            try await group.waitForAll()
        }
        #expect(await order.values.count == 3)
    }

    @Test func completingTwiceReleasesOnlyOnce() async throws {
        let limiter = RateLimiter()
        let first = try await limiter.acquire(route)
        await first.complete(status: 200, headers: RateLimitHeaders())
        let second = try await limiter.acquire(route)
        await first.complete(status: 200, headers: RateLimitHeaders())  // stale: must not free `second`'s bucket
        let waiter = Task { try await limiter.acquire(route) }
        // Queued, not let through: the stale completion freed nothing.
        try await eventually("the third waits for the bucket") { await limiter.waitingRequests == 1 }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        await second.abandon()
    }

    @Test func waitsForTheResetOnTheInjectedClock() async throws {
        let limiter = RateLimiter()
        let permit = try await limiter.acquire(route)
        await permit.complete(status: 200, headers: RateLimitHeaders(bucket: "b", limit: 1, remaining: 0,
                                                                     resetAfter: .milliseconds(80)))
        let started = ContinuousClock.now
        let next = try await limiter.acquire(route)
        #expect(started.duration(to: .now) >= .milliseconds(70))
        await next.abandon()
    }

    @Test func invalidRequestGuardRefusesToSend() async throws {
        let limiter = RateLimiter(configuration: .init(invalidRequestThreshold: 1))
        let permit = try await limiter.acquire(route)
        await permit.complete(status: 401, headers: RateLimitHeaders())
        #expect(await limiter.invalidRequestCount() == 1)
        await #expect(throws: DiscordRESTError.self) { try await limiter.acquire(route) }
    }
}

/// The order in which concurrent tasks got through.
private actor Order {
    private(set) var values: [Int] = []
    func append(_ value: Int) { values.append(value) }
}
