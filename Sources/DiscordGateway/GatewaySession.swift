import Foundation

/// What a client needs to RESUME a gateway session after a reconnect or a restart.
public struct GatewaySession: Codable, Sendable, Equatable {
    /// `session_id` from READY.
    public var sessionID: String
    /// `resume_gateway_url` from READY, without query parameters.
    public var resumeURL: String
    /// The last dispatch sequence number received.
    public var sequence: Int
    /// When a ``GatewaySessionStore`` last stored it (the store stamps it); nil when unknown, as
    /// for sessions stored before stamps existed.
    public var savedAt: Date?

    public init(sessionID: String, resumeURL: String, sequence: Int, savedAt: Date? = nil) {
        self.sessionID = sessionID
        self.resumeURL = resumeURL
        self.sequence = sequence
        self.savedAt = savedAt
    }
}
