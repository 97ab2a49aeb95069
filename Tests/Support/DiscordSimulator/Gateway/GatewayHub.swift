import DiscordModels

/// The gateway's shared state: sessions, live connections and counters. Every change happens under
/// one lock, so sequence numbers, replays and sends to a connection's outbox stay in order.
final class GatewayHub: Sendable {
    /// The result of a RESUME.
    enum ResumeOutcome: Sendable {
        case resumed
        /// The session is unknown or was invalidated (send op 9 `false`).
        case unknownSession
        /// The client claims a sequence number that was never sent (close 4007).
        case invalidSequence
    }

    private struct Connection: Sendable {
        let outbox: AsyncStream<GatewayOutput>.Continuation
        var sessionID: String?
        var clientCloseCode: Int?
    }

    private struct State: Sendable {
        var sessions: [String: GatewaySession] = [:]
        var currentSessionID: String?
        var connections: [Int: Connection] = [:]
        /// Dispatches made while no session existed; they follow the next READY.
        var pending: [(event: String, data: String, sent: (@Sendable () -> Void)?)] = []
        var stats = GatewayStats()
        var acknowledgesHeartbeats = true
        var nextConnectionID = 0
        var resumeGatewayURL = ""

        /// Forgets a session so it can no longer be resumed.
        mutating func endSession(_ id: String) {
            sessions[id] = nil
            if currentSessionID == id { currentSessionID = nil }
        }
    }

    private let state = WaitableState(State())
    private let configuration: DiscordSimulator.Configuration
    private let identifiers: IdentifierGenerator

    init(configuration: DiscordSimulator.Configuration, identifiers: IdentifierGenerator) {
        self.configuration = configuration
        self.identifiers = identifiers
    }

    /// Sets the URL READY advertises for resuming (known once the server is bound).
    func setResumeGatewayURL(_ url: String) {
        state.update { $0.resumeGatewayURL = url }
    }

    // MARK: Connection lifecycle

    /// Registers a new connection and queues its HELLO.
    func openConnection() -> (id: Int, outbox: AsyncStream<GatewayOutput>) {
        let (stream, continuation) = AsyncStream.makeStream(of: GatewayOutput.self)
        let id = state.update { state in
            state.nextConnectionID += 1
            state.stats.connections += 1
            state.connections[state.nextConnectionID] = Connection(outbox: continuation)
            return state.nextConnectionID
        }
        continuation.yield(.message(GatewayFrame.hello(interval: configuration.heartbeatInterval)))
        return (id, stream)
    }

    /// Records the close code the client sent on a connection.
    func recordClientClose(connection id: Int, code: Int) {
        state.update { state in
            state.stats.clientCloseCodes.append(code)
            state.connections[id]?.clientCloseCode = code
        }
    }

    /// Forgets a finished connection; a client close with 1000/1001 also ends its session.
    func connectionClosed(_ id: Int) {
        state.update { state in
            guard let connection = state.connections.removeValue(forKey: id) else { return }
            connection.outbox.finish()
            guard let sessionID = connection.sessionID, state.sessions[sessionID]?.connectionID == id else { return }
            state.sessions[sessionID]?.connectionID = nil
            if let code = connection.clientCloseCode, code == 1000 || code == 1001 {
                state.endSession(sessionID)
            }
        }
    }

    // MARK: Client payloads

    /// Counts a heartbeat and acknowledges it unless acknowledgements are switched off.
    func heartbeat(connection id: Int) {
        state.update { state in
            state.stats.heartbeats += 1
            if state.acknowledgesHeartbeats {
                state.connections[id]?.outbox.yield(.message(GatewayFrame.command(.heartbeatAck)))
            }
        }
    }

    /// Starts a session on a connection: READY (sequence 1), then any dispatches made without a session.
    func identify(connection id: Int) {
        let sessionID = identifiers.sessionID()
        state.update { state in
            guard let connection = state.connections[id] else { return }
            var session = GatewaySession(id: sessionID)
            session.connectionID = id
            let ready = Ready(user: configuration.botUser, sessionID: sessionID, resumeGatewayURL: state.resumeGatewayURL,
                              application: .init(id: configuration.applicationID))
            connection.outbox.yield(.message(session.record(event: "READY", data: GatewayFrame.encode(DiscordPayload(ready: ready)), replayable: false)))
            for dispatch in state.pending {
                connection.outbox.yield(.message(session.record(event: dispatch.event, data: dispatch.data), sent: dispatch.sent))
            }
            state.pending.removeAll()
            state.sessions[sessionID] = session
            state.currentSessionID = sessionID
            state.connections[id]?.sessionID = sessionID
            state.stats.identifies += 1
        }
    }

    /// Resumes a session on a connection: replays what the client missed, then RESUMED.
    func resume(connection id: Int, sessionID: String, sequence: Int) -> ResumeOutcome {
        state.update { state in
            guard let connection = state.connections[id], var session = state.sessions[sessionID] else { return .unknownSession }
            guard session.canResume(from: sequence) else { return .invalidSequence }
            if let previous = session.connectionID { state.connections[previous]?.sessionID = nil }
            for frame in session.frames(after: sequence) { connection.outbox.yield(.message(frame)) }
            connection.outbox.yield(.message(session.record(event: "RESUMED", data: "null", replayable: false)))
            session.connectionID = id
            state.sessions[sessionID] = session
            state.connections[id]?.sessionID = sessionID
            state.stats.resumes += 1
            return .resumed
        }
    }

    /// Queues a payload for one connection only.
    func send(_ output: GatewayOutput, toConnection id: Int) {
        state.read { $0.connections[id]?.outbox }?.yield(output)
    }

    // MARK: Test controls

    /// Sends a dispatch to the current session (buffered while it has no connection); `sent` is
    /// called when its frame has been written to a socket.
    func dispatch(event: String, data: String, sent: (@Sendable () -> Void)? = nil) {
        state.update { state in
            guard let sessionID = state.currentSessionID, var session = state.sessions[sessionID] else {
                state.pending.append((event, data, sent))
                return
            }
            let frame = session.record(event: event, data: data)
            if let connectionID = session.connectionID { state.connections[connectionID]?.outbox.yield(.message(frame, sent: sent)) }
            state.sessions[sessionID] = session
        }
    }

    /// Queues `output` on the newest live connection. Closing with a code that forbids resuming
    /// (e.g. 4007, 4009) or invalidating without `resumable` also ends the current session.
    func sendToActiveConnection(_ output: GatewayOutput, endsSession: Bool = false) {
        state.update { state in
            if let newest = state.connections.keys.max() { state.connections[newest]?.outbox.yield(output) }
            if endsSession, let sessionID = state.currentSessionID { state.endSession(sessionID) }
        }
    }

    func setHeartbeatAcknowledgements(enabled: Bool) {
        state.update { $0.acknowledgesHeartbeats = enabled }
    }

    /// Ends every connection's writer (server shutdown).
    func finishAll() {
        state.update { state in
            for connection in state.connections.values { connection.outbox.finish() }
        }
    }

    // MARK: Inspection

    var stats: GatewayStats { state.read(\.stats) }

    var remainingSessionStarts: Int {
        max(0, configuration.sessionStartLimit.remaining - state.read(\.stats.identifies))
    }

    /// Waits until the counters satisfy `condition`; false on timeout.
    func wait(timeout: Duration, until condition: @escaping @Sendable (GatewayStats) -> Bool) async -> Bool {
        await state.wait(timeout: timeout) { condition($0.stats) ? true : nil } ?? false
    }
}
