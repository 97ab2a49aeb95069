import Foundation
import PostgresNIO
import StoryDomain

/// Each family's parental controls in PostgreSQL, as one JSON document per family.
public struct PostgresFamilySettingsStore: FamilySettingsStore {
    private let database: PostgresDatabase
    private let clock: any WallClock

    public init(database: PostgresDatabase, clock: any WallClock) {
        self.database = database
        self.clock = clock
    }

    public func settings(for family: FamilyRef) async throws -> FamilySettings {
        guard let json: String = try await database.rows("""
            SELECT settings_json FROM family_settings JOIN family ON family.id = family_settings.family_id
            WHERE family.platform = \(PlatformColumn.text(family.platform)) AND family.external_id = \(family.externalID)
            """).first?["settings_json"]
        else { return FamilySettings() }
        return try JSONColumn.decode(FamilySettings.self, from: json)
    }

    public func save(_ settings: FamilySettings, for family: FamilyRef, by userID: String) async throws {
        let now = clock.now()
        let json = try JSONColumn.encode(settings)
        try await database.transaction { transaction in
            let familyID = try await FamilyRows.findOrCreate(family, at: now, in: transaction)
            try await transaction.execute("""
                INSERT INTO family_settings (family_id, settings_json, updated_by, updated_at) VALUES (\(familyID), \(json), \(userID), \(now))
                ON CONFLICT (family_id) DO UPDATE SET settings_json = excluded.settings_json,
                    updated_by = excluded.updated_by, updated_at = excluded.updated_at
                """)
        }
    }
}
