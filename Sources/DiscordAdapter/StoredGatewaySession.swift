import DiscordGateway
import Foundation
import StoryDomain

/// Keeps one shard's gateway session (id, sequence, resume URL) in the app's key-value store, so
/// a quick restart resumes instead of identifying afresh.
///
/// Each shard has its own key, which names the shard count too: a session belongs to its
/// `[id, count]`, and after a change of count the shards identify afresh. An unsharded bot
/// (shard 0 of 1) keeps the key it always had, so an upgrade resumes.
///
/// Each save is stamped with the time (``GatewaySession/savedAt``, by the injected clock), so a
/// start can tell a session too old to resume (``GatewayConfiguration/maxResumeAge``).
public struct StoredGatewaySession: GatewaySessionStore {
    static let unshardedKey = "discord.gateway.session"
    private let store: any KeyValueStore
    private let clock: any WallClock
    /// The key-value store key of this shard's session.
    public let key: String

    public init(store: any KeyValueStore, shard: ShardID = .single, clock: any WallClock = SystemWallClock()) {
        self.store = store
        self.clock = clock
        key = Self.key(for: shard)
    }

    /// `discord.gateway.session` for shard 0 of 1, else `discord.gateway.session.<id>-of-<count>`.
    static func key(for shard: ShardID) -> String {
        shard == .single ? unshardedKey : "\(unshardedKey).\(shard.id)-of-\(shard.count)"
    }

    public func load() async -> GatewaySession? {
        guard let text = try? await store.value(for: key) else { return nil }
        return try? JSONDecoder().decode(GatewaySession.self, from: Data(text.utf8))
    }

    public func save(_ session: GatewaySession?) async {
        let session = session.map { session in
            var stamped = session
            stamped.savedAt = clock.now()
            return stamped
        }
        let text = session.flatMap { try? JSONEncoder().encode($0) }.map { String(decoding: $0, as: UTF8.self) }
        try? await store.setValue(text, for: key)
    }

    public func age(of session: GatewaySession) -> Duration? {
        session.savedAt.map { .seconds(clock.now().timeIntervalSince($0)) }
    }
}
