/// Persists the gateway session so a quick restart resumes instead of identifying again.
public protocol GatewaySessionStore: Sendable {
    /// The stored session, if any.
    func load() async -> GatewaySession?
    /// Stores a session; `nil` clears it (the session was invalidated).
    func save(_ session: GatewaySession?) async
}
