import Foundation
import StoryDomain

/// Families by platform and external id (the `family` table).
public enum FamilyTable {
    /// The family's row id, inserting the family on first use (safe against a concurrent insert).
    public static func findOrCreate(_ family: FamilyRef, at date: Date, in executor: any SQLExecutor) async throws -> Int64 {
        if let row = try await executor.row("""
            INSERT INTO family (platform, external_id, created_at) VALUES (\(family.platform), \(family.externalID), \(date))
            ON CONFLICT (platform, external_id) DO NOTHING RETURNING id
            """) {
            return try row["id"]
        }
        guard let id = try await id(of: family, in: executor) else { throw StoreSQLError.corrupt("family", "vanished") }
        return id
    }

    /// The family's row id, if it has one.
    public static func id(of family: FamilyRef, in executor: any SQLExecutor) async throws -> Int64? {
        try await executor.row("SELECT id FROM family WHERE platform = \(family.platform) AND external_id = \(family.externalID)")?["id"]
    }
}
