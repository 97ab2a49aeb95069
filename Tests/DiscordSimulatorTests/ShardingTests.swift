import DiscordModels
import DiscordSimulator
import Foundation
import NIOHTTP1
import Testing

@Suite("Simulated gateway: shards")
struct ShardingTests {
    private let query = "?v=10&encoding=json"

    private func withSimulator(shards: Int = 2, maxConcurrency: Int = 2, minimumShardCount: Int = 1,
                               identifyWindow: Duration = .seconds(5),
                               _ body: (DiscordSimulator) async throws -> Void) async throws {
        let simulator = DiscordSimulator(configuration: .init(
            heartbeatInterval: .seconds(30),
            sessionStartLimit: .init(total: 1000, remaining: 1000, resetAfter: 86_400_000, maxConcurrency: maxConcurrency),
            recommendedShards: shards, minimumShardCount: minimumShardCount, identifyWindow: identifyWindow))
        try await simulator.start()
        do {
            try await body(simulator)
        } catch {
            await simulator.stop()
            throw error
        }
        await simulator.stop()
    }

    /// A server whose events go to shard `shard` of `count`.
    static func guild(onShard shard: Int, of count: Int) -> Snowflake {
        Snowflake(UInt64(1_000 * count + shard) << 22 | 7)
    }

    /// A client that has identified as `shard` and read its READY; returns it with its session id.
    private func identified(_ simulator: DiscordSimulator, shard: [Int]?) async throws -> (GatewayTestClient, String) {
        let client = GatewayTestClient(url: simulator.gatewayURL + query)
        #expect(try await client.next().op == 10)
        client.identify(shard: shard)
        let ready = try await client.nextEvent()
        guard ready.t == "READY", case let .object(data)? = ready.d, case let .string(session)? = data["session_id"] else {
            Issue.record("expected READY, got op \(ready.op) \(ready.t ?? "")")
            throw GatewayTestClient.ClientError.noPayload
        }
        #expect(data["shard"] == .array((shard ?? [0, 1]).map { .int(Int64($0)) }), "READY echoes the shard")
        return (client, session)
    }

    private func interactionID(of payload: ReceivedPayload) -> String? {
        guard case let .object(data)? = payload.d, case let .string(id)? = data["id"] else { return nil }
        return id
    }

    @Test func gatewayBotRecommendsTheConfiguredShardsAndConcurrency() async throws {
        try await withSimulator(shards: 4, maxConcurrency: 2) { simulator in
            let response = try await RESTTestClient(baseURL: simulator.apiURL).send(.GET, "/gateway/bot")
            let gateway = try DiscordJSON.decoder().decode(GatewayBot.self, from: response.body)
            #expect(gateway.shards == 4)
            #expect(gateway.sessionStartLimit.maxConcurrency == 2)
        }
    }

    @Test func guildFormulaMatchesDiscords() {
        // (guild_id >> 22) % shard_count
        #expect(DiscordSimulator.shard(ofGuild: 81_384_788_765_712_384, count: 4) == (81_384_788_765_712_384 >> 22) % 4)
        #expect(DiscordSimulator.shard(ofGuild: Self.guild(onShard: 3, of: 4), count: 4) == 3)
        #expect(DiscordSimulator.shard(ofGuild: Self.guild(onShard: 1, of: 2), count: 2) == 1)
    }

    @Test("a server's events reach only its shard's connection; events without a server go to shard 0")
    func eventsGoToTheirShard() async throws {
        try await withSimulator { simulator in
            let (shard0, _) = try await identified(simulator, shard: [0, 2])
            let (shard1, _) = try await identified(simulator, shard: [1, 2])
            let forShard1 = simulator.makeSlashCommand(name: "help", guildID: Self.guild(onShard: 1, of: 2))
            let forShard0 = simulator.makeSlashCommand(name: "help", guildID: Self.guild(onShard: 0, of: 2))
            let direct = simulator.makeSlashCommand(name: "help", guildID: nil)
            await simulator.sendInteraction(forShard1)
            await simulator.sendInteraction(forShard0)
            await simulator.sendInteraction(direct)
            // Shard 0's first event is its own server's: shard 1's was never sent to it.
            #expect(interactionID(of: try await shard0.nextEvent()) == forShard0.id.description)
            #expect(interactionID(of: try await shard0.nextEvent()) == direct.id.description)
            #expect(interactionID(of: try await shard1.nextEvent()) == forShard1.id.description)
            await simulator.dispatch(event: "ENTITLEMENT_CREATE", data: simulator.makeEntitlement(skuID: 1_710_000_000_000_000_001))
            let another = simulator.makeSlashCommand(name: "help", guildID: Self.guild(onShard: 1, of: 2))
            await simulator.sendInteraction(another)
            #expect(try await shard0.nextEvent().t == "ENTITLEMENT_CREATE")
            #expect(interactionID(of: try await shard1.nextEvent()) == another.id.description, "the entitlement went to shard 0 only")
            shard0.close(code: 4000)
            shard1.close(code: 4000)
        }
    }

    @Test("events for a shard without a session wait for that shard's READY")
    func eventsWaitForTheirShard() async throws {
        try await withSimulator { simulator in
            let (shard0, _) = try await identified(simulator, shard: [0, 2])
            let waiting = simulator.makeSlashCommand(name: "help", guildID: Self.guild(onShard: 1, of: 2))
            await simulator.sendInteraction(waiting)
            let (shard1, _) = try await identified(simulator, shard: [1, 2])
            #expect(interactionID(of: try await shard1.nextEvent()) == waiting.id.description)
            shard0.close(code: 4000)
            shard1.close(code: 4000)
        }
    }

    @Test(arguments: [[2, 2], [5, 2], [0, 0], [-1, 2], [1]])
    func invalidShardCloses4010(shard: [Int]) async throws {
        try await withSimulator { simulator in
            let client = GatewayTestClient(url: simulator.gatewayURL + query)
            _ = try await client.next()
            client.identify(shard: shard)
            #expect(try await client.closeCode() == 4010)
            #expect(simulator.identifyCount == 0)
        }
    }

    @Test(arguments: [nil, [0, 1]] as [[Int]?])
    func aBotThatMustShardCloses4011WithoutEnoughShards(shard: [Int]?) async throws {
        try await withSimulator(minimumShardCount: 2) { simulator in
            let client = GatewayTestClient(url: simulator.gatewayURL + query)
            _ = try await client.next()
            client.identify(shard: shard)
            #expect(try await client.closeCode() == 4011)
            let (sharded, _) = try await identified(simulator, shard: [0, 2])
            sharded.close(code: 4000)
        }
    }

    @Test("identifies beyond max_concurrency are refused with op 9; another bucket's pass")
    func identifiesBeyondMaxConcurrencyAreRefused() async throws {
        // A ten-minute window: the third identify always falls within it (at 5 s, a loaded machine
        // running tests in parallel let the window pass first, and the identify was not refused).
        try await withSimulator(shards: 4, maxConcurrency: 2, identifyWindow: .seconds(600)) { simulator in
            let (first, _) = try await identified(simulator, shard: [0, 4])
            let (otherBucket, _) = try await identified(simulator, shard: [1, 4])
            let sameBucket = GatewayTestClient(url: simulator.gatewayURL + query)
            _ = try await sameBucket.next()
            sameBucket.identify(shard: [2, 4])  // bucket 2 % 2 = 0, like shard 0, within the window
            let refused = try await sameBucket.nextEvent()
            #expect(refused.op == 9 && refused.d == .bool(false))
            #expect(simulator.refusedIdentifyCount == 1)
            #expect(simulator.identifyCount(shard: 2) == 0)
            for client in [first, otherBucket, sameBucket] { client.close(code: 4000) }
        }
    }

    @Test("once the window has passed, the bucket identifies again")
    func aBucketIdentifiesAgainAfterItsWindow() async throws {
        try await withSimulator(maxConcurrency: 1, identifyWindow: .milliseconds(200)) { simulator in
            let (first, _) = try await identified(simulator, shard: [0, 2])
            try await Task.sleep(for: .milliseconds(250))  // the window passes (it is the thing under test)
            let (second, _) = try await identified(simulator, shard: [1, 2])
            #expect(simulator.refusedIdentifyCount == 0)
            first.close(code: 4000)
            second.close(code: 4000)
        }
    }

    @Test("one shard resumes while the other keeps receiving")
    func aShardResumesIndependently() async throws {
        try await withSimulator { simulator in
            let (shard0, _) = try await identified(simulator, shard: [0, 2])
            let (shard1, session1) = try await identified(simulator, shard: [1, 2])
            await simulator.dropConnection(shard: 1)
            let closeFrame = try? await shard1.closed.value
            #expect(closeFrame == nil, "dropped without a close frame")
            let missed = simulator.makeSlashCommand(name: "help", guildID: Self.guild(onShard: 1, of: 2))
            let live = simulator.makeSlashCommand(name: "help", guildID: Self.guild(onShard: 0, of: 2))
            await simulator.sendInteraction(missed)
            await simulator.sendInteraction(live)
            #expect(interactionID(of: try await shard0.nextEvent()) == live.id.description)

            let resumed = GatewayTestClient(url: simulator.resumeGatewayURL + query)
            _ = try await resumed.next()
            resumed.send(#"{"op":6,"d":{"token":"simulated-token","session_id":"\#(session1)","seq":1}}"#)
            #expect(interactionID(of: try await resumed.nextEvent()) == missed.id.description)
            #expect(try await resumed.nextEvent().t == "RESUMED")
            #expect(simulator.resumeCount(shard: 1) == 1 && simulator.resumeCount(shard: 0) == 0)
            #expect(simulator.identifyCount(shard: 0) == 1 && simulator.identifyCount(shard: 1) == 1)
            shard0.close(code: 4000)
            resumed.close(code: 4000)
        }
    }
}
