import DiscordGateway
import Testing

@Suite("Reconnecting")
struct ReconnectTests {
    static let resumeConnectURL = Frames.resumeURL + "/?v=10&encoding=json&compress=zlib-stream"
    static let gatewayConnectURL = Harness.gatewayURL + "/?v=10&encoding=json&compress=zlib-stream"

    @Test func reconnectRequestResumesOnTheResumeURL() {
        var harness = Harness()
        harness.becomeReady()
        let actions = harness.receive(Frames.reconnect)
        #expect(actions.closeCode == 4000)

        #expect(harness.reconnect(after: harness.disconnected(4000)) == Self.resumeConnectURL)
        _ = harness.connected()
        #expect(harness.receive(Frames.hello()).sentOps == [6])
    }

    @Test func resumableInvalidSessionResumesAfterOneToFiveSeconds() throws {
        var harness = Harness()
        harness.becomeReady()
        let actions = harness.receive(Frames.invalidSession(resumable: true))
        #expect(actions.closeCode == 4000)
        #expect(actions.persisted.isEmpty)

        let wait = harness.disconnected(4000)
        let delay = harness.now.duration(to: try #require(wait.waitDeadline))
        #expect(delay >= .seconds(1) && delay <= .seconds(5))
        #expect(harness.reconnect(after: wait) == Self.resumeConnectURL)
        _ = harness.connected()
        #expect(harness.receive(Frames.hello()).sentOps == [6])
    }

    @Test func invalidSessionDropsTheSessionAndIdentifiesOnTheGatewayURL() throws {
        var harness = Harness()
        harness.becomeReady()
        harness.advance(.seconds(30))
        let actions = harness.receive(Frames.invalidSession(resumable: false))
        #expect(actions.persisted == [nil])
        #expect(actions.closeCode == 4000)
        #expect(harness.machine.session == nil)

        let wait = harness.disconnected(4000)
        let delay = harness.now.duration(to: try #require(wait.waitDeadline))
        #expect(delay >= .seconds(1) && delay <= .seconds(5))
        #expect(harness.reconnect(after: wait) == Self.gatewayConnectURL)
        _ = harness.connected()
        #expect(harness.helloThenTurn().sentOps == [2])
        #expect(harness.machine.status.identifies == 2)
    }

    @Test func replayedEventsAreDeliveredOnce() {
        var harness = Harness()
        harness.becomeReady(sequence: 1)
        #expect(harness.receive(Frames.event(sequence: 2)).dispatches.map(\.sequence) == [2])
        #expect(harness.receive(Frames.event(sequence: 3)).dispatches.map(\.sequence) == [3])

        _ = harness.receive(Frames.reconnect)
        _ = harness.reconnect(after: harness.disconnected(4000))
        _ = harness.connected()
        #expect(harness.receive(Frames.hello()).sent.first?.fields["seq"] as? Int == 3)

        var delivered: [Int] = []
        for sequence in [2, 3, 4, 5] {
            delivered += harness.receive(Frames.event(sequence: sequence)).dispatches.map(\.sequence)
        }
        let resumed = harness.receive(Frames.resumed(sequence: 6))
        delivered += resumed.dispatches.map(\.sequence)
        #expect(delivered == [4, 5, 6])
        #expect(harness.machine.state == .ready)
        #expect(resumed.persisted == [GatewaySession(sessionID: Frames.sessionID, resumeURL: Frames.resumeURL, sequence: 6)])
    }

    @Test("events between RESUME and RESUMED are marked replayed (they may have been handled); live ones are not")
    func replayedEventsAreMarked() {
        var harness = Harness()
        harness.becomeReady(sequence: 1)
        #expect(harness.receive(Frames.event(sequence: 2)).dispatches.map(\.replayed) == [false], "a live event is new")

        _ = harness.receive(Frames.reconnect)
        _ = harness.reconnect(after: harness.disconnected(4000))
        _ = harness.connected()
        _ = harness.receive(Frames.hello())
        #expect(harness.receive(Frames.event("INTERACTION_CREATE", sequence: 3)).dispatches.map(\.replayed) == [true])
        #expect(harness.receive(Frames.resumed(sequence: 4)).dispatches.map(\.replayed) == [false])
        #expect(harness.receive(Frames.event("INTERACTION_CREATE", sequence: 5)).dispatches.map(\.replayed) == [false],
                "after RESUMED everything is new")
    }

    @Test(arguments: [4004, 4010, 4011, 4012, 4013, 4014])
    func fatalCloseCodesStopForGood(code: Int) throws {
        var harness = Harness()
        harness.becomeReady()
        let actions = harness.disconnected(code)
        let failure = try #require(actions.failure)
        #expect(failure.closeCode == code)
        #expect(failure.message.contains(String(code)))
        #expect(actions.connectURL == nil && actions.waitDeadline == nil)
        #expect(harness.machine.state == .stopped(.fatal(failure)))
        harness.advance(.seconds(60))
        #expect(harness.connectDue().isEmpty)
        #expect(harness.disconnected(nil).isEmpty)
        #expect(harness.machine.status.lastCloseCode == code)
    }

    @Test(arguments: [4003, 4007, 4009])
    func sessionEndingCloseCodesIdentifyAgain(code: Int) {
        var harness = Harness()
        harness.becomeReady()
        harness.advance(.seconds(30))
        let actions = harness.disconnected(code)
        #expect(actions.persisted == [nil])
        #expect(harness.reconnect(after: actions) == Self.gatewayConnectURL)
        _ = harness.connected()
        #expect(harness.helloThenTurn().sentOps == [2])
    }

    @Test(arguments: [nil, 1006, 4000, 4001, 4002, 4005, 4008] as [Int?])
    func otherClosesResume(code: Int?) {
        var harness = Harness()
        harness.becomeReady()
        let actions = harness.disconnected(code)
        #expect(actions.persisted.isEmpty)
        #expect(harness.reconnect(after: actions) == Self.resumeConnectURL)
        _ = harness.connected()
        #expect(harness.receive(Frames.hello()).sentOps == [6])
    }

    @Test func backoffGrowsCapsAndResetsAfterReady() throws {
        var harness = Harness(seed: 7)
        _ = harness.start()
        let nominal: [Int64] = [1, 2, 4, 8, 16, 32, 60, 60, 60]
        for seconds in nominal {
            let wait = harness.disconnected(nil)
            let delay = harness.now.duration(to: try #require(wait.waitDeadline))
            #expect(delay > .seconds(seconds) * 0.75 && delay <= .seconds(seconds), "nominal \(seconds) s")
            #expect(harness.reconnect(after: wait) == Self.gatewayConnectURL)
        }

        _ = harness.connected()
        _ = harness.helloThenTurn()
        _ = harness.receive(Frames.ready(sequence: 1))
        let wait = harness.disconnected(nil)
        #expect(harness.now.duration(to: try #require(wait.waitDeadline)) <= .seconds(1))
    }

    @Test func backoffResetsAfterResumed() throws {
        var harness = Harness(seed: 7)
        harness.becomeReady()
        for _ in 0 ..< 4 {
            _ = harness.receive(Frames.reconnect)
            _ = harness.reconnect(after: harness.disconnected(4000))
            _ = harness.connected()
            _ = harness.receive(Frames.hello())
        }
        let grown = harness.disconnected(nil)
        #expect(harness.now.duration(to: try #require(grown.waitDeadline)) > .seconds(16) * 0.75, "five backoffs without a healthy session")
        _ = harness.reconnect(after: grown)
        _ = harness.connected()
        _ = harness.receive(Frames.hello())
        _ = harness.receive(Frames.resumed(sequence: 2))
        let wait = harness.disconnected(nil)
        #expect(harness.now.duration(to: try #require(wait.waitDeadline)) <= .seconds(1))
    }
}
