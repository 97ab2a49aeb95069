import Foundation
import PostgresNIO
import StoryDomain

/// The one place that turns a platform into its column text and back.
enum PlatformColumn {
    static func text(_ platform: Platform) -> String { platform.rawValue }
    static func platform(_ text: String) -> Platform { Platform(rawValue: text) }
    static func family(platform: String, externalID: String) -> FamilyRef {
        FamilyRef(platform: Platform(rawValue: platform), externalID: externalID)
    }
}

/// Families by platform and external id.
enum FamilyRows {
    /// The family's row id, inserting the family on first use (safe against a concurrent insert).
    static func findOrCreate(_ family: FamilyRef, at date: Date, in transaction: Transaction) async throws -> Int64 {
        let platform = PlatformColumn.text(family.platform)
        let inserted = try await transaction.rows("""
            INSERT INTO family (platform, external_id, created_at) VALUES (\(platform), \(family.externalID), \(date))
            ON CONFLICT (platform, external_id) DO NOTHING RETURNING id
            """)
        if let row = inserted.first { return try row["id"] }
        guard let id = try await id(of: family, in: transaction) else { throw PostgresStoreError.corrupt("family", "vanished") }
        return id
    }

    static func id(of family: FamilyRef, in transaction: Transaction) async throws -> Int64? {
        try await transaction.rows("""
            SELECT id FROM family WHERE platform = \(PlatformColumn.text(family.platform)) AND external_id = \(family.externalID)
            """).first?["id"]
    }
}
