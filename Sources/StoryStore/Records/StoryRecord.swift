import Foundation
import GRDB
import StoryDomain

/// A row of `story`, as the collection store inserts it until it moves onto the shared layer
/// (``SQLStoryRepository`` reads and writes stories for both engines).
struct StoryRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "story"
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

    var id: String
    var familyId: Int64
    var requesterId: String
    var requesterName: String
    var theme: String
    var heroName: String
    var age: Int
    var companion: String?
    var pageCount: Int
    var language: String
    var seed: Int64
    var title: String?
    var sheetJson: String?
    var status: String
    var failureReason: String?
    var createdAt: Date
    var avoidJson: String?
    var illustrations: String
    var heroSheetJson: String?
    var readAt: Date?
    /// ``StoryAudience``; nil on stories made before it was kept (the family's).
    var audience: String?
    /// ``StoryRequest/heroPronouns``; nil on stories made before, and when the hero has none.
    var heroPronouns: String?

    init(_ story: Story, familyID: Int64) throws {
        id = story.id.rawValue
        familyId = familyID
        requesterId = story.requester.userID
        requesterName = story.requester.displayName
        theme = story.request.theme
        heroName = story.request.heroName
        age = story.request.age
        companion = story.request.companion
        pageCount = story.request.pageCount
        language = story.request.language.rawValue
        seed = Int64(bitPattern: story.request.seed)
        title = story.title
        sheetJson = try story.sheet.map(JSONColumn.encode)
        status = story.status.rawValue
        failureReason = story.failureReason
        createdAt = story.createdAt
        avoidJson = story.request.avoid.isEmpty ? nil : try JSONColumn.encode(story.request.avoid)
        illustrations = story.request.illustrations.rawValue
        heroSheetJson = try story.request.heroSheet.map(JSONColumn.encode)
        readAt = nil
        audience = story.request.audience?.rawValue
        heroPronouns = story.request.heroPronouns?.rawValue
    }
}
