import DiscordModels
import DiscordSimulator
import NIOHTTP1
import Testing

@Suite("Simulated gateway")
struct GatewayTests {
    private func withSimulator(_ configuration: DiscordSimulator.Configuration = .init(heartbeatInterval: .milliseconds(200)),
                               _ body: (DiscordSimulator) async throws -> Void) async throws {
        let simulator = DiscordSimulator(configuration: configuration)
        try await simulator.start()
        do {
            try await body(simulator)
        } catch {
            await simulator.stop()
            throw error
        }
        await simulator.stop()
    }

    private let query = "?v=10&encoding=json"

    @Test func helloHeartbeatIdentifyReady() async throws {
        try await withSimulator { simulator in
            let client = GatewayTestClient(url: simulator.gatewayURL + query)
            let hello = try await client.next()
            #expect(hello.op == 10)
            #expect(hello.d == .object(["heartbeat_interval": .int(200)]))

            client.send(#"{"op":1,"d":null}"#)
            #expect(try await client.next().op == 11)

            client.identify()
            let ready = try await client.next()
            #expect(ready.op == 0 && ready.t == "READY" && ready.s == 1)
            guard case let .object(data) = ready.d, case let .string(resumeURL)? = data["resume_gateway_url"] else {
                Issue.record("READY without resume_gateway_url")
                return
            }
            #expect(resumeURL == simulator.resumeGatewayURL)
            #expect(data["session_id"] != nil)
            #expect(simulator.identifyCount == 1 && simulator.heartbeatCount == 1 && simulator.connectionCount == 1)

            let interaction = simulator.makeSlashCommand(subcommand: "new", options: ["prompt": .string("a dragon")])
            await simulator.sendInteraction(interaction)
            let dispatch = try await client.next()
            #expect(dispatch.t == "INTERACTION_CREATE" && dispatch.s == 2)
            client.close(code: 4000)
            try await simulator.waitForClientCloses(count: 1)
            #expect(simulator.clientCloseCodes == [4000])
        }
    }

    @Test("READY and INTERACTION_CREATE carry the fields Discord always sends, a button press its whole message")
    func eventsCarryDiscordsFields() async throws {
        try await withSimulator { simulator in
            let client = GatewayTestClient(url: simulator.gatewayURL + query)
            #expect(try await client.next().op == 10)
            client.identify()
            let ready = try await client.next()
            guard case let .object(readyData) = ready.d, case let .object(application)? = readyData["application"] else {
                Issue.record("READY without an application")
                return
            }
            #expect(readyData["guilds"] == .array([]))
            #expect(application["flags"] == .int(0) && application["id"] == .string(simulator.configuration.applicationID.description))

            let rest = RESTTestClient(baseURL: simulator.apiURL)
            let created = try await rest.send(.POST, "/channels/\(DiscordSimulator.defaultChannelID)/messages",
                                              json: #"{"content":"Page 1","components":[{"type":1,"components":[{"type":2,"style":1,"label":"▶","custom_id":"next"}]}]}"#)
            #expect(created.status == 200)
            let messageID = try #require(simulator.messages(channelID: DiscordSimulator.defaultChannelID).first?.id)
            await simulator.sendInteraction(simulator.makeButtonPress(customID: "next", messageID: messageID))
            let event = try await client.nextEvent()
            guard case let .object(data) = event.d, case let .object(member)? = data["member"],
                  case let .object(user)? = member["user"], case let .object(message)? = data["message"]
            else {
                Issue.record("INTERACTION_CREATE without member, user or message: \(String(describing: event.d))")
                return
            }
            #expect(data["version"] == .int(1) && data["context"] == .int(0) && data["attachment_size_limit"] != nil)
            #expect(member["roles"] == .array([]) && member["joined_at"] != nil && member["flags"] == .int(0))
            #expect(user["discriminator"] == .string("0") && user["avatar"] == .null)
            #expect(message["id"] == .string(messageID.description) && message["content"] == .string("Page 1"))
            #expect(message["type"] == .int(0) && message["author"] != nil && message["components"] != nil)
        }
    }

    @Test("acknowledgement latency can be measured from the moment the event reached the socket")
    func latencyFromTheSocketWrite() async throws {
        // A generous callback deadline: what is measured is the latency, not Discord's 3 s (a loaded
        // machine running tests in parallel let 3 s pass, and the callback was refused 404).
        try await withSimulator(.init(heartbeatInterval: .milliseconds(200), callbackDeadline: .seconds(120))) { simulator in
            let client = GatewayTestClient(url: simulator.gatewayURL + query)
            #expect(try await client.next().op == 10)
            // Dispatched before any session exists: it waits in the simulator, then follows READY.
            let interaction = simulator.makeSlashCommand(subcommand: "new")
            await simulator.sendInteraction(interaction)
            try await Task.sleep(for: .milliseconds(150))  // the wait measured below, not a guess
            client.identify()
            #expect(try await client.next().t == "READY")
            #expect(try await client.next().t == "INTERACTION_CREATE")

            let rest = RESTTestClient(baseURL: simulator.apiURL)
            let callback = try await rest.send(.POST, "/interactions/\(interaction.id)/\(interaction.token)/callback",
                                               json: #"{"type":5}"#)
            #expect(callback.status == 204)
            let fromDispatch = try #require(simulator.acknowledgementLatency(interactionID: interaction.id))
            let fromSocket = try #require(simulator.acknowledgementLatency(interactionID: interaction.id, from: .socketWrite))
            #expect(fromDispatch >= .milliseconds(150))
            #expect(fromDispatch - fromSocket >= .milliseconds(140), "the wait before the write is not the bot's")
            let toArrival = try #require(simulator.acknowledgementLatency(interactionID: interaction.id, from: .socketWrite, to: .arrived))
            #expect(toArrival <= fromSocket, "the callback's head arrives before its body is read and applied")
            client.close(code: 4000)
        }
    }

    @Test func gatewayBotAdvertisesTheGatewayURL() async throws {
        try await withSimulator { simulator in
            #expect(simulator.gatewayURL == "ws://127.0.0.1:\(simulator.port)/gateway")
            #expect(simulator.apiURL == "http://127.0.0.1:\(simulator.port)/api/v10")
        }
    }

    @Test(arguments: [false, true])
    func zlibStreamInflatesAcrossFrames(split: Bool) async throws {
        let configuration = DiscordSimulator.Configuration(heartbeatInterval: .milliseconds(200), requireCompression: true,
                                                           splitCompressedFrames: split)
        try await withSimulator(configuration) { simulator in
            let client = GatewayTestClient(url: simulator.gatewayURL + query + "&compress=zlib-stream")
            #expect(try await client.next().op == 10)
            client.identify()
            #expect(try await client.next().t == "READY")
            await simulator.sendInteraction(simulator.makeButtonPress(customID: "story:continue"))
            let dispatch = try await client.next()
            #expect(dispatch.t == "INTERACTION_CREATE" && dispatch.s == 2)
            #expect(client.binaryFrameCount == (split ? 6 : 3))
            client.close(code: 4000)
        }
    }

    @Test func uncompressedConnectionIsRefusedWhenCompressionIsRequired() async throws {
        try await withSimulator(.init(requireCompression: true)) { simulator in
            let client = GatewayTestClient(url: simulator.gatewayURL + query)
            #expect(try await client.next().op == 10)
            client.identify()
            let code = try await client.closeCode()
            #expect(code == 4000)
            #expect(simulator.identifyCount == 0)
        }
    }

    @Test func resumeReplaysMissedDispatchesInOrder() async throws {
        try await withSimulator { simulator in
            let first = GatewayTestClient(url: simulator.gatewayURL + query)
            _ = try await first.next()
            first.identify()
            guard case let .object(ready) = try await first.next().d, case let .string(sessionID)? = ready["session_id"] else {
                Issue.record("no session id")
                return
            }
            await simulator.sendInteraction(simulator.makeSlashCommand())
            #expect(try await first.next().s == 2)
            first.close(code: 4000)
            _ = try await first.closeCode()
            try await simulator.waitForClientCloses(count: 1)
            #expect(simulator.clientCloseCodes == [4000])

            let missed = [simulator.makeSlashCommand(), simulator.makeButtonPress(customID: "x")]
            for interaction in missed { await simulator.sendInteraction(interaction) }

            let second = GatewayTestClient(url: simulator.resumeGatewayURL + query)
            #expect(try await second.next().op == 10)
            second.send(#"{"op":6,"d":{"token":"simulated-token","session_id":"\#(sessionID)","seq":2}}"#)
            var replayed: [ReceivedPayload] = []
            for _ in 0..<3 { replayed.append(try await second.nextEvent()) }
            #expect(replayed.map(\.s) == [3, 4, 5])
            #expect(replayed.map(\.t) == ["INTERACTION_CREATE", "INTERACTION_CREATE", "RESUMED"])
            let ids = replayed.prefix(2).compactMap { payload -> String? in
                if case let .object(data)? = payload.d, case let .string(id)? = data["id"] { id } else { nil }
            }
            #expect(ids == missed.map(\.id.description))
            #expect(simulator.resumeCount == 1 && simulator.identifyCount == 1)

            await simulator.sendInteraction(simulator.makeSlashCommand())
            #expect(try await second.nextEvent().s == 6)
            second.close(code: 4000)
        }
    }

    @Test func droppedConnectionKeepsDispatchesForResume() async throws {
        try await withSimulator { simulator in
            let first = GatewayTestClient(url: simulator.gatewayURL + query)
            _ = try await first.next()
            first.identify()
            guard case let .object(ready) = try await first.next().d, case let .string(sessionID)? = ready["session_id"] else {
                Issue.record("no session id")
                return
            }
            await simulator.dropConnection()
            let closeFrame = try? await first.closed.value
            #expect(closeFrame == nil)
            await simulator.sendInteraction(simulator.makeSlashCommand())

            let second = GatewayTestClient(url: simulator.resumeGatewayURL + query)
            _ = try await second.next()
            second.send(#"{"op":6,"d":{"token":"simulated-token","session_id":"\#(sessionID)","seq":1}}"#)
            #expect(try await second.nextEvent().t == "INTERACTION_CREATE")
            #expect(try await second.nextEvent().t == "RESUMED")
            second.close(code: 4000)
        }
    }

    @Test func unknownSessionGetsInvalidSession() async throws {
        try await withSimulator { simulator in
            let client = GatewayTestClient(url: simulator.resumeGatewayURL + query)
            _ = try await client.next()
            client.send(#"{"op":6,"d":{"token":"simulated-token","session_id":"nope","seq":3}}"#)
            let invalid = try await client.next()
            #expect(invalid.op == 9 && invalid.d == .bool(false))
            client.close(code: 4000)
        }
    }

    /// A client payload that breaks the protocol, and the close code it earns.
    enum Violation: String, CaseIterable, Sendable {
        case badToken, beforeIdentify, notJSON, oversized

        var payload: String {
            switch self {
            case .badToken: #"{"op":2,"d":{"token":"wrong","intents":0,"properties":{"os":"l","browser":"b","device":"d"}}}"#
            case .beforeIdentify: #"{"op":3,"d":{"status":"online"}}"#
            case .notJSON: "not json"
            case .oversized: #"{"op":1,"d":"\#(String(repeating: "x", count: 5000))"}"#
            }
        }

        var closeCode: Int {
            switch self {
            case .badToken: 4004
            case .beforeIdentify: 4003
            case .notJSON, .oversized: 4002
            }
        }
    }

    @Test(arguments: Violation.allCases)
    func protocolViolationsClose(_ violation: Violation) async throws {
        try await withSimulator { simulator in
            let client = GatewayTestClient(url: simulator.gatewayURL + query)
            _ = try await client.next()
            client.send(violation.payload)
            #expect(try await client.closeCode() == violation.closeCode)
        }
    }

    @Test func secondIdentifyCloses4005() async throws {
        try await withSimulator { simulator in
            let client = GatewayTestClient(url: simulator.gatewayURL + query)
            _ = try await client.next()
            client.identify()
            _ = try await client.next()
            client.identify()
            #expect(try await client.closeCode() == 4005)
        }
    }

    @Test func sendingTooFastCloses4008() async throws {
        try await withSimulator { simulator in
            let client = GatewayTestClient(url: simulator.gatewayURL + query)
            _ = try await client.next()
            for _ in 0...120 { client.send(#"{"op":1,"d":null}"#) }
            #expect(try await client.closeCode() == 4008)
        }
    }

    @Test func controlsReachTheClient() async throws {
        try await withSimulator { simulator in
            let client = GatewayTestClient(url: simulator.gatewayURL + query)
            _ = try await client.next()
            client.identify()
            _ = try await client.next()
            await simulator.dispatch(event: "ENTITLEMENT_CREATE", data: simulator.makeEntitlement(skuID: 1_710_000_000_000_000_001))
            let entitlement = try await client.next()
            #expect(entitlement.t == "ENTITLEMENT_CREATE" && entitlement.s == 2)
            await simulator.sendReconnect()
            #expect(try await client.next().op == 7)
            await simulator.invalidateSession(resumable: true)
            #expect(try await client.next().d == .bool(true))
            await simulator.setHeartbeatAcks(enabled: false)
            client.send(#"{"op":1,"d":2}"#)
            try await simulator.waitForHeartbeats(count: 1)
            await simulator.closeGateway(code: 4009)
            #expect(try await client.closeCode() == 4009)
            await #expect(throws: GatewayTestClient.ClientError.self) { try await client.next() }
        }
    }
}
