import DiscordGateway
import Foundation
import StoryDomain

/// Keeps the gateway session (id, sequence, resume URL) in the app's key-value store, so a
/// quick restart resumes instead of identifying afresh.
public struct StoredGatewaySession: GatewaySessionStore {
    static let key = "discord.gateway.session"
    private let store: any KeyValueStore

    public init(store: any KeyValueStore) { self.store = store }

    public func load() async -> GatewaySession? {
        guard let text = try? await store.value(for: Self.key) else { return nil }
        return try? JSONDecoder().decode(GatewaySession.self, from: Data(text.utf8))
    }

    public func save(_ session: GatewaySession?) async {
        let text = session.flatMap { try? JSONEncoder().encode($0) }.map { String(decoding: $0, as: UTF8.self) }
        try? await store.setValue(text, for: Self.key)
    }
}
