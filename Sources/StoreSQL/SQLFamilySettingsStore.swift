import Foundation
import StoryDomain

/// Each family's parental controls, as one JSON document per family (`family_settings`).
public struct SQLFamilySettingsStore: FamilySettingsStore {
    private let executor: any SQLExecutor
    private let clock: any WallClock

    public init(database: some SQLDatabase, clock: any WallClock) {
        executor = database.executor
        self.clock = clock
    }

    public func settings(for family: FamilyRef) async throws -> FamilySettings {
        guard let json: String = try await executor.row("""
            SELECT settings_json FROM family_settings JOIN family ON family.id = family_settings.family_id
            WHERE family.platform = \(family.platform) AND family.external_id = \(family.externalID)
            """)?["settings_json"]
        else { return FamilySettings() }
        return try JSONColumn.decode(FamilySettings.self, from: json)
    }

    public func save(_ settings: FamilySettings, for family: FamilyRef, by userID: String) async throws {
        let now = clock.now()
        let json = try JSONColumn.encode(settings)
        try await executor.transaction { executor in
            let familyID = try await FamilyTable.findOrCreate(family, at: now, in: executor)
            try await executor.execute("""
                INSERT INTO family_settings (family_id, settings_json, updated_by, updated_at) VALUES (\(familyID), \(json), \(userID), \(now))
                ON CONFLICT (family_id) DO UPDATE SET settings_json = excluded.settings_json,
                    updated_by = excluded.updated_by, updated_at = excluded.updated_at
                """)
        }
    }
}
