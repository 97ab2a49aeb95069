import DiscordModels
import NIOHTTP1

/// The rate limit facts of one response: Discord's `X-RateLimit-*` headers, `Retry-After`, and
/// on a 429 the body's `retry_after` and `global`.
public struct RateLimitHeaders: Sendable, Equatable {
    /// `X-RateLimit-Scope` on a 429.
    public enum Scope: String, Sendable, Equatable {
        /// The bot's own per-route limit.
        case user
        /// The bot's global limit.
        case global
        /// A per-resource limit shared with others; does not count as an invalid request.
        case shared
    }

    /// `X-RateLimit-Bucket`: the opaque bucket hash.
    public var bucket: String?
    /// `X-RateLimit-Limit`.
    public var limit: Int?
    /// `X-RateLimit-Remaining`.
    public var remaining: Int?
    /// `X-RateLimit-Reset-After`.
    public var resetAfter: Duration?
    /// `Retry-After` or the body's `retry_after`, whichever is longer.
    public var retryAfter: Duration?
    /// `X-RateLimit-Global` or the body's `global: true`.
    public var isGlobal: Bool
    /// `X-RateLimit-Scope`.
    public var scope: Scope?

    public init(bucket: String? = nil, limit: Int? = nil, remaining: Int? = nil, resetAfter: Duration? = nil,
                retryAfter: Duration? = nil, isGlobal: Bool = false, scope: Scope? = nil) {
        self.bucket = bucket
        self.limit = limit
        self.remaining = remaining
        self.resetAfter = resetAfter
        self.retryAfter = retryAfter
        self.isGlobal = isGlobal
        self.scope = scope
    }

    /// Reads the headers, and on a 429 also the decoded error body.
    public init(_ headers: HTTPHeaders, body: DiscordErrorBody? = nil) {
        func seconds(_ name: String) -> Duration? {
            guard let text = headers.first(name: name), let value = Double(text), value.isFinite, value >= 0 else {
                return nil
            }
            return .milliseconds(Int64((value * 1000).rounded(.up)))
        }
        bucket = headers.first(name: "X-RateLimit-Bucket")
        limit = headers.first(name: "X-RateLimit-Limit").flatMap { Int($0) }
        remaining = headers.first(name: "X-RateLimit-Remaining").flatMap { Int($0) }
        resetAfter = seconds("X-RateLimit-Reset-After")
        let bodyRetry = body?.retryAfter.flatMap { $0.isFinite && $0 >= 0 ? Duration.milliseconds(Int64(($0 * 1000).rounded(.up))) : nil }
        retryAfter = [seconds("Retry-After"), bodyRetry].compactMap { $0 }.max()
        isGlobal = headers.first(name: "X-RateLimit-Global")?.lowercased() == "true" || body?.global == true
        scope = headers.first(name: "X-RateLimit-Scope").flatMap { Scope(rawValue: $0.lowercased()) }
    }
}
