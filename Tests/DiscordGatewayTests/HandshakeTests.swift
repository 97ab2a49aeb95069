import DiscordGateway
import Foundation
import Testing

@Suite("Connecting, identifying and resuming")
struct HandshakeTests {
    @Test func helloIdentifyReady() throws {
        var harness = Harness()
        #expect(harness.start() == [.connect(url: "wss://gateway.discord.gg/?v=10&encoding=json&compress=zlib-stream")])
        #expect(harness.machine.state == .connecting(url: "wss://gateway.discord.gg/?v=10&encoding=json&compress=zlib-stream"))
        _ = harness.connected()
        #expect(harness.machine.state == .waitingForHello)

        let hello = harness.receive(Frames.hello())
        #expect(hello.heartbeatDeadline != nil)
        #expect(hello.contains(.requestIdentifyTurn))
        #expect(hello.sent.isEmpty, "IDENTIFY waits for the shard's turn")
        #expect(harness.machine.state == .waitingForIdentifyTurn)
        let identify = try #require(harness.identifyTurn().sent.first)
        #expect(identify.op == 2)
        #expect(identify.fields["token"] as? String == Harness.token)
        #expect(identify.fields["intents"] as? Int == 1)
        #expect(identify.fields["shard"] == nil, "an unsharded bot sends no shard")
        #expect(harness.machine.state == .identifying)

        let ready = harness.receive(Frames.ready(sequence: 1))
        let session = GatewaySession(sessionID: Frames.sessionID, resumeURL: Frames.resumeURL, sequence: 1)
        #expect(ready.persisted == [session])
        #expect(ready.dispatches.map(\.name) == ["READY"])
        #expect(ready.dispatches.first?.data == Frames.ready(sequence: 1).json)
        #expect(harness.machine.state == .ready)
        #expect(harness.machine.session == session)
        #expect(harness.machine.status.identifies == 1)
        #expect(harness.machine.status.connects == 1)
        #expect(harness.machine.status.isReady)
    }

    @Test func identifyCarriesTheShard() throws {
        var harness = Harness(shard: ShardID(id: 3, count: 8))
        _ = harness.start()
        _ = harness.connected()
        let identify = try #require(harness.helloThenTurn().sent.first)
        #expect(identify.op == 2)
        #expect(identify.fields["shard"] as? [Int] == [3, 8])
    }

    @Test func heartbeatsGoOnWhileWaitingForTheIdentifyTurn() throws {
        var harness = Harness()
        _ = harness.start()
        _ = harness.connected()
        let firstBeat = try #require(harness.receive(Frames.hello()).heartbeatDeadline)
        harness.now = firstBeat
        #expect(harness.heartbeatDue().sentOps == [1])
        #expect(harness.machine.state == .waitingForIdentifyTurn)
        #expect(harness.identifyTurn().sentOps == [2])
        #expect(harness.identifyTurn().isEmpty, "one IDENTIFY per connection")
    }

    @Test func aTurnThatComesAfterTheConnectionClosedSendsNothing() {
        var harness = Harness()
        _ = harness.start()
        _ = harness.connected()
        _ = harness.receive(Frames.hello())
        _ = harness.disconnected(nil)
        #expect(harness.identifyTurn().isEmpty)
    }

    @Test func storedSessionResumesOnItsResumeURL() {
        let stored = GatewaySession(sessionID: "stored", resumeURL: "wss://resume.example", sequence: 41)
        var harness = Harness(session: stored)
        #expect(harness.start().connectURL == "wss://resume.example/?v=10&encoding=json&compress=zlib-stream")
        _ = harness.connected()
        let resume = harness.receive(Frames.hello()).sent
        #expect(resume.map(\.op) == [6])
        #expect(resume.first?.fields["session_id"] as? String == "stored")
        #expect(resume.first?.fields["seq"] as? Int == 41)
        #expect(resume.first?.fields["token"] as? String == Harness.token)
        #expect(harness.machine.state == .resuming)

        let resumed = harness.receive(Frames.resumed(sequence: 42))
        #expect(harness.machine.state == .ready)
        #expect(resumed.persisted == [GatewaySession(sessionID: "stored", resumeURL: "wss://resume.example", sequence: 42)])
        #expect(harness.machine.status.resumes == 1)
        #expect(harness.machine.status.identifies == 0)
    }

    @Test(arguments: [
        ("ws://127.0.0.1:8080", "ws://127.0.0.1:8080/?v=10&encoding=json&compress=zlib-stream"),
        ("ws://127.0.0.1:8080/", "ws://127.0.0.1:8080/?v=10&encoding=json&compress=zlib-stream"),
        ("ws://127.0.0.1:8080/gateway", "ws://127.0.0.1:8080/gateway?v=10&encoding=json&compress=zlib-stream"),
        ("wss://gateway.discord.gg/?v=9", "wss://gateway.discord.gg/?v=10&encoding=json&compress=zlib-stream"),
    ])
    func connectURLCarriesTheQuery(base: String, expected: String) {
        var harness = Harness(gatewayURL: base)
        #expect(harness.start().connectURL == expected)
    }

    @Test func uncompressedURLOmitsCompress() {
        var harness = Harness(compress: false)
        #expect(harness.start().connectURL == "wss://gateway.discord.gg/?v=10&encoding=json")
    }

    @Test func missingHelloGivesTheConnectionUp() {
        var harness = Harness()
        _ = harness.start()
        let watchdog = harness.connected().heartbeatDeadline
        #expect(watchdog == harness.now.advanced(by: .seconds(20)))
        harness.advance(.seconds(10))
        #expect(harness.heartbeatDue().closeCode == nil)
        harness.advance(.seconds(10))
        #expect(harness.heartbeatDue().closeCode == 4000)
    }

    @Test func stopClosesResumablyAndPersists() {
        var harness = Harness()
        harness.becomeReady()
        _ = harness.receive(Frames.event(sequence: 2))
        let stop = harness.machine.stop()
        #expect(stop.persisted == [GatewaySession(sessionID: Frames.sessionID, resumeURL: Frames.resumeURL, sequence: 2)])
        #expect(stop.closeCode == 4000)
        #expect(harness.machine.state == .stopped(.requested))
        #expect(harness.disconnected(4000).isEmpty)
    }
}
