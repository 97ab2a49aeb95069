import Foundation
import GRDB
import StoryDomain

/// Forgets a family's data in SQLite, in one transaction.
public struct SQLiteFamilyDataStore: FamilyDataStore {
    private let database: AppDatabase

    public init(database: AppDatabase) { self.database = database }

    public func forget(_ family: FamilyRef) async throws -> ForgottenFamilyData {
        try await database.writer.write { db in
            var forgotten = ForgottenFamilyData()
            if family.platform == Platform.web {
                try db.execute(sql: "DELETE FROM chat_message WHERE room = ?", arguments: [family.externalID])
                forgotten.chatMessages = db.changesCount
            }
            guard let familyID = try FamilyRecord.id(of: family, in: db) else { return forgotten }
            let pictures = { try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM image") ?? 0 }
            let picturesBefore = try pictures()
            let storyIDs = try String.fetchAll(db, sql: "SELECT id FROM story WHERE family_id = ?", arguments: [familyID])
            forgotten.stories = try SQLiteStoryRepository.delete(stories: storyIDs, in: db)
            forgotten.storyIDs = storyIDs.compactMap(StoryID.init(rawValue:))
            forgotten.pictures = picturesBefore - (try pictures())
            forgotten.collections = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM growth_collection WHERE family_id = ?",
                                                     arguments: [familyID]) ?? 0
            // The family row's foreign keys cascade to its collections (and their entries),
            // reading days, achievements, settings and cast.
            let portraits = try String.fetchAll(db, sql: """
                SELECT DISTINCT portrait_id FROM cast_member WHERE family_id = ? AND portrait_id IS NOT NULL
                """, arguments: [familyID])
            try db.execute(sql: "DELETE FROM family WHERE id = ?", arguments: [familyID])
            // The cast went with the family; its portraits go too unless something else shows them.
            for portrait in portraits { try SQLiteCastStore.deleteUnusedImage(portrait, in: db) }
            forgotten.pictures = picturesBefore - (try pictures())
            return forgotten
        }
    }
}
