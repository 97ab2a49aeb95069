import Foundation
import PostgresNIO
import StoryDomain

/// Named values in the `bot_state` table.
public struct PostgresKeyValueStore: KeyValueStore {
    private let database: PostgresDatabase
    private let clock: any WallClock

    public init(database: PostgresDatabase, clock: any WallClock) {
        self.database = database
        self.clock = clock
    }

    public func value(for key: String) async throws -> String? {
        try await database.rows("SELECT value FROM bot_state WHERE key = \(key)").first?["value"]
    }

    public func setValue(_ value: String?, for key: String) async throws {
        if let value {
            _ = try await database.rows("""
                INSERT INTO bot_state (key, value, updated_at) VALUES (\(key), \(value), \(clock.now()))
                ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
                """)
        } else {
            _ = try await database.rows("DELETE FROM bot_state WHERE key = \(key)")
        }
    }
}
