import Foundation
import GRDB
import StoryDomain

/// Named values in the `bot_state` table.
public struct SQLiteKeyValueStore: KeyValueStore {
    private let database: AppDatabase
    private let clock: any WallClock

    public init(database: AppDatabase, clock: any WallClock) {
        self.database = database
        self.clock = clock
    }

    public func value(for key: String) async throws -> String? {
        try await database.writer.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM bot_state WHERE key = ?", arguments: [key])
        }
    }

    public func setValue(_ value: String?, for key: String) async throws {
        let now = clock.now()
        try await database.writer.write { db in
            if let value {
                try db.execute(sql: """
                    INSERT INTO bot_state (key, value, updated_at) VALUES (?, ?, ?)
                    ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
                    """, arguments: [key, value, now])
            } else {
                try db.execute(sql: "DELETE FROM bot_state WHERE key = ?", arguments: [key])
            }
        }
    }
}
