/// Something ``GatewayStateMachine`` asks its driver to do, in order.
public enum GatewayAction: Equatable, Sendable {
    /// Open a WebSocket to this URL (query parameters included).
    case connect(url: String)
    /// Sleep until the instant, then call ``GatewayStateMachine/connectDue(now:)``.
    case waitUntil(ContinuousClock.Instant)
    /// Ask the ``IdentifyCoordinator`` for this shard's turn, then call
    /// ``GatewayStateMachine/identifyTurn(now:)`` (keep heartbeating meanwhile).
    case requestIdentifyTurn
    /// Send a JSON text frame. It may contain the token: never log it.
    case send(String)
    /// Call ``GatewayStateMachine/heartbeatDue(now:)`` at the instant (replaces any earlier schedule).
    case scheduleHeartbeat(at: ContinuousClock.Instant)
    /// Call ``GatewayStateMachine/flushDue(now:)`` at the instant: rate-limited sends are waiting.
    case scheduleFlush(at: ContinuousClock.Instant)
    /// Close the WebSocket with this code (never 1000/1001, so the session stays resumable),
    /// then report ``GatewayStateMachine/disconnected(closeCode:now:)``.
    case close(code: Int, reason: String)
    /// Hand an event to the application.
    case dispatch(GatewayDispatch)
    /// Store the session (`nil` clears it).
    case persistSession(GatewaySession?)
    /// Stop for good and report the error.
    case fail(GatewayFatalError)
}
