import DiscordModels
import DiscordREST
import NIOHTTP1
import Testing

@Suite struct RateLimitStateTests {
    let t0 = ContinuousClock.now
    let channelA = Route.createMessage(channelID: 1)
    let channelB = Route.createMessage(channelID: 2)
    let followup = Route.createFollowup(applicationID: 10, token: "interaction-token")

    func at(_ milliseconds: Int) -> ContinuousClock.Instant { t0 + .milliseconds(milliseconds) }

    func exhausted(resetAfter: Duration = .seconds(2)) -> RateLimitHeaders {
        RateLimitHeaders(bucket: "abc", limit: 5, remaining: 0, resetAfter: resetAfter)
    }

    @Test func learnedBucketBlocksUntilReset() throws {
        var state = RateLimitState()
        #expect(try state.acquire(channelA, now: at(0)) == .proceed)
        state.complete(channelA, status: 200, headers: exhausted(), now: at(0))
        #expect(try state.acquire(channelA, now: at(100)) == .wait(until: at(2_000)))
        #expect(try state.acquire(channelA, now: at(2_000)) == .proceed)
    }

    @Test func remainingIsSpentLocallyUntilHeadersArrive() throws {
        var state = RateLimitState()
        _ = try state.acquire(channelA, now: at(0))
        state.complete(channelA, status: 200,
                       headers: RateLimitHeaders(bucket: "abc", limit: 2, remaining: 1, resetAfter: .seconds(1)), now: at(0))
        #expect(try state.acquire(channelA, now: at(10)) == .proceed)
        state.abandon(channelA)  // no response: the spent request still counts
        #expect(try state.acquire(channelA, now: at(20)) == .wait(until: at(1_000)))
    }

    @Test func oneRequestPerBucketInFlight() throws {
        var state = RateLimitState()
        #expect(try state.acquire(channelA, now: at(0)) == .proceed)
        #expect(try state.acquire(channelA, now: at(1)) == .busy(state.bucketID(for: channelA)))
        let released = state.complete(channelA, status: 200, headers: RateLimitHeaders(), now: at(2))
        #expect(released.contains(state.bucketID(for: channelA)))
        #expect(try state.acquire(channelA, now: at(3)) == .proceed)
    }

    @Test func differentMajorParametersAreSeparateBuckets() throws {
        var state = RateLimitState()
        _ = try state.acquire(channelA, now: at(0))
        state.complete(channelA, status: 200, headers: exhausted(), now: at(0))
        #expect(try state.acquire(channelB, now: at(1)) == .proceed)
        state.complete(channelB, status: 200, headers: exhausted(), now: at(1))
        #expect(state.bucketID(for: channelA) != state.bucketID(for: channelB))
        #expect(state.bucketID(for: channelA).hash == "abc")
        #expect(try state.acquire(channelB, now: at(500)) == .wait(until: at(2_001)))
    }

    @Test func routesSharingABucketHashShareTheLimit() throws {
        var state = RateLimitState()
        let edit = Route.editMessage(channelID: 1, messageID: 5)
        _ = try state.acquire(channelA, now: at(0))
        state.complete(channelA, status: 200, headers: exhausted(), now: at(0))
        _ = try state.acquire(edit, now: at(1))
        state.complete(edit, status: 200, headers: exhausted(), now: at(1))
        #expect(state.bucketID(for: edit) == state.bucketID(for: channelA))
        #expect(try state.acquire(channelA, now: at(10)) == .wait(until: at(2_001)))
    }

    @Test func perRoute429BlocksOnlyThatBucket() throws {
        var state = RateLimitState()
        _ = try state.acquire(channelA, now: at(0))
        state.complete(channelA, status: 429,
                       headers: RateLimitHeaders(bucket: "abc", retryAfter: .seconds(3), scope: .user), now: at(0))
        #expect(try state.acquire(channelA, now: at(10)) == .wait(until: at(3_000)))
        #expect(try state.acquire(channelB, now: at(10)) == .proceed)
        #expect(try state.acquire(channelA, now: at(3_000)) == .proceed)
    }

    @Test func global429PausesEverythingButInteractions() throws {
        var state = RateLimitState()
        _ = try state.acquire(channelA, now: at(0))
        state.complete(channelA, status: 429,
                       headers: RateLimitHeaders(retryAfter: .milliseconds(1_500), isGlobal: true, scope: .global),
                       now: at(0))
        #expect(try state.acquire(channelB, now: at(10)) == .wait(until: at(1_500)))
        #expect(try state.acquire(.gatewayBot, now: at(10)) == .wait(until: at(1_500)))
        #expect(try state.acquire(followup, now: at(10)) == .proceed)
        #expect(try state.acquire(channelB, now: at(1_500)) == .proceed)
    }

    @Test func sharedScope429IsNotCountedAsInvalid() throws {
        var state = RateLimitState()
        _ = try state.acquire(channelA, now: at(0))
        state.complete(channelA, status: 429, headers: RateLimitHeaders(retryAfter: .milliseconds(10), scope: .shared),
                       now: at(0))
        #expect(state.invalidRequestCount(now: at(1)) == 0)
        _ = try state.acquire(channelB, now: at(1))
        state.complete(channelB, status: 429, headers: RateLimitHeaders(retryAfter: .milliseconds(10), scope: .user),
                       now: at(1))
        _ = try state.acquire(.gatewayBot, now: at(2))
        state.complete(.gatewayBot, status: 403, headers: RateLimitHeaders(), now: at(2))
        _ = try state.acquire(.gatewayBot, now: at(3))
        state.complete(.gatewayBot, status: 404, headers: RateLimitHeaders(), now: at(3))
        #expect(state.invalidRequestCount(now: at(4)) == 2)
    }

    @Test func invalidRequestGuardTripsNearTheThresholdAndRecovers() throws {
        var state = RateLimitState(configuration: .init(invalidRequestThreshold: 3))
        for step in 0..<3 {
            _ = try state.acquire(.gatewayBot, now: at(step))
            state.complete(.gatewayBot, status: 401, headers: RateLimitHeaders(), now: at(step))
        }
        let error = #expect(throws: DiscordRESTError.self) { try state.acquire(channelA, now: at(10)) }
        guard case .invalidRequestGuard = error else {
            Issue.record("expected invalidRequestGuard, got \(String(describing: error))")
            return
        }
        #expect(try state.acquire(channelA, now: at(600_001)) == .proceed)
    }

    @Test func headersParseFromHTTPAndBody() {
        let http: HTTPHeaders = [
            "X-RateLimit-Bucket": "b", "X-RateLimit-Limit": "5", "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset-After": "2.75", "Retry-After": "3", "X-RateLimit-Scope": "user",
        ]
        let parsed = RateLimitHeaders(http, body: DiscordErrorBody(code: nil, message: "slow down", retryAfter: 2.75,
                                                                   global: true))
        #expect(parsed == RateLimitHeaders(bucket: "b", limit: 5, remaining: 0, resetAfter: .milliseconds(2_750),
                                           retryAfter: .seconds(3), isGlobal: true, scope: .user))
        #expect(RateLimitHeaders(HTTPHeaders()) == RateLimitHeaders())
    }
}
