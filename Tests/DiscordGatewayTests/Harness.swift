import DiscordGateway
import DiscordModels
import Foundation
import StoryDomain

/// A state machine on a manual clock, with helpers to read its actions.
struct Harness {
    static let gatewayURL = "wss://gateway.discord.gg"
    static let token = "MTEx.secret-token.value"
    static let interval = Duration.milliseconds(41_250)

    var machine: GatewayStateMachine
    var now = ContinuousClock.now
    let gateway: GatewayBot
    let session: GatewaySession?
    /// How long ago `session` was stored (nil: unknown).
    let sessionAge: Duration?

    init(seed: UInt64 = 42, gatewayURL: String = Harness.gatewayURL, remaining: Int = 999, resetAfterMilliseconds: Int = 3_600_000,
         session: GatewaySession? = nil, sessionAge: Duration? = nil, maxResumeAge: Duration = GatewayStateMachine.defaultMaxResumeAge,
         compress: Bool = true, shard: ShardID? = nil) {
        machine = GatewayStateMachine(token: Self.token, intents: 1, compress: compress, shard: shard, maxResumeAge: maxResumeAge,
                                      random: SeededGenerator(seed: seed))
        gateway = GatewayBot(
            url: gatewayURL, shards: 1,
            sessionStartLimit: .init(total: 1000, remaining: remaining, resetAfter: resetAfterMilliseconds, maxConcurrency: 1)
        )
        self.session = session
        self.sessionAge = sessionAge
    }

    mutating func advance(_ duration: Duration) { now = now.advanced(by: duration) }

    mutating func start() -> [GatewayAction] { machine.start(gateway: gateway, session: session, sessionAge: sessionAge, now: now) }
    mutating func connected() -> [GatewayAction] { machine.connected(now: now) }
    mutating func receive(_ frame: GatewayFrame) -> [GatewayAction] { machine.received(frame, now: now) }
    mutating func heartbeatDue() -> [GatewayAction] { machine.heartbeatDue(now: now) }
    mutating func flushDue() -> [GatewayAction] { machine.flushDue(now: now) }
    mutating func disconnected(_ code: Int?) -> [GatewayAction] { machine.disconnected(closeCode: code, now: now) }
    mutating func connectDue() -> [GatewayAction] { machine.connectDue(now: now) }
    mutating func identifyTurn() -> [GatewayAction] { machine.identifyTurn(now: now) }

    /// HELLO, then (when it asks for one) this shard's identify turn at once; the actions of both.
    mutating func helloThenTurn() -> [GatewayAction] {
        let hello = receive(Frames.hello())
        return hello.contains(.requestIdentifyTurn) ? hello + identifyTurn() : hello
    }

    /// start → connected → HELLO → READY; returns the HELLO actions.
    @discardableResult
    mutating func becomeReady(sequence: Int = 1) -> [GatewayAction] {
        _ = start()
        _ = connected()
        let helloActions = helloThenTurn()
        _ = receive(Frames.ready(sequence: sequence))
        return helloActions
    }

    /// After a disconnect: waits out the `waitUntil` and connects; returns the connect URL.
    mutating func reconnect(after actions: [GatewayAction]) -> String? {
        guard let deadline = actions.waitDeadline else { return actions.connectURL }
        now = max(now, deadline)
        return connectDue().connectURL
    }
}

/// A decoded outgoing payload.
struct SentPayload {
    var op: Int
    var d: Any?

    init?(_ text: String) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
              let op = object["op"] as? Int else { return nil }
        self.op = op
        self.d = object["d"] is NSNull ? nil : object["d"]
    }

    var fields: [String: Any] { d as? [String: Any] ?? [:] }
}

extension [GatewayAction] {
    var sent: [SentPayload] {
        compactMap { if case let .send(text) = $0 { SentPayload(text) } else { nil } }
    }

    var sentOps: [Int] { sent.map(\.op) }

    var connectURL: String? {
        for action in self { if case let .connect(url) = action { return url } }
        return nil
    }

    var waitDeadline: ContinuousClock.Instant? {
        for action in self { if case let .waitUntil(deadline) = action { return deadline } }
        return nil
    }

    var heartbeatDeadline: ContinuousClock.Instant? {
        for action in self { if case let .scheduleHeartbeat(deadline) = action { return deadline } }
        return nil
    }

    var flushDeadline: ContinuousClock.Instant? {
        for action in self { if case let .scheduleFlush(deadline) = action { return deadline } }
        return nil
    }

    var closeCode: Int? {
        for action in self { if case let .close(code, _) = action { return code } }
        return nil
    }

    var dispatches: [GatewayDispatch] {
        compactMap { if case let .dispatch(dispatch) = $0 { dispatch } else { nil } }
    }

    var persisted: [GatewaySession?] {
        compactMap { if case let .persistSession(session) = $0 { .some(session) } else { nil } }
    }

    var failure: GatewayFatalError? {
        for action in self { if case let .fail(error) = action { return error } }
        return nil
    }
}
