import Foundation
import StoryDomain

/// Forgets a family's data, in one transaction.
public struct SQLFamilyDataStore: FamilyDataStore {
    private let executor: any SQLExecutor

    public init(database: some SQLDatabase) { executor = database.executor }

    public func forget(_ family: FamilyRef) async throws -> ForgottenFamilyData {
        try await executor.transaction { executor in
            var forgotten = ForgottenFamilyData()
            if family.platform == Platform.web {
                forgotten.chatMessages = try await executor.execute("DELETE FROM chat_message WHERE room = \(family.externalID)")
            }
            guard let familyID = try await FamilyTable.id(of: family, in: executor) else { return forgotten }
            let pictures = { () async throws -> Int in try await executor.row("SELECT COUNT(*) AS n FROM image")?["n"] ?? 0 }
            let picturesBefore = try await pictures()
            let storyIDs: [String] = try await executor.rows("SELECT id FROM story WHERE family_id = \(familyID)").map { try $0["id"] }
            forgotten.stories = try await StoryTable.delete(stories: storyIDs, in: executor)
            forgotten.storyIDs = storyIDs.compactMap(StoryID.init(rawValue:))
            forgotten.collections = try await executor.row("SELECT COUNT(*) AS n FROM growth_collection WHERE family_id = \(familyID)")?["n"] ?? 0
            // The family row's foreign keys cascade to its collections (and their entries),
            // reading days, achievements, settings and cast.
            let portraits: [String] = try await executor.rows("""
                SELECT DISTINCT portrait_id FROM cast_member WHERE family_id = \(familyID) AND portrait_id IS NOT NULL
                """).map { try $0["portrait_id"] }
            try await executor.execute("DELETE FROM family WHERE id = \(familyID)")
            // The cast went with the family; its portraits go too unless something else shows them.
            try await MediaTable.deleteUnusedImages(portraits, in: executor)
            forgotten.pictures = picturesBefore - (try await pictures())
            return forgotten
        }
    }
}
