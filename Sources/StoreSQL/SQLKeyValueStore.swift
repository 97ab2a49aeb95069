import Foundation
import StoryDomain

/// Named values in the `bot_state` table.
public struct SQLKeyValueStore: KeyValueStore {
    private let executor: any SQLExecutor
    private let clock: any WallClock

    public init(database: some SQLDatabase, clock: any WallClock) {
        executor = database.executor
        self.clock = clock
    }

    public func value(for key: String) async throws -> String? {
        try await executor.row("SELECT value FROM bot_state WHERE key = \(key)")?["value"]
    }

    public func setValue(_ value: String?, for key: String) async throws {
        guard let value else {
            try await executor.execute("DELETE FROM bot_state WHERE key = \(key)")
            return
        }
        try await executor.execute("""
            INSERT INTO bot_state (key, value, updated_at) VALUES (\(key), \(value), \(clock.now()))
            ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
            """)
    }
}
