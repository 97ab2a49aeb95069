import DiscordModels

/// The gateway's shared state: sessions, live connections and counters. Every change happens under
/// one lock, so sequence numbers, replays and sends to a connection's outbox stay in order.
///
/// Sessions are sharded as Discord's are: each has a ``ShardKey`` (`[0, 1]` when IDENTIFY named
/// none), and an event goes to the current session of every shard that receives it — a server's
/// events to shard `(guild_id >> 22) % count`, events without a server to shard 0.
final class GatewayHub: Sendable {
    /// The result of an IDENTIFY.
    enum IdentifyOutcome: Sendable, Equatable {
        case ready
        /// Another IDENTIFY of the same `max_concurrency` bucket came less than the window ago (op 9).
        case tooFast
    }

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
        /// The shard of the session on this connection (nil before IDENTIFY or RESUME).
        var shard: ShardKey?
        var clientCloseCode: Int?
    }

    private struct PendingDispatch: Sendable {
        let event: String
        let data: String
        let guildID: Snowflake?
        let sent: (@Sendable () -> Void)?
    }

    private struct State: Sendable {
        var sessions: [String: GatewaySession] = [:]
        /// The newest session of each shard: the one events go to.
        var current: [ShardKey: String] = [:]
        var connections: [Int: Connection] = [:]
        /// Dispatches made while no session of their shard existed; they follow its next READY.
        var pending: [PendingDispatch] = []
        /// The last accepted IDENTIFY of each `max_concurrency` bucket.
        var lastIdentify: [Int: ContinuousClock.Instant] = [:]
        var stats = GatewayStats()
        var acknowledgesHeartbeats = true
        var nextConnectionID = 0
        var resumeGatewayURL = ""

        /// Forgets a session so it can no longer be resumed.
        mutating func endSession(_ id: String) {
            guard let session = sessions.removeValue(forKey: id) else { return }
            if current[session.shard] == id { current[session.shard] = nil }
        }

        /// The newest live connection, of `shard` when one is named.
        func newestConnection(shard: Int?) -> Int? {
            connections.filter { shard == nil || $0.value.shard?.id == shard }.keys.max()
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

    /// Starts a session of `shard` on a connection: READY (sequence 1), then the dispatches for
    /// this shard made while it had no session. Refused (`tooFast`) when its `max_concurrency`
    /// bucket identified less than ``DiscordSimulator/Configuration/identifyWindow`` ago.
    func identify(connection id: Int, shard: ShardKey, intents: UInt64 = 0) -> IdentifyOutcome {
        let sessionID = identifiers.sessionID()
        let now = ContinuousClock.now
        let bucket = shard.id % max(1, configuration.sessionStartLimit.maxConcurrency)
        return state.update { state in
            guard let connection = state.connections[id] else { return .ready }
            if let last = state.lastIdentify[bucket], last.duration(to: now) < configuration.identifyWindow {
                state.stats.refusedIdentifies += 1
                return .tooFast
            }
            state.lastIdentify[bucket] = now
            var session = GatewaySession(id: sessionID, shard: shard)
            session.connectionID = id
            let ready = Ready(user: configuration.botUser, sessionID: sessionID, resumeGatewayURL: state.resumeGatewayURL,
                              application: .init(id: configuration.applicationID))
            let readyData = GatewayFrame.encode(DiscordPayload(ready: ready, shard: shard))
            connection.outbox.yield(.message(session.record(event: "READY", data: readyData, replayable: false)))
            for dispatch in state.pending where shard.receives(guildID: dispatch.guildID) {
                connection.outbox.yield(.message(session.record(event: dispatch.event, data: dispatch.data), sent: dispatch.sent))
            }
            state.pending.removeAll { shard.receives(guildID: $0.guildID) }
            state.sessions[sessionID] = session
            state.current[shard] = sessionID
            state.connections[id]?.sessionID = sessionID
            state.connections[id]?.shard = shard
            state.stats.identifies += 1
            state.stats.intents = intents
            state.stats.identifiesByShard[shard.id, default: 0] += 1
            return .ready
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
            state.connections[id]?.shard = session.shard
            state.stats.resumes += 1
            state.stats.resumesByShard[session.shard.id, default: 0] += 1
            return .resumed
        }
    }

    /// Queues a payload for one connection only.
    func send(_ output: GatewayOutput, toConnection id: Int) {
        state.read { $0.connections[id]?.outbox }?.yield(output)
    }

    // MARK: Test controls

    /// Sends a dispatch to the current session of every shard that receives `guildID`'s events
    /// (buffered while there is none, or while its session has no connection); `sent` is called
    /// when its frame has been written to a socket.
    func dispatch(event: String, data: String, guildID: Snowflake? = nil, sent: (@Sendable () -> Void)? = nil) {
        state.update { state in
            let receivers = state.current.filter { $0.key.receives(guildID: guildID) }.values
            guard !receivers.isEmpty else {
                state.pending.append(PendingDispatch(event: event, data: data, guildID: guildID, sent: sent))
                return
            }
            for sessionID in receivers {
                // Recorded in place: a copy of the session would copy its whole replay list at each event.
                guard let frame = state.sessions[sessionID]?.record(event: event, data: data) else { continue }
                if let connectionID = state.sessions[sessionID]?.connectionID {
                    state.connections[connectionID]?.outbox.yield(.message(frame, sent: sent))
                }
            }
        }
    }

    /// Records a dispatch in the current session of every shard that receives `guildID`'s events
    /// without sending it, and drops those sessions' connections (resumable): the client resumes
    /// and is sent it in the replay, before RESUMED. What a process that handled an event and
    /// died before saving its sequence number sees when it (or another) resumes the session.
    func dispatchAsReplay(event: String, data: String, guildID: Snowflake? = nil) {
        state.update { state in
            for sessionID in state.current.filter({ $0.key.receives(guildID: guildID) }).values {
                guard state.sessions[sessionID]?.record(event: event, data: data) != nil else { continue }
                if let connectionID = state.sessions[sessionID]?.connectionID { state.connections[connectionID]?.outbox.yield(.drop) }
            }
        }
    }

    /// Queues `output` on the newest live connection (of `shard`, when one is named). Closing with a
    /// code that forbids resuming (e.g. 4007, 4009) or invalidating without `resumable` also ends
    /// that connection's session.
    func sendToActiveConnection(_ output: GatewayOutput, shard: Int? = nil, endsSession: Bool = false) {
        state.update { state in
            guard let newest = state.newestConnection(shard: shard), let connection = state.connections[newest] else { return }
            connection.outbox.yield(output)
            if endsSession, let sessionID = connection.sessionID { state.endSession(sessionID) }
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
