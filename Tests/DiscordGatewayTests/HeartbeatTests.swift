import DiscordGateway
import Testing

@Suite("Heartbeats")
struct HeartbeatTests {
    @Test(arguments: 1 ... 40)
    func firstBeatIsJitteredWithinOneInterval(seed: UInt64) throws {
        var harness = Harness(seed: seed)
        _ = harness.start()
        _ = harness.connected()
        let firstBeat = try #require(harness.receive(Frames.hello()).heartbeatDeadline)
        let delay = harness.now.duration(to: firstBeat)
        #expect(delay >= .zero && delay < Harness.interval)
    }

    @Test func jitterDependsOnTheRandomSource() {
        let delays = Set((1 ... 10).map { seed -> Duration? in
            var harness = Harness(seed: UInt64(seed))
            _ = harness.start()
            _ = harness.connected()
            return harness.receive(Frames.hello()).heartbeatDeadline.map { harness.now.duration(to: $0) }
        })
        #expect(delays.count > 5)
    }

    @Test func serverRequestGetsAnImmediateBeat() {
        var harness = Harness()
        harness.becomeReady(sequence: 7)
        harness.advance(.seconds(3))
        let actions = harness.receive(Frames.heartbeatRequest)
        #expect(actions.sentOps == [1])
        #expect(actions.sent.first?.d as? Int == 7)
        #expect(actions.heartbeatDeadline == harness.now.advanced(by: Harness.interval))
    }

    @Test func acknowledgedBeatsKeepBeating() throws {
        var harness = Harness()
        let firstBeat = try #require(harness.becomeReady().heartbeatDeadline)
        harness.now = firstBeat
        let beat = harness.heartbeatDue()
        #expect(beat.sentOps == [1])
        #expect(beat.sent.first?.d as? Int == 1)
        let next = try #require(beat.heartbeatDeadline)
        #expect(next == firstBeat.advanced(by: Harness.interval))

        harness.advance(.milliseconds(80))
        #expect(harness.receive(Frames.heartbeatAck).isEmpty)
        #expect(harness.machine.status.latency == .milliseconds(80))

        harness.now = next
        let second = harness.heartbeatDue()
        #expect(second.sentOps == [1])
        #expect(second.closeCode == nil)
    }

    @Test func earlyTimerOnlyReschedules() throws {
        var harness = Harness()
        let firstBeat = try #require(harness.becomeReady().heartbeatDeadline)
        harness.now = firstBeat.advanced(by: .milliseconds(-1))
        #expect(harness.heartbeatDue() == [.scheduleHeartbeat(at: firstBeat)])
    }

    @Test func unacknowledgedBeatMeansZombie() throws {
        var harness = Harness()
        let firstBeat = try #require(harness.becomeReady().heartbeatDeadline)
        harness.now = firstBeat
        let next = try #require(harness.heartbeatDue().heartbeatDeadline)
        harness.now = next

        let zombie = harness.heartbeatDue()
        #expect(zombie.closeCode == 4000)
        #expect(zombie.sent.isEmpty)
        guard case .closing = harness.machine.state else {
            Issue.record("expected closing, got \(harness.machine.state)")
            return
        }

        let url = harness.reconnect(after: harness.disconnected(4000))
        #expect(url == Frames.resumeURL + "/?v=10&encoding=json&compress=zlib-stream")
        _ = harness.connected()
        let resume = harness.receive(Frames.hello()).sent
        #expect(resume.map(\.op) == [6])
        #expect(resume.first?.fields["session_id"] as? String == Frames.sessionID)
        #expect(resume.first?.fields["seq"] as? Int == 1)
    }
}
