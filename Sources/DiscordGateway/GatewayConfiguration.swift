import DiscordModels

/// How ``GatewayClient`` connects. The token never appears in `description` or reflection.
public struct GatewayConfiguration: Sendable, CustomStringConvertible, CustomReflectable {
    /// The raw bot token (no `Bot ` prefix). Secret.
    public var token: String
    /// The IDENTIFY intents bitfield (1 = GUILDS).
    public var intents: UInt64
    /// Fetches `GET /gateway/bot` (the app wires this to its REST client).
    public var gatewayInfo: @Sendable () async throws -> GatewayBot
    /// Ask Discord for `compress=zlib-stream` transport compression.
    public var compress: Bool
    /// The largest WebSocket frame and message accepted; READY and GUILD_CREATE can be large.
    public var maxFrameSize: Int
    /// A stored session older than this is not resumed at start; the bot identifies afresh.
    /// Discord documents no exact resume window: the default (5 min) is a guess on the safe side
    /// (``GatewayStateMachine/defaultMaxResumeAge``). A resume that cannot connect falls back to
    /// IDENTIFY anyway, after ``GatewayStateMachine/resumeConnectAttempts`` tries.
    public var maxResumeAge: Duration

    public init(
        token: String,
        intents: UInt64 = 1,
        compress: Bool = true,
        maxFrameSize: Int = 16 * 1024 * 1024,
        maxResumeAge: Duration = GatewayStateMachine.defaultMaxResumeAge,
        gatewayInfo: @escaping @Sendable () async throws -> GatewayBot
    ) {
        self.token = token
        self.intents = intents
        self.compress = compress
        self.maxFrameSize = maxFrameSize
        self.maxResumeAge = maxResumeAge
        self.gatewayInfo = gatewayInfo
    }

    public var description: String {
        "GatewayConfiguration(token: <redacted>, intents: \(intents), compress: \(compress), maxFrameSize: \(maxFrameSize), maxResumeAge: \(maxResumeAge))"
    }

    public var customMirror: Mirror {
        Mirror(
            self,
            children: ["token": "<redacted>", "intents": intents, "compress": compress, "maxFrameSize": maxFrameSize,
                      "maxResumeAge": maxResumeAge],
            displayStyle: .struct
        )
    }
}
