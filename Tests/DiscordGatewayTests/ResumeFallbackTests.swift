import DiscordGateway
import Logging
import StoryTestSupport
import Testing

/// A stored session whose resume address is gone must not keep the bot offline (issue #32).
@Suite("Falling back from a resume that cannot connect")
struct ResumeFallbackTests {
    static let retiredURL = "wss://retired-node.discord.gg"
    static let retiredConnectURL = retiredURL + "/?v=10&encoding=json&compress=zlib-stream"
    static let gatewayConnectURL = Harness.gatewayURL + "/?v=10&encoding=json&compress=zlib-stream"
    static let stored = GatewaySession(sessionID: "stored", resumeURL: retiredURL, sequence: 42)

    /// How a connection to the resume URL fails.
    enum Failure: String, CaseIterable, CustomTestStringConvertible {
        case refused, resetBeforeHello, noHello, malformedHello
        var testDescription: String { rawValue }
    }

    /// Runs one failed attempt from `.connecting` and returns the machine's answer to the disconnect.
    static func fail(_ failure: Failure, _ harness: inout Harness) -> [GatewayAction] {
        switch failure {
        case .refused:
            return harness.disconnected(nil)
        case .resetBeforeHello:
            _ = harness.connected()
            return harness.disconnected(nil)
        case .noHello:
            _ = harness.connected()
            harness.advance(.seconds(20))
            let close = harness.heartbeatDue()
            #expect(close.closeCode == 4000)
            return harness.disconnected(4000)
        case .malformedHello:
            _ = harness.connected()
            #expect(harness.receive(Frames.frame(#"{"op":10,"d":{}}"#)).closeCode == 4000)
            return harness.disconnected(4000)
        }
    }

    @Test("two failed resume connects drop the session and IDENTIFY at once on the URL from /gateway/bot", arguments: Failure.allCases)
    func twoFailedResumeConnectsIdentifyOnTheFreshURL(failure: Failure) throws {
        var harness = Harness(session: Self.stored, sessionAge: .seconds(30))
        #expect(harness.start().connectURL == Self.retiredConnectURL)

        let first = Self.fail(failure, &harness)
        #expect(first.persisted.isEmpty, "one failure keeps the session")
        #expect(harness.reconnect(after: first) == Self.retiredConnectURL, "the second try resumes again")

        let second = Self.fail(failure, &harness)
        #expect(second.persisted == [nil], "the session is dropped from the store")
        #expect(second.waitDeadline == nil, "no backoff before the fresh URL")
        #expect(second.connectURL == Self.gatewayConnectURL)
        #expect(harness.machine.session == nil)

        _ = harness.connected()
        let hello = harness.receive(Frames.hello())
        #expect(hello.contains(.requestIdentifyTurn))
        #expect(hello.sent.isEmpty, "IDENTIFY still waits for the shard's turn")
        #expect(harness.identifyTurn().sentOps == [2])
        _ = harness.receive(Frames.ready(sequence: 1))
        #expect(harness.machine.status.isReady)
        #expect(harness.machine.status.resumes == 0 && harness.machine.status.identifies == 1)
    }

    @Test("a resume connection that reaches HELLO starts the count again")
    func aHelloResetsTheCount() {
        var harness = Harness(session: Self.stored)
        _ = harness.start()
        #expect(harness.reconnect(after: harness.disconnected(nil)) == Self.retiredConnectURL)
        _ = harness.connected()
        #expect(harness.receive(Frames.hello()).sentOps == [6])
        // Dropped after RESUME was sent: a network error, resumed again.
        #expect(harness.reconnect(after: harness.disconnected(nil)) == Self.retiredConnectURL)
        let refused = harness.disconnected(nil)
        #expect(refused.persisted.isEmpty, "one failure since the last HELLO")
        #expect(harness.reconnect(after: refused) == Self.retiredConnectURL)
        #expect(harness.disconnected(nil).connectURL == Self.gatewayConnectURL, "the second in a row falls back")
    }

    @Test("a live session whose resume node is retired falls back too")
    func aLiveSessionFallsBack() {
        var harness = Harness()
        harness.becomeReady()
        let resumeConnectURL = Frames.resumeURL + "/?v=10&encoding=json&compress=zlib-stream"
        #expect(harness.reconnect(after: harness.disconnected(nil)) == resumeConnectURL)
        #expect(harness.reconnect(after: harness.disconnected(nil)) == resumeConnectURL)
        let fallback = harness.disconnected(nil)
        #expect(fallback.persisted == [nil])
        #expect(fallback.connectURL == Self.gatewayConnectURL)
    }

    @Test("a stored session older than the limit is not tried: IDENTIFY on the gateway URL at once")
    func aStaleSessionIdentifiesDirectly() {
        var harness = Harness(session: Self.stored, sessionAge: .seconds(301))
        let start = harness.start()
        #expect(start.persisted == [nil], "the stale session is cleared from the store")
        #expect(start.connectURL == Self.gatewayConnectURL)
        #expect(harness.machine.session == nil)
        _ = harness.connected()
        let hello = harness.receive(Frames.hello())
        #expect(hello.contains(.requestIdentifyTurn) && hello.sent.isEmpty)
        #expect(harness.identifyTurn().sentOps == [2])
    }

    @Test("a fresh stored session, or one of unknown age, is resumed", arguments: [Duration.seconds(0), .seconds(299), .seconds(300)] as [Duration?] + [nil])
    func aFreshSessionIsResumed(age: Duration?) throws {
        var harness = Harness(session: Self.stored, sessionAge: age)
        let start = harness.start()
        #expect(start.persisted.isEmpty)
        #expect(start.connectURL == Self.retiredConnectURL)
        _ = harness.connected()
        let resume = try #require(harness.receive(Frames.hello()).sent.first)
        #expect(resume.op == 6)
        #expect(resume.fields["session_id"] as? String == "stored" && resume.fields["seq"] as? Int == 42)
    }

    @Test("the age limit is a setting")
    func theLimitIsConfigurable() {
        var strict = Harness(session: Self.stored, sessionAge: .seconds(45), maxResumeAge: .seconds(30))
        #expect(strict.start().connectURL == Self.gatewayConnectURL)
        var lenient = Harness(session: Self.stored, sessionAge: .seconds(600), maxResumeAge: .seconds(900))
        #expect(lenient.start().connectURL == Self.retiredConnectURL)
        var never = Harness(session: Self.stored, sessionAge: .milliseconds(1), maxResumeAge: .zero)
        #expect(never.start().connectURL == Self.gatewayConnectURL, "0 never resumes after a restart")
    }

    @Test("op 9 on a resumed connection behaves as before: resumable resumes, not resumable identifies after 1–5 s")
    func invalidSessionStillBehaves() throws {
        var harness = Harness(session: Self.stored)
        _ = harness.start()
        // Resumable op 9 three times: HELLO came each time, so no connect failure is counted.
        for _ in 0 ..< 3 {
            _ = harness.connected()
            #expect(harness.receive(Frames.hello()).sentOps == [6])
            let invalid = harness.receive(Frames.invalidSession(resumable: true))
            #expect(invalid.persisted.isEmpty)
            #expect(harness.reconnect(after: harness.disconnected(4000)) == Self.retiredConnectURL)
        }
        _ = harness.connected()
        _ = harness.receive(Frames.hello())
        #expect(harness.receive(Frames.invalidSession(resumable: false)).persisted == [nil])
        let wait = harness.disconnected(4000)
        let delay = harness.now.duration(to: try #require(wait.waitDeadline))
        #expect(delay >= .seconds(1) && delay <= .seconds(5))
        #expect(harness.reconnect(after: wait) == Self.gatewayConnectURL)
        _ = harness.connected()
        #expect(harness.helloThenTurn().sentOps == [2])
    }

    @Test("a failed identify connection on the gateway URL backs off as before and never resumes")
    func theFallbackBacksOff() throws {
        var harness = Harness(session: Self.stored)
        _ = harness.start()
        _ = harness.reconnect(after: harness.disconnected(nil))
        #expect(harness.disconnected(nil).connectURL == Self.gatewayConnectURL)
        for _ in 0 ..< 3 {
            let wait = harness.disconnected(nil)
            #expect(wait.waitDeadline != nil, "the fresh URL is retried with backoff")
            #expect(harness.reconnect(after: wait) == Self.gatewayConnectURL)
        }
    }

    @Test("two processes whose shards both fall back still identify one per bucket per 5 s, through the shared turns")
    func fallbacksKeepTheSharedIdentifyTurns() async throws {
        // Shards 0 and 1 of 2, max_concurrency 1: one bucket. Each runs in its own process, each
        // with a stored session whose resume node is gone.
        let shards = [ShardID(id: 0, count: 2), ShardID(id: 1, count: 2)]
        for shard in shards {
            var harness = Harness(session: Self.stored, shard: shard)
            _ = harness.start()
            _ = harness.reconnect(after: harness.disconnected(nil))
            #expect(harness.disconnected(nil).connectURL == Self.gatewayConnectURL)
            _ = harness.connected()
            let hello = harness.receive(Frames.hello())
            #expect(hello.contains(.requestIdentifyTurn) && hello.sent.isEmpty, "shard \(shard.id) asks for its turn")
        }
        // Those asks go to each process's coordinator, which shares the bucket through the database.
        let clock = ManualClock()
        let turns = InMemoryIdentifyTurns(clock: clock)
        let processes = ["a", "b"].map { SharedIdentifyCoordinator(turns: turns, clock: clock, logger: Logger(label: $0), margin: .zero) }
        for process in processes { await process.update(SharedIdentifyCoordinatorTests.limit(maxConcurrency: 1)) }
        let granted = try await SharedIdentifyCoordinatorTests.turns(for: Array(zip(processes, shards)), clock: clock)
        #expect(Set(granted.values) == [.zero, .seconds(5)], "one IDENTIFY, the other 5 s later")
    }

    @Test("a live session is stored again once a minute, unchanged, so its stored age tells when it was last alive")
    func aLiveSessionIsRefreshed() throws {
        var harness = Harness()
        var beat = try #require(harness.becomeReady().heartbeatDeadline)
        var refreshed = 0
        // About 41 s a beat for five minutes: stored about every second beat, never every beat.
        for _ in 0 ..< 8 {
            harness.now = beat
            let actions = harness.heartbeatDue()
            refreshed += actions.persisted.count
            beat = try #require(actions.heartbeatDeadline)
            _ = harness.receive(Frames.heartbeatAck)
        }
        #expect(refreshed >= 3 && refreshed <= 5, "\(refreshed) stores in 8 beats")
    }
}
