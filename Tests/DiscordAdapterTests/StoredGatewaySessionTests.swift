import DiscordAdapter
import DiscordGateway
import StoryDomain
import Testing

@Suite("Gateway sessions kept per shard")
struct StoredGatewaySessionTests {
    @Test func anUnshardedBotKeepsTheKeyItAlwaysHadSoAnUpgradeResumes() async throws {
        let store = Values(["discord.gateway.session": #"{"sessionID":"before","resumeURL":"wss://r","sequence":7}"#])
        let session = await StoredGatewaySession(store: store, shard: .single).load()
        #expect(session == GatewaySession(sessionID: "before", resumeURL: "wss://r", sequence: 7))
    }

    @Test func eachShardHasItsOwnSessionNamingItsCount() async throws {
        let store = Values()
        let shards = [ShardID(id: 0, count: 2), ShardID(id: 1, count: 2)]
        for shard in shards {
            await StoredGatewaySession(store: store, shard: shard).save(GatewaySession(sessionID: "s\(shard.id)", resumeURL: "wss://r", sequence: shard.id))
        }
        #expect(await StoredGatewaySession(store: store, shard: shards[1]).load()?.sessionID == "s1")
        #expect(await StoredGatewaySession(store: store, shard: shards[0]).load()?.sessionID == "s0")
        #expect(await StoredGatewaySession(store: store, shard: ShardID(id: 0, count: 3)).load() == nil,
                "a session belongs to its [id, count]: after a change of count the shard identifies afresh")
        #expect(await StoredGatewaySession(store: store, shard: .single).load() == nil)
        #expect(await store.keys == ["discord.gateway.session.0-of-2", "discord.gateway.session.1-of-2"])
        await StoredGatewaySession(store: store, shard: shards[0]).save(nil)
        #expect(await store.keys == ["discord.gateway.session.1-of-2"])
    }
}

/// Named values in memory.
private actor Values: KeyValueStore {
    private var values: [String: String]
    init(_ values: [String: String] = [:]) { self.values = values }
    func value(for key: String) async throws -> String? { values[key] }
    func setValue(_ value: String?, for key: String) async throws { values[key] = value }
    var keys: [String] { values.keys.sorted() }
}
