import Foundation
import StoryDomain

/// The web chat's shared ``JoinAttemptLimiter``, on the service's clock.
actor JoinThrottle {
    private var limiter: JoinAttemptLimiter
    private let clock: any WallClock

    init(policy: JoinAttemptLimiter.Policy, clock: any WallClock) {
        limiter = JoinAttemptLimiter(policy: policy)
        self.clock = clock
    }

    func verdict(for address: String) -> JoinAttemptLimiter.Verdict {
        limiter.verdict(for: address, at: clock.now())
    }

    func recordFailure(for address: String) {
        limiter.recordFailure(for: address, at: clock.now())
    }
}
