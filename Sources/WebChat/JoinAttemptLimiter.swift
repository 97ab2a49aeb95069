import Foundation

/// Failed attempts to join (an unknown, expired, revoked or used-up invite), counted per
/// address: the first few are answered at once, the next ones more and more slowly, and then
/// the address is refused for a while. A pure value: time is given, never read.
public struct JoinAttemptLimiter: Sendable {
    public struct Policy: Sendable, Equatable {
        /// How long a failure counts.
        public var window: TimeInterval
        /// Failures answered without delay.
        public var freeFailures: Int
        /// The delay after the first slowed failure; it doubles with each one, up to `maxDelay`.
        public var firstDelay: TimeInterval
        public var maxDelay: TimeInterval
        /// Failures (within the window) after which the address is refused.
        public var refuseAfter: Int
        /// How long a refused address waits, from its last failure.
        public var lockout: TimeInterval
        /// Addresses remembered at most (the oldest are forgotten first).
        public var maxAddresses: Int

        /// 5 free failures, then 1, 2, 4, 8 s, refused after 10 failures for 15 minutes.
        public static let standard = Policy(window: 900, freeFailures: 5, firstDelay: 1, maxDelay: 8, refuseAfter: 10,
                                            lockout: 900, maxAddresses: 10_000)

        public init(window: TimeInterval, freeFailures: Int, firstDelay: TimeInterval, maxDelay: TimeInterval, refuseAfter: Int,
                    lockout: TimeInterval, maxAddresses: Int) {
            self.window = window
            self.freeFailures = freeFailures
            self.firstDelay = firstDelay
            self.maxDelay = maxDelay
            self.refuseAfter = refuseAfter
            self.lockout = lockout
            self.maxAddresses = maxAddresses
        }
    }

    /// What to do with an attempt.
    public enum Verdict: Sendable, Equatable {
        /// Go on, after waiting this long (seconds; 0 for no wait).
        case allow(delay: TimeInterval)
        /// Refuse; the address may try again after this many seconds.
        case refuse(retryAfter: TimeInterval)
    }

    public let policy: Policy
    private var failures: [String: [Date]] = [:]
    private var lockedUntil: [String: Date] = [:]

    public init(policy: Policy = .standard) { self.policy = policy }

    /// The verdict for an attempt from `address` now.
    public mutating func verdict(for address: String, at now: Date) -> Verdict {
        if let until = lockedUntil[address] {
            if now < until { return .refuse(retryAfter: until.timeIntervalSince(now).rounded(.up)) }
            lockedUntil[address] = nil
        }
        let slowed = recentFailures(of: address, at: now).count - policy.freeFailures
        guard slowed >= 0 else { return .allow(delay: 0) }
        return .allow(delay: min(policy.maxDelay, policy.firstDelay * pow(2, Double(slowed))))
    }

    /// Counts a failed attempt from `address`; the one that reaches ``Policy/refuseAfter``
    /// locks the address out.
    public mutating func recordFailure(for address: String, at now: Date) {
        var recent = recentFailures(of: address, at: now)
        recent.append(now)
        if recent.count >= policy.refuseAfter {
            failures[address] = nil
            lockedUntil[address] = now + policy.lockout
        } else {
            failures[address] = recent
        }
        forgetOldest(at: now)
    }

    /// Addresses remembered (for tests and bounds).
    public var trackedAddresses: Int { failures.count + lockedUntil.count }

    /// The address's failures within the window; forgets the older ones.
    private mutating func recentFailures(of address: String, at now: Date) -> [Date] {
        guard let all = failures[address] else { return [] }
        let recent = all.filter { $0 > now - policy.window }
        failures[address] = recent.isEmpty ? nil : recent
        return recent
    }

    /// Keeps memory bounded: past the limit, expired lockouts go, then the stalest addresses.
    private mutating func forgetOldest(at now: Date) {
        guard trackedAddresses > policy.maxAddresses else { return }
        lockedUntil = lockedUntil.filter { $0.value > now }
        failures = failures.filter { $0.value.contains { $0 > now - policy.window } }
        while trackedAddresses > policy.maxAddresses, let stalest = failures.min(by: { ($0.value.last ?? .distantPast) < ($1.value.last ?? .distantPast) }) {
            failures[stalest.key] = nil
        }
        while trackedAddresses > policy.maxAddresses, let soonest = lockedUntil.min(by: { $0.value < $1.value }) {
            lockedUntil[soonest.key] = nil
        }
    }
}
