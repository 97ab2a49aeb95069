import Foundation

/// Persists the gateway session so a quick restart resumes instead of identifying again.
public protocol GatewaySessionStore: Sendable {
    /// The stored session, if any, with ``GatewaySession/savedAt`` when the store knows it.
    func load() async -> GatewaySession?
    /// Stores a session (stamping ``GatewaySession/savedAt``); `nil` clears it (the session was invalidated).
    func save(_ session: GatewaySession?) async
    /// How long ago `session` was stored, by the store's clock; nil when unknown.
    func age(of session: GatewaySession) -> Duration?
}

extension GatewaySessionStore {
    /// By the system clock.
    public func age(of session: GatewaySession) -> Duration? {
        session.savedAt.map { .seconds(Date().timeIntervalSince($0)) }
    }
}
