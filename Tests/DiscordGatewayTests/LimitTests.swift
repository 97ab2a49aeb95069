import DiscordGateway
import Testing

@Suite("Identify and send limits")
struct LimitTests {
    @Test func identifiesAreAtLeastFiveSecondsApart() throws {
        var harness = Harness()
        _ = harness.start()
        _ = harness.connected()
        let firstIdentify = harness.now
        #expect(harness.receive(Frames.hello()).sentOps == [2])

        harness.advance(.milliseconds(500))
        let wait = harness.disconnected(4009)
        let deadline = try #require(wait.waitDeadline)
        #expect(deadline == firstIdentify.advanced(by: .seconds(5)))
        harness.advance(.seconds(2))
        #expect(harness.connectDue() == [.waitUntil(deadline)])

        harness.now = deadline
        #expect(harness.connectDue().connectURL != nil)
        _ = harness.connected()
        #expect(harness.receive(Frames.hello()).sentOps == [2])
        #expect(firstIdentify.duration(to: harness.now) >= .seconds(5))
    }

    @Test func exhaustedSessionStartsWaitForTheReset() throws {
        var harness = Harness(remaining: 0, resetAfterMilliseconds: 30_000)
        let start = harness.start()
        #expect(start == [.waitUntil(harness.now.advanced(by: .seconds(30)))])
        harness.advance(.seconds(30))
        #expect(harness.connectDue().connectURL != nil)
    }

    @Test func exhaustedSessionStartsDoNotDelayResumes() {
        let stored = GatewaySession(sessionID: "s", resumeURL: "wss://resume.example", sequence: 1)
        var harness = Harness(remaining: 0, resetAfterMilliseconds: 30_000, session: stored)
        #expect(harness.start().connectURL != nil)
    }

    @Test func floodOfHeartbeatRequestsNeverExceedsTheSendLimit() {
        var harness = Harness()
        _ = harness.start()
        _ = harness.connected()
        var sendTimes: [ContinuousClock.Instant] = []
        var flushAt: ContinuousClock.Instant?
        func record(_ actions: [GatewayAction], at now: ContinuousClock.Instant) {
            sendTimes += actions.sent.map { _ in now }
            if let deadline = actions.flushDeadline { flushAt = deadline }
        }
        record(harness.receive(Frames.hello()), at: harness.now)
        let end = harness.now.advanced(by: .seconds(200))
        while harness.now < end {
            harness.advance(.milliseconds(50))
            if let deadline = flushAt, deadline <= harness.now {
                flushAt = nil
                record(harness.flushDue(), at: harness.now)
            }
            record(harness.receive(Frames.heartbeatRequest), at: harness.now)
        }

        for (index, start) in sendTimes.enumerated() {
            let inWindow = sendTimes[index...].prefix { $0 < start.advanced(by: .seconds(60)) }.count
            #expect(inWindow <= 120)
        }
        // The budget is used, not starved: about 120 per minute over 200 s.
        #expect(sendTimes.count >= 360)
    }
}
