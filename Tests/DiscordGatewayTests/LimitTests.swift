import DiscordGateway
import Testing

@Suite("Send limits")
struct LimitTests {
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
