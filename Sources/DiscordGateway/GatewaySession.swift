/// What a client needs to RESUME a gateway session after a reconnect or a restart.
public struct GatewaySession: Codable, Sendable, Equatable {
    /// `session_id` from READY.
    public var sessionID: String
    /// `resume_gateway_url` from READY, without query parameters.
    public var resumeURL: String
    /// The last dispatch sequence number received.
    public var sequence: Int

    public init(sessionID: String, resumeURL: String, sequence: Int) {
        self.sessionID = sessionID
        self.resumeURL = resumeURL
        self.sequence = sequence
    }
}
