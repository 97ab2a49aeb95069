import DiscordAdapter
import DiscordGateway
import Foundation
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

    @Test("each save is stamped by the clock, so a start can tell how old the stored session is")
    func savesAreStampedAndAged() async throws {
        let store = Values()
        let clock = SteppedClock(Date(timeIntervalSince1970: 1_800_000_000))
        let sessions = StoredGatewaySession(store: store, clock: clock)
        await sessions.save(GatewaySession(sessionID: "s", resumeURL: "wss://r", sequence: 3))
        clock.advance(by: 400)
        let loaded = try #require(await sessions.load())
        #expect(loaded.savedAt == Date(timeIntervalSince1970: 1_800_000_000))
        #expect(sessions.age(of: loaded) == .seconds(400))
        #expect(sessions.age(of: GatewaySession(sessionID: "old", resumeURL: "wss://r", sequence: 1)) == nil,
                "a session stored before stamps existed has no known age")
    }
}

/// A wall clock set by the test.
private final class SteppedClock: WallClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    init(_ start: Date) { current = start }
    func advance(by seconds: TimeInterval) { lock.withLock { current += seconds } }
    func now() -> Date { lock.withLock { current } }
}

/// Named values in memory.
private actor Values: KeyValueStore {
    private var values: [String: String]
    init(_ values: [String: String] = [:]) { self.values = values }
    func value(for key: String) async throws -> String? { values[key] }
    func setValue(_ value: String?, for key: String) async throws { values[key] = value }
    var keys: [String] { values.keys.sorted() }
}
