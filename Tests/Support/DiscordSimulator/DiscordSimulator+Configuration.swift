import DiscordModels
import Logging

extension DiscordSimulator {
    /// A per-route rate limit: `limit` requests per fixed `window`.
    public struct RateLimit: Sendable, Equatable {
        public var limit: Int
        public var window: Duration

        public init(limit: Int, window: Duration) {
            self.limit = limit
            self.window = window
        }
    }

    /// How the simulated Discord behaves.
    public struct Configuration: Sendable {
        /// The valid bot token (REST `Authorization: Bot <token>` and gateway IDENTIFY/RESUME).
        public var token: String
        public var applicationID: Snowflake
        /// The bot user sent in READY.
        public var botUser: User
        /// The `heartbeat_interval` sent in HELLO.
        public var heartbeatInterval: Duration
        /// What `GET /gateway/bot` reports; `remaining` drops with every IDENTIFY. Its
        /// `maxConcurrency` is enforced: one IDENTIFY per bucket (`shard_id % max_concurrency`) per
        /// ``identifyWindow``, the others refused with op 9.
        public var sessionStartLimit: GatewayBot.SessionStartLimit
        /// The shard count `GET /gateway/bot` recommends.
        public var recommendedShards: Int
        /// IDENTIFYs naming fewer shards (or none: one) are closed with 4011, sharding required.
        public var minimumShardCount: Int
        /// The window of one IDENTIFY per `max_concurrency` bucket (Discord: 5 s).
        public var identifyWindow: Duration
        /// How long after dispatch an interaction may still be acknowledged.
        public var callbackDeadline: Duration
        /// How long an interaction token works for edits and follow-ups.
        public var tokenLifetime: Duration
        /// Limits by route: a template (`/channels/{channel_id}/messages`), `METHOD template`, or a
        /// template prefix. Routes without an entry use ``defaultRateLimit``.
        public var rateLimits: [String: RateLimit]
        public var defaultRateLimit: RateLimit
        /// The largest file accepted per attachment, in bytes.
        public var maxFileSize: Int
        /// Close connections that do not ask for `compress=zlib-stream` (code 4000).
        public var requireCompression: Bool
        /// Send each compressed message as two WebSocket messages, exercising the client's buffering.
        public var splitCompressedFrames: Bool
        public var logLevel: Logger.Level

        public init(token: String = "simulated-token",
                    applicationID: Snowflake = 1_100_000_000_000_000_001,
                    botUser: User = User(id: 1_100_000_000_000_000_001, username: "magical-stories", bot: true),
                    heartbeatInterval: Duration = .milliseconds(41_250),
                    sessionStartLimit: GatewayBot.SessionStartLimit = .init(total: 1000, remaining: 1000,
                                                                            resetAfter: 86_400_000, maxConcurrency: 1),
                    recommendedShards: Int = 1,
                    minimumShardCount: Int = 1,
                    identifyWindow: Duration = .seconds(5),
                    callbackDeadline: Duration = .seconds(3),
                    tokenLifetime: Duration = .seconds(15 * 60),
                    rateLimits: [String: RateLimit] = [:],
                    defaultRateLimit: RateLimit = RateLimit(limit: 50, window: .seconds(1)),
                    maxFileSize: Int = 10 * 1024 * 1024,
                    requireCompression: Bool = false,
                    splitCompressedFrames: Bool = false,
                    logLevel: Logger.Level = .warning) {
            self.token = token
            self.applicationID = applicationID
            self.botUser = botUser
            self.heartbeatInterval = heartbeatInterval
            self.sessionStartLimit = sessionStartLimit
            self.recommendedShards = recommendedShards
            self.minimumShardCount = minimumShardCount
            self.identifyWindow = identifyWindow
            self.callbackDeadline = callbackDeadline
            self.tokenLifetime = tokenLifetime
            self.rateLimits = rateLimits
            self.defaultRateLimit = defaultRateLimit
            self.maxFileSize = maxFileSize
            self.requireCompression = requireCompression
            self.splitCompressedFrames = splitCompressedFrames
            self.logLevel = logLevel
        }
    }

    /// A wait that ran out of time.
    public struct TimeoutError: Error, CustomStringConvertible {
        public var description: String

        init(_ what: String, after timeout: Duration) {
            description = "timed out after \(timeout) waiting for \(what)"
        }
    }
}
