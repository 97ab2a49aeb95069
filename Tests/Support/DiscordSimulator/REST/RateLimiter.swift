import Foundation
import HTTPTypes

/// Fixed-window rate limits per bucket (route + major parameters), with forced 429s for tests.
struct RateLimiter: Sendable {
    /// A rejected request: how long to wait and whether the limit is global.
    struct Rejection: Sendable {
        let retryAfter: Double
        let global: Bool
    }

    /// Headers for the response, and the rejection when the request must not run.
    struct Decision: Sendable {
        var headers: HTTPFields
        var rejection: Rejection?
    }

    private struct Window: Sendable {
        var start: ContinuousClock.Instant
        var count: Int
    }

    private struct Injection: Sendable {
        let pattern: String
        var remaining: Int
        let retryAfter: Double
        let global: Bool
    }

    private var windows: [String: Window] = [:]
    private var injections: [Injection] = []

    /// Forces the next `count` requests matching `pattern` to answer 429.
    mutating func inject(pattern: String, count: Int, retryAfter: Double, global: Bool) {
        injections.append(Injection(pattern: pattern, remaining: count, retryAfter: retryAfter, global: global))
    }

    /// Counts a request against its bucket and decides whether it may run.
    mutating func admit(_ route: RESTRoute, bucketKey: String, limit: DiscordSimulator.RateLimit,
                        now: ContinuousClock.Instant, date: Date) -> Decision {
        var window = windows[bucketKey].flatMap { now - $0.start < limit.window ? $0 : nil } ?? Window(start: now, count: 0)
        let resetAfter = (window.start + limit.window - now).seconds
        if let index = injections.firstIndex(where: { $0.remaining > 0 && route.matches($0.pattern) }) {
            injections[index].remaining -= 1
            let injection = injections[index]
            injections.removeAll { $0.remaining == 0 }
            let rejection = Rejection(retryAfter: injection.retryAfter, global: injection.global)
            if injection.global { return Decision(headers: Self.rejectionHeaders(rejection), rejection: rejection) }
            var headers = Self.headers(route, limit: limit.limit, remaining: 0, resetAfter: injection.retryAfter, date: date)
            headers.append(contentsOf: Self.rejectionHeaders(rejection))
            return Decision(headers: headers, rejection: rejection)
        }
        guard window.count < limit.limit else {
            let rejection = Rejection(retryAfter: resetAfter, global: false)
            var headers = Self.headers(route, limit: limit.limit, remaining: 0, resetAfter: resetAfter, date: date)
            headers.append(contentsOf: Self.rejectionHeaders(rejection))
            return Decision(headers: headers, rejection: rejection)
        }
        window.count += 1
        windows[bucketKey] = window
        return Decision(headers: Self.headers(route, limit: limit.limit, remaining: limit.limit - window.count,
                                              resetAfter: resetAfter, date: date))
    }

    private static func headers(_ route: RESTRoute, limit: Int, remaining: Int, resetAfter: Double, date: Date) -> HTTPFields {
        [
            .rateLimitLimit: String(limit),
            .rateLimitRemaining: String(remaining),
            .rateLimitReset: String(format: "%.3f", date.timeIntervalSince1970 + resetAfter),
            .rateLimitResetAfter: String(format: "%.3f", resetAfter),
            .rateLimitBucket: bucketHash(route.name),
        ]
    }

    private static func rejectionHeaders(_ rejection: Rejection) -> HTTPFields {
        var headers: HTTPFields = [
            .retryAfter: String(Int(rejection.retryAfter.rounded(.up))),
            .rateLimitScope: rejection.global ? "global" : "user",
        ]
        if rejection.global { headers[.rateLimitGlobal] = "true" }
        return headers
    }

    /// An opaque, stable hash like Discord's bucket ids.
    private static func bucketHash(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}

extension HTTPField.Name {
    static let rateLimitLimit = Self("X-RateLimit-Limit")!
    static let rateLimitRemaining = Self("X-RateLimit-Remaining")!
    static let rateLimitReset = Self("X-RateLimit-Reset")!
    static let rateLimitResetAfter = Self("X-RateLimit-Reset-After")!
    static let rateLimitBucket = Self("X-RateLimit-Bucket")!
    static let rateLimitScope = Self("X-RateLimit-Scope")!
    static let rateLimitGlobal = Self("X-RateLimit-Global")!
}
