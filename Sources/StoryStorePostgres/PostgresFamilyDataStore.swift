import Foundation
import PostgresNIO
import StoryDomain

/// Forgets a family's data in PostgreSQL, in one transaction.
public struct PostgresFamilyDataStore: FamilyDataStore {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) { self.database = database }

    public func forget(_ family: FamilyRef) async throws -> ForgottenFamilyData {
        try await database.transaction { transaction in
            var forgotten = ForgottenFamilyData()
            if family.platform == Platform.web {
                forgotten.chatMessages = try await transaction.execute("DELETE FROM chat_message WHERE room = \(family.externalID) RETURNING 1")
            }
            guard let familyID = try await FamilyRows.id(of: family, in: transaction) else { return forgotten }
            let pictures = { () async throws -> Int in try await transaction.rows("SELECT COUNT(*) AS n FROM image").first?["n"] ?? 0 }
            let picturesBefore = try await pictures()
            let storyIDs: [String] = try await transaction.rows("SELECT id FROM story WHERE family_id = \(familyID)").map { try $0["id"] }
            forgotten.stories = try await PostgresStoryRepository.delete(stories: storyIDs, in: transaction)
            forgotten.storyIDs = storyIDs.compactMap(StoryID.init(rawValue:))
            forgotten.pictures = picturesBefore - (try await pictures())
            forgotten.collections = try await transaction.rows("""
                SELECT COUNT(*) AS n FROM growth_collection WHERE family_id = \(familyID)
                """).first?["n"] ?? 0
            // The family row's foreign keys cascade to its collections (and their entries),
            // reading days, achievements, settings and cast.
            let portraits: [String] = try await transaction.rows("""
                SELECT DISTINCT portrait_id FROM cast_member WHERE family_id = \(familyID) AND portrait_id IS NOT NULL
                """).map { try $0["portrait_id"] }
            try await transaction.execute("DELETE FROM family WHERE id = \(familyID)")
            // The cast went with the family; its portraits go too unless something else shows them.
            try await PostgresCastStore.deleteUnusedImages(portraits, in: transaction)
            forgotten.pictures = picturesBefore - (try await pictures())
            return forgotten
        }
    }
}
