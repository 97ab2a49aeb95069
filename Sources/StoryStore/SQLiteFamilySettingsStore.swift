import Foundation
import GRDB
import StoryDomain

/// Each family's parental controls in SQLite, as one JSON document per family.
public struct SQLiteFamilySettingsStore: FamilySettingsStore {
    private let database: AppDatabase
    private let clock: any WallClock

    public init(database: AppDatabase, clock: any WallClock) {
        self.database = database
        self.clock = clock
    }

    public func settings(for family: FamilyRef) async throws -> FamilySettings {
        try await database.writer.read { db in
            guard let json = try String.fetchOne(db, sql: """
                SELECT settings_json FROM family_settings JOIN family ON family.id = family_settings.family_id
                WHERE family.platform = ? AND family.external_id = ?
                """, arguments: [family.platform, family.externalID])
            else { return FamilySettings() }
            return try JSONColumn.decode(FamilySettings.self, from: json)
        }
    }

    public func save(_ settings: FamilySettings, for family: FamilyRef, by userID: String) async throws {
        let now = clock.now()
        try await database.writer.write { db in
            let familyID = try FamilyRecord.findOrCreate(family, at: now, in: db)
            try db.execute(sql: """
                INSERT INTO family_settings (family_id, settings_json, updated_by, updated_at) VALUES (?, ?, ?, ?)
                ON CONFLICT(family_id) DO UPDATE SET settings_json = excluded.settings_json,
                    updated_by = excluded.updated_by, updated_at = excluded.updated_at
                """, arguments: [familyID, try JSONColumn.encode(settings), userID, now])
        }
    }
}
