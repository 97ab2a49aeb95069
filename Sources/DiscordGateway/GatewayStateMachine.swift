import ConcurrencyKit
import DiscordModels
import Foundation

/// The Discord gateway protocol as a pure value: no I/O, no clock reads, no randomness of its own.
///
/// A driver feeds it inputs (connection events, decoded frames, timer expiries, each with the
/// current instant) and executes the ``GatewayAction``s it returns, in order.
public struct GatewayStateMachine: Sendable {
    /// Where the connection is.
    public enum State: Sendable, Equatable {
        /// ``start(gateway:session:now:)`` was not called yet.
        case idle
        /// Waiting (backoff or invalid-session delay) before connecting.
        case waitingToConnect(until: ContinuousClock.Instant)
        /// A WebSocket to `url` is being opened.
        case connecting(url: String)
        /// Connected; HELLO not received yet.
        case waitingForHello
        /// HELLO received and heartbeating; waiting for this shard's turn to IDENTIFY
        /// (``GatewayAction/requestIdentifyTurn``).
        case waitingForIdentifyTurn
        /// IDENTIFY sent; waiting for READY.
        case identifying
        /// RESUME sent; receiving replayed events until RESUMED.
        case resuming
        /// The session is live.
        case ready
        /// We closed the socket and reconnect this long after it is gone.
        case closing(reconnectAfter: Duration)
        /// Finished for good.
        case stopped(StopReason)
    }

    /// Why the machine stopped.
    public enum StopReason: Sendable, Equatable {
        case requested
        case fatal(GatewayFatalError)
    }

    /// A resumable close code: Discord keeps the session for any code but 1000/1001.
    static let resumableCloseCode = 4000
    /// How long to wait for HELLO after connecting before giving the connection up.
    static let helloTimeout = Duration.seconds(20)
    /// Connection attempts to a session's resume URL that may fail (refused, reset, TLS or
    /// handshake failure, no HELLO) before the session is dropped and the bot identifies afresh on
    /// the URL from `GET /gateway/bot`: a retired gateway node must not keep the bot offline.
    public static let resumeConnectAttempts = 2
    /// The default for ``maxResumeAge``. Discord documents no window in which a disconnected
    /// session can still be resumed; a few minutes is what clients observe, so older sessions are
    /// not worth a try.
    public static let defaultMaxResumeAge = Duration.seconds(300)
    /// How often a live session is stored again though nothing in it changed, so its stored age
    /// (see ``start(gateway:session:sessionAge:now:)``) says when the connection was last alive.
    static let sessionRefreshInterval = Duration.seconds(60)

    public private(set) var state: State = .idle
    /// The session a reconnect resumes, with the last sequence number seen.
    public private(set) var session: GatewaySession?

    private let token: RedactedToken
    private let intents: UInt64
    private let compress: Bool
    private let shard: ShardID?
    private let maxResumeAge: Duration
    private var random: any RandomNumberGenerator & Sendable

    private var gatewayURL = ""
    private var sequence: Int?
    private var persisted: GatewaySession?
    private var backoff = Backoff(.gatewayReconnect)
    private var helloDeadline: ContinuousClock.Instant?
    private var heartbeat: HeartbeatTracker?
    private var heartbeatPending = false
    private var outbox: [String] = []
    private var sendLimiter = SendRateLimiter()
    private var connects = 0
    private var identifies = 0
    private var resumes = 0
    private var lastCloseCode: Int?
    private var latency: Duration?
    /// HELLO came on the current connection (false from each connect until it does).
    private var helloSeen = false
    /// Resume connections in a row that failed before HELLO.
    private var failedResumeConnects = 0
    /// When the session was last stored from a live connection.
    private var lastPersist: ContinuousClock.Instant?

    /// - Parameters:
    ///   - token: The bot token, sent in IDENTIFY and RESUME.
    ///   - intents: The IDENTIFY intents bitfield.
    ///   - compress: Ask for `compress=zlib-stream` transport compression.
    ///   - shard: Sent in IDENTIFY as `[id, count]`; nil sends none (an unsharded bot).
    ///   - maxResumeAge: A stored session older than this is not resumed at start: the bot
    ///     identifies afresh. Discord documents no exact resume window (see ``defaultMaxResumeAge``).
    ///   - random: The source of heartbeat and reconnect jitter (seed it in tests).
    public init(
        token: String, intents: UInt64, compress: Bool = true, shard: ShardID? = nil,
        maxResumeAge: Duration = GatewayStateMachine.defaultMaxResumeAge,
        random: any RandomNumberGenerator & Sendable = SystemRandomNumberGenerator()
    ) {
        self.token = RedactedToken(value: token)
        self.intents = intents
        self.compress = compress
        self.shard = shard
        self.maxResumeAge = maxResumeAge
        self.random = random
    }

    /// Counters and state for health checks.
    public var status: GatewayStatus {
        GatewayStatus(
            state: state, connects: connects, identifies: identifies, resumes: resumes,
            lastCloseCode: lastCloseCode, latency: latency
        )
    }

    // MARK: - Inputs

    /// Begins: remembers the gateway URL from `GET /gateway/bot`, then connects, resuming `session`
    /// when one is given and it is not older than `maxResumeAge` (`sessionAge`: how long ago it was
    /// stored; nil when unknown, then it is tried). A stale session is dropped (and cleared from
    /// the store) and the bot identifies on the gateway URL. (The identify limits are the
    /// ``IdentifyCoordinator``'s.)
    public mutating func start(
        gateway: GatewayBot, session: GatewaySession?, sessionAge: Duration? = nil, now: ContinuousClock.Instant
    ) -> [GatewayAction] {
        guard case .idle = state else { return [] }
        gatewayURL = gateway.url
        self.session = session
        persisted = session
        sequence = session?.sequence
        var actions: [GatewayAction] = []
        if session != nil, let sessionAge, sessionAge > maxResumeAge { actions += dropSession() }
        return actions + connectOrWait(notBefore: now, now: now)
    }

    /// A ``GatewayAction/waitUntil(_:)`` deadline passed.
    public mutating func connectDue(now: ContinuousClock.Instant) -> [GatewayAction] {
        guard case let .waitingToConnect(until) = state else { return [] }
        return connectOrWait(notBefore: until, now: now)
    }

    /// The WebSocket is open.
    public mutating func connected(now: ContinuousClock.Instant) -> [GatewayAction] {
        guard case .connecting = state else { return [] }
        state = .waitingForHello
        connects += 1
        heartbeat = nil
        heartbeatPending = false
        outbox.removeAll()
        sendLimiter = SendRateLimiter()
        // Until HELLO arrives the heartbeat timer is the HELLO watchdog.
        let deadline = now.advanced(by: Self.helloTimeout)
        helloDeadline = deadline
        return [.scheduleHeartbeat(at: deadline)]
    }

    /// This shard's turn to IDENTIFY came (after ``GatewayAction/requestIdentifyTurn``).
    public mutating func identifyTurn(now: ContinuousClock.Instant) -> [GatewayAction] {
        guard case .waitingForIdentifyTurn = state else { return [] }
        state = .identifying
        identifies += 1
        outbox.append(Self.command(.identify, Identify(token: token.value, intents: intents, shard: shard?.payload)))
        return flush(now: now)
    }

    /// A payload arrived.
    public mutating func received(_ frame: GatewayFrame, now: ContinuousClock.Instant) -> [GatewayAction] {
        guard isConnected else { return [] }
        switch frame.envelope.op {
        case .hello:
            return hello(frame, now: now)
        case .heartbeat:
            heartbeatPending = true
            return flush(now: now)
        case .heartbeatAck:
            if let roundTrip = heartbeat?.acknowledged(now: now) { latency = roundTrip }
            return []
        case .dispatch:
            return dispatch(frame, now: now)
        case .reconnect:
            return closeAndReconnect(after: nextBackoff(), reason: "Discord asked to reconnect (op 7)")
        case .invalidSession:
            return invalidSession(resumable: frame.data(as: Bool.self) ?? false)
        default:
            return []
        }
    }

    /// A ``GatewayAction/scheduleHeartbeat(at:)`` deadline passed.
    public mutating func heartbeatDue(now: ContinuousClock.Instant) -> [GatewayAction] {
        switch state {
        case .waitingForHello:
            guard let helloDeadline else { return [] }
            guard now >= helloDeadline else { return [.scheduleHeartbeat(at: helloDeadline)] }
            return closeAndReconnect(after: nextBackoff(), reason: "no HELLO received")
        case .waitingForIdentifyTurn, .identifying, .resuming, .ready:
            guard let heartbeat else { return [] }
            guard now >= heartbeat.nextBeat else { return [.scheduleHeartbeat(at: heartbeat.nextBeat)] }
            if heartbeat.awaitingAck {
                return closeAndReconnect(after: nextBackoff(), reason: "heartbeat not acknowledged (zombie connection)")
            }
            heartbeatPending = true
            // A live session is stored now and then even when unchanged: its stored age then says
            // when the connection was last alive.
            return flush(now: now) + persistIfChanged(now: now, refresh: state == .ready)
        case .idle, .waitingToConnect, .connecting, .closing, .stopped:
            return []
        }
    }

    /// A ``GatewayAction/scheduleFlush(at:)`` deadline passed: send what the rate limit now allows.
    public mutating func flushDue(now: ContinuousClock.Instant) -> [GatewayAction] {
        isConnected ? flush(now: now) : []
    }

    /// The WebSocket closed (`closeCode` nil: dropped without a close frame), or the attempt to open it failed.
    public mutating func disconnected(closeCode: Int?, now: ContinuousClock.Instant) -> [GatewayAction] {
        let plannedDelay: Duration?
        switch state {
        case .connecting, .waitingForHello, .waitingForIdentifyTurn, .identifying, .resuming, .ready: plannedDelay = nil
        case let .closing(delay): plannedDelay = delay
        case .idle, .waitingToConnect, .stopped: return []
        }
        lastCloseCode = closeCode
        resetConnection()
        var actions: [GatewayAction] = []
        switch GatewayCloseCode.action(for: closeCode) {
        case let .fatal(message):
            let error = GatewayFatalError(closeCode: closeCode, message: message)
            state = .stopped(.fatal(error))
            return [.fail(error)]
        case .identify where plannedDelay == nil:
            actions += dropSession()
        case .identify, .resume:
            break
        }
        if session != nil, !helloSeen {
            // The resume URL could not be reached (refused, reset, TLS or handshake failure, no HELLO).
            failedResumeConnects += 1
            if failedResumeConnects >= Self.resumeConnectAttempts {
                // Its gateway node may be gone for good: identify at once on the URL from /gateway/bot.
                return actions + dropSession() + connectOrWait(notBefore: now, now: now)
            }
        }
        let delay = plannedDelay ?? nextBackoff()
        return actions + connectOrWait(notBefore: now.advanced(by: delay), now: now)
    }

    /// Stops for good: persists the session and, when connected, closes with a resumable code so a
    /// restart can resume.
    public mutating func stop() -> [GatewayAction] {
        let closeNeeded: Bool
        switch state {
        case .stopped: return []
        case .waitingForHello, .waitingForIdentifyTurn, .identifying, .resuming, .ready: closeNeeded = true
        case .idle, .waitingToConnect, .connecting, .closing: closeNeeded = false
        }
        state = .stopped(.requested)
        resetConnection()
        var actions = persistIfChanged()
        if closeNeeded { actions.append(.close(code: Self.resumableCloseCode, reason: "shutting down")) }
        return actions
    }

    // MARK: - Frames

    private mutating func hello(_ frame: GatewayFrame, now: ContinuousClock.Instant) -> [GatewayAction] {
        guard case .waitingForHello = state else { return [] }
        guard let hello = frame.data(as: Hello.self), hello.heartbeatInterval > 0 else {
            return closeAndReconnect(after: nextBackoff(), reason: "malformed HELLO")
        }
        let interval = Duration.milliseconds(hello.heartbeatInterval)
        let firstBeat = now.advanced(by: interval * jitter())
        heartbeat = HeartbeatTracker(interval: interval, firstBeat: firstBeat)
        helloDeadline = nil
        helloSeen = true
        failedResumeConnects = 0
        if let session {
            state = .resuming
            resumes += 1
            outbox.append(Self.command(.resume, Resume(token: token.value, sessionID: session.sessionID, seq: session.sequence)))
        } else {
            // IDENTIFY waits for this shard's turn (Discord's max_concurrency); heartbeats go on meanwhile.
            state = .waitingForIdentifyTurn
            sequence = nil
            return [.scheduleHeartbeat(at: firstBeat), .requestIdentifyTurn]
        }
        return [.scheduleHeartbeat(at: firstBeat)] + flush(now: now)
    }

    private mutating func dispatch(_ frame: GatewayFrame, now: ContinuousClock.Instant) -> [GatewayAction] {
        guard let name = frame.envelope.t else { return [] }
        if let number = frame.envelope.s {
            // Replayed after a RESUME and already handled.
            if let sequence, number <= sequence { return [] }
            sequence = number
            session?.sequence = number
        }
        // Discord replays what the resumed session missed between RESUME and RESUMED.
        let replayed = state == .resuming
        var actions: [GatewayAction] = []
        switch name {
        case "READY":
            if let ready = frame.data(as: ReadySession.self) {
                session = GatewaySession(sessionID: ready.sessionID, resumeURL: ready.resumeGatewayURL, sequence: sequence ?? 0)
            }
            state = .ready
            backoff.reset()
            actions += persistIfChanged(now: now)
        case "RESUMED":
            state = .ready
            backoff.reset()
            actions += persistIfChanged(now: now)
        default:
            break
        }
        actions.append(.dispatch(GatewayDispatch(name: name, sequence: sequence ?? 0, data: frame.json, replayed: replayed && name != "RESUMED")))
        return actions
    }

    private mutating func invalidSession(resumable: Bool) -> [GatewayAction] {
        // Discord's older advice: wait a random 1–5 s before trying again.
        let delay = Duration.seconds(1 + 4 * jitter())
        var actions: [GatewayAction] = []
        if !resumable { actions += dropSession() }
        let reason = resumable ? "invalid session (resumable)" : "invalid session (new session needed)"
        return actions + closeAndReconnect(after: delay, reason: reason)
    }

    // MARK: - Helpers

    private var isConnected: Bool {
        switch state {
        case .waitingForHello, .waitingForIdentifyTurn, .identifying, .resuming, .ready: true
        case .idle, .waitingToConnect, .connecting, .closing, .stopped: false
        }
    }

    /// Connects at `notBefore`.
    private mutating func connectOrWait(notBefore deadline: ContinuousClock.Instant, now: ContinuousClock.Instant) -> [GatewayAction] {
        if deadline > now {
            state = .waitingToConnect(until: deadline)
            return [.waitUntil(deadline)]
        }
        // A resume goes to the session's resume URL, a new session to the URL from /gateway/bot.
        let url = GatewayURL.make(base: session?.resumeURL ?? gatewayURL, compress: compress)
        state = .connecting(url: url)
        helloSeen = false
        return [.connect(url: url)]
    }

    private mutating func closeAndReconnect(after delay: Duration, reason: String) -> [GatewayAction] {
        state = .closing(reconnectAfter: delay)
        resetConnection()
        return [.close(code: Self.resumableCloseCode, reason: reason)]
    }

    private mutating func resetConnection() {
        heartbeat = nil
        helloDeadline = nil
        heartbeatPending = false
        outbox.removeAll()
    }

    private mutating func dropSession() -> [GatewayAction] {
        session = nil
        sequence = nil
        failedResumeConnects = 0
        return persistIfChanged()
    }

    /// Stores the session when it changed, or (`refresh`) when it was last stored from a live
    /// connection ``sessionRefreshInterval`` ago or more.
    private mutating func persistIfChanged(now: ContinuousClock.Instant? = nil, refresh: Bool = false) -> [GatewayAction] {
        let refreshDue = refresh && session != nil
            && (now.flatMap { now in lastPersist.map { $0.duration(to: now) >= Self.sessionRefreshInterval } } ?? true)
        guard session != persisted || refreshDue else { return [] }
        persisted = session
        if let now { lastPersist = now }
        return [.persistSession(session)]
    }

    /// Sends the pending heartbeat and queued payloads the send limit allows; schedules the rest.
    private mutating func flush(now: ContinuousClock.Instant) -> [GatewayAction] {
        var actions: [GatewayAction] = []
        var retryAt: ContinuousClock.Instant?
        if heartbeatPending {
            let slot = sendLimiter.nextSlot(for: .heartbeat, now: now)
            if slot <= now {
                heartbeatPending = false
                sendLimiter.record(now: now)
                actions.append(.send(Self.command(.heartbeat, sequence)))
                if var heartbeat {
                    heartbeat.sent(now: now)
                    self.heartbeat = heartbeat
                    actions.append(.scheduleHeartbeat(at: heartbeat.nextBeat))
                }
            } else {
                retryAt = slot
            }
        }
        while let payload = outbox.first {
            let slot = sendLimiter.nextSlot(for: .normal, now: now)
            guard slot <= now else {
                retryAt = min(retryAt ?? slot, slot)
                break
            }
            outbox.removeFirst()
            sendLimiter.record(now: now)
            actions.append(.send(payload))
        }
        if let retryAt { actions.append(.scheduleFlush(at: retryAt)) }
        return actions
    }

    private mutating func nextBackoff() -> Duration {
        backoff.next(random: jitter())
    }

    /// Uniform in [0, 1), from the top 53 bits of the generator.
    private mutating func jitter() -> Double {
        Double(random.next() >> 11) * 0x1p-53
    }

    private static func command<D: Encodable & Sendable>(_ op: GatewayOpcode, _ data: D) -> String {
        do {
            return String(decoding: try DiscordJSON.encoder().encode(GatewayCommand(op: op, d: data)), as: UTF8.self)
        } catch {
            preconditionFailure("gateway commands are plain values and always encode: \(error)")
        }
    }
}
