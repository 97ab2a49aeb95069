import Foundation
import GRDB
import StoryDomain

/// A row of `story`.
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

    /// Decodes by column name without `Codable`'s snake-case key conversion: this runs on every
    /// page turn.
    init(row: Row) throws {
        id = row["id"]
        familyId = row["family_id"]
        requesterId = row["requester_id"]
        requesterName = row["requester_name"]
        theme = row["theme"]
        heroName = row["hero_name"]
        age = row["age"]
        companion = row["companion"]
        pageCount = row["page_count"]
        language = row["language"]
        seed = row["seed"]
        title = row["title"]
        sheetJson = row["sheet_json"]
        status = row["status"]
        failureReason = row["failure_reason"]
        createdAt = row["created_at"]
        avoidJson = row["avoid_json"]
        illustrations = row["illustrations"]
        heroSheetJson = row["hero_sheet_json"]
        readAt = row["read_at"]
        audience = row["audience"]
        heroPronouns = row["hero_pronouns"]
    }

    /// The domain value; `family` comes from the joined family row.
    /// - Parameter sheets: decodes the character sheet columns (a cache on hot paths).
    func story(family: FamilyRef, sheets: ((String) throws -> CharacterSheet)? = nil) throws -> Story {
        let sheet = sheets ?? { try JSONColumn.decode(CharacterSheet.self, from: $0) }
        guard let storyID = StoryID(rawValue: id) else { throw StoreError(kind: .corrupt, path: "story", detail: "bad id \(id)") }
        var request = StoryRequest(
            theme: theme, heroName: heroName, age: age, companion: companion, pageCount: pageCount,
            language: StoryLanguage(rawValue: language) ?? .english, seed: UInt64(bitPattern: seed),
            avoid: try avoidJson.map { try JSONColumn.decode([String].self, from: $0) } ?? [],
            illustrations: IllustrationMode(rawValue: illustrations) ?? .pictures,
            heroSheet: try heroSheetJson.map(sheet))
        request.audience = audience.flatMap(StoryAudience.init(rawValue:))
        request.heroPronouns = heroPronouns.flatMap(Pronouns.init(rawValue:))
        return Story(id: storyID, family: family, requester: Requester(userID: requesterId, displayName: requesterName),
                     request: request, title: title, sheet: try sheetJson.map(sheet),
                     status: StoryStatus(rawValue: status) ?? .failed, createdAt: createdAt, failureReason: failureReason,
                     readAt: readAt)
    }

    /// Selects a story with its family's platform and external id.
    static let selectWithFamily = """
        SELECT story.*, family.platform AS family_platform, family.external_id AS family_external_id,
            collection_entry.collection_id AS link_collection, collection_entry.position AS link_position,
            collection_entry.question AS link_question, growth_collection.story_count AS link_count,
            story_chapter.series_id AS chapter_series, story_chapter.previous_story_id AS chapter_previous,
            story_chapter.chapter_number AS chapter_number, story_chapter.previous_title AS chapter_previous_title,
            story_chapter.previous_summary AS chapter_previous_summary
        FROM story JOIN family ON family.id = story.family_id
        LEFT JOIN collection_entry ON collection_entry.story_id = story.id
        LEFT JOIN growth_collection ON growth_collection.id = collection_entry.collection_id
        LEFT JOIN story_chapter ON story_chapter.story_id = story.id
        """

    /// Decodes a row selected by ``selectWithFamily``.
    static func story(from row: Row, sheets: ((String) throws -> CharacterSheet)? = nil) throws -> Story {
        let record = try StoryRecord(row: row)
        var story = try record.story(family: FamilyRef(platform: row["family_platform"], externalID: row["family_external_id"]),
                                     sheets: sheets)
        if let raw: String = row["link_collection"], let id = CollectionID(rawValue: raw) {
            story.collection = CollectionLink(collectionID: id, position: row["link_position"], storyCount: row["link_count"],
                                              question: row["link_question"])
        }
        if let series = (row["chapter_series"] as String?).flatMap(StoryID.init(rawValue:)),
           let previous = (row["chapter_previous"] as String?).flatMap(StoryID.init(rawValue:)) {
            story.request.chapter = ChapterLink(seriesID: series, previousStoryID: previous, number: row["chapter_number"],
                                                previousTitle: row["chapter_previous_title"],
                                                previousSummary: row["chapter_previous_summary"])
        }
        return story
    }
}
