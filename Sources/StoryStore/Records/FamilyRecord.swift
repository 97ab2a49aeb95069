import Foundation
import GRDB
import StoryDomain

/// A row of `family`.
struct FamilyRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "family"
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

    var id: Int64?
    var platform: Platform
    var externalId: String
    var createdAt: Date

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// The family's row id, inserting the family on first use.
    static func findOrCreate(_ family: FamilyRef, at date: Date, in db: Database) throws -> Int64 {
        if let id = try Int64.fetchOne(db, sql: "SELECT id FROM family WHERE platform = ? AND external_id = ?",
                                       arguments: [family.platform, family.externalID]) {
            return id
        }
        var record = FamilyRecord(platform: family.platform, externalId: family.externalID, createdAt: date)
        try record.insert(db)
        return record.id!
    }

    static func id(of family: FamilyRef, in db: Database) throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT id FROM family WHERE platform = ? AND external_id = ?",
                           arguments: [family.platform, family.externalID])
    }
}
