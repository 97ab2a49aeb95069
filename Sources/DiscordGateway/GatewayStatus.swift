/// A snapshot of the gateway connection for health checks, metrics and tests.
public struct GatewayStatus: Sendable, Equatable {
    /// Where the state machine is.
    public var state: GatewayStateMachine.State
    /// WebSocket connections opened.
    public var connects: Int
    /// IDENTIFYs sent (new sessions).
    public var identifies: Int
    /// RESUMEs sent.
    public var resumes: Int
    /// The last close code seen (nil: none yet, or dropped without one).
    public var lastCloseCode: Int?
    /// Time between the last heartbeat and its ACK.
    public var latency: Duration?

    public init(
        state: GatewayStateMachine.State, connects: Int = 0, identifies: Int = 0, resumes: Int = 0,
        lastCloseCode: Int? = nil, latency: Duration? = nil
    ) {
        self.state = state
        self.connects = connects
        self.identifies = identifies
        self.resumes = resumes
        self.lastCloseCode = lastCloseCode
        self.latency = latency
    }

    /// Connected with a live session.
    public var isReady: Bool {
        if case .ready = state { true } else { false }
    }
}
