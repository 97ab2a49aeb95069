import Foundation

/// The envelope of every gateway message: `op`, `s`, `t` (missing keys decode as nil). The
/// `d` field is decoded separately by type with ``GatewayData``.
public struct GatewayEnvelope: Sendable, Decodable, Equatable {
    public var op: GatewayOpcode
    public var s: Int?
    public var t: String?

    public init(op: GatewayOpcode, s: Int? = nil, t: String? = nil) {
        self.op = op
        self.s = s
        self.t = t
    }
}

/// Reads `d` of a gateway message as `D`.
public struct GatewayData<D: Decodable & Sendable>: Decodable, Sendable {
    public var d: D
}

/// An outgoing gateway message `{op, d}`.
public struct GatewayCommand<D: Encodable & Sendable>: Encodable, Sendable {
    public var op: Int
    public var d: D

    public init(op: GatewayOpcode, d: D) {
        self.op = op.rawValue
        self.d = d
    }
}

/// op 10.
public struct Hello: Codable, Sendable, Equatable {
    /// Milliseconds.
    public var heartbeatInterval: Int

    public init(heartbeatInterval: Int) { self.heartbeatInterval = heartbeatInterval }

    enum CodingKeys: String, CodingKey { case heartbeatInterval = "heartbeat_interval" }
}

/// op 2.
public struct Identify: Codable, Sendable, Equatable {
    public struct Properties: Codable, Sendable, Equatable {
        public var os: String
        public var browser: String
        public var device: String

        public init(os: String = "linux", browser: String = "magical-stories", device: String = "magical-stories") {
            self.os = os
            self.browser = browser
            self.device = device
        }
    }

    public var token: String
    public var intents: UInt64
    public var properties: Properties
    public var shard: [Int]?

    public init(token: String, intents: UInt64, properties: Properties = Properties(), shard: [Int]? = nil) {
        self.token = token
        self.intents = intents
        self.properties = properties
        self.shard = shard
    }
}

/// op 6.
public struct Resume: Codable, Sendable, Equatable {
    public var token: String
    public var sessionID: String
    public var seq: Int

    public init(token: String, sessionID: String, seq: Int) {
        self.token = token
        self.sessionID = sessionID
        self.seq = seq
    }

    enum CodingKeys: String, CodingKey {
        case token, seq
        case sessionID = "session_id"
    }
}

/// The READY dispatch.
public struct Ready: Codable, Sendable, Equatable {
    public struct PartialApplication: Codable, Sendable, Equatable {
        public var id: Snowflake
        public init(id: Snowflake) { self.id = id }
    }

    public var v: Int
    public var user: User
    public var sessionID: String
    public var resumeGatewayURL: String
    public var application: PartialApplication?

    public init(v: Int = 10, user: User, sessionID: String, resumeGatewayURL: String, application: PartialApplication?) {
        self.v = v
        self.user = user
        self.sessionID = sessionID
        self.resumeGatewayURL = resumeGatewayURL
        self.application = application
    }

    enum CodingKeys: String, CodingKey {
        case v, user, application
        case sessionID = "session_id"
        case resumeGatewayURL = "resume_gateway_url"
    }
}

/// `GET /gateway/bot`.
public struct GatewayBot: Codable, Sendable, Equatable {
    public struct SessionStartLimit: Codable, Sendable, Equatable {
        public var total: Int
        public var remaining: Int
        /// Milliseconds until the window resets.
        public var resetAfter: Int
        public var maxConcurrency: Int

        public init(total: Int, remaining: Int, resetAfter: Int, maxConcurrency: Int) {
            self.total = total
            self.remaining = remaining
            self.resetAfter = resetAfter
            self.maxConcurrency = maxConcurrency
        }

        enum CodingKeys: String, CodingKey {
            case total, remaining
            case resetAfter = "reset_after"
            case maxConcurrency = "max_concurrency"
        }
    }

    public var url: String
    public var shards: Int
    public var sessionStartLimit: SessionStartLimit

    public init(url: String, shards: Int, sessionStartLimit: SessionStartLimit) {
        self.url = url
        self.shards = shards
        self.sessionStartLimit = sessionStartLimit
    }

    enum CodingKeys: String, CodingKey {
        case url, shards
        case sessionStartLimit = "session_start_limit"
    }
}

/// Gateway close codes and what they mean for the client.
public enum GatewayCloseCode: Sendable, Equatable {
    /// What to do after the connection closed with a code.
    public enum Action: Sendable, Equatable {
        /// Reconnect and RESUME the session.
        case resume
        /// Reconnect with a new session (IDENTIFY).
        case identify
        /// Stop: the configuration is wrong (token, intents, shard, version).
        case fatal(String)
    }

    /// The action for a close code (nil code = dropped without a close frame: resume).
    public static func action(for code: Int?) -> Action {
        switch code {
        case 4004: .fatal("authentication failed (4004): the bot token is wrong or was reset")
        case 4010: .fatal("invalid shard (4010)")
        case 4011: .fatal("sharding required (4011)")
        case 4012: .fatal("invalid API version (4012)")
        case 4013: .fatal("invalid intents (4013)")
        case 4014: .fatal("disallowed intents (4014): enable them in the Developer Portal or remove them")
        case 4003, 4007, 4009: .identify
        case 1000, 1001: .identify
        default: .resume
        }
    }
}
