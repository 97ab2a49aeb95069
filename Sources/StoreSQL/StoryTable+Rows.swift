import Foundation
import StoryDomain

/// Reading stories and pages from rows, whichever engine read them.
extension StoryTable {
    /// A story's own columns, named (a prepared statement must not select `*`: it fails once a
    /// migration adds a column).
    static let storyColumns = """
        story.id, story.family_id, story.requester_id, story.requester_name, story.theme, story.hero_name, story.age,
        story.companion, story.page_count, story.language, story.seed, story.title, story.sheet_json, story.status,
        story.failure_reason, story.created_at, story.avoid_json, story.illustrations, story.hero_sheet_json, story.read_at,
        story.audience, story.hero_pronouns, story.gentle
        """

    /// The columns of a story with its family, its place in a collection and its chapter, if any
    /// (``fromWithFamily`` names the tables).
    public static let selectNamedWithFamily = SQLStatement(verbatim: """
        SELECT \(storyColumns), family.platform AS family_platform, family.external_id AS family_external_id,
            collection_entry.collection_id AS link_collection, collection_entry.position AS link_position,
            collection_entry.question AS link_question, growth_collection.story_count AS link_count,
            story_chapter.series_id AS chapter_series, story_chapter.previous_story_id AS chapter_previous,
            story_chapter.chapter_number AS chapter_number, story_chapter.previous_title AS chapter_previous_title,
            story_chapter.previous_summary AS chapter_previous_summary
        """)

    /// The tables ``selectNamedWithFamily`` reads.
    public static let fromWithFamily = SQLStatement(verbatim: """
        FROM story JOIN family ON family.id = story.family_id
        LEFT JOIN collection_entry ON collection_entry.story_id = story.id
        LEFT JOIN growth_collection ON growth_collection.id = collection_entry.collection_id
        LEFT JOIN story_chapter ON story_chapter.story_id = story.id
        """)

    /// A story with its family, its place in a collection and its chapter, if any: read with ``story(from:sheets:)``.
    public static let selectWithFamily: SQLStatement = "\(selectNamedWithFamily)\n\(fromWithFamily)"

    /// `%text%` for `LIKE … ESCAPE '\'`: the text's own `%`, `_` and `\` match themselves.
    public static func containing(_ text: String) -> String {
        "%" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_") + "%"
    }

    /// Decodes a row selected by ``selectWithFamily``.
    /// - Parameter sheets: decodes the character sheet columns (a cache on hot paths).
    public static func story(from row: some SQLRow, sheets: ((String) throws -> CharacterSheet)? = nil) throws -> Story {
        let rawID: String = try row["id"]
        guard let id = StoryID(rawValue: rawID) else { throw StoreSQLError.corrupt("story", "bad id \(rawID)") }
        let sheet = sheets ?? { try JSONColumn.decode(CharacterSheet.self, from: $0) }
        let avoid: String? = try row["avoid_json"]
        let heroSheet: String? = try row["hero_sheet_json"]
        let sheetText: String? = try row["sheet_json"]
        let seed: Int64 = try row["seed"]
        var request = StoryRequest(
            theme: try row["theme"], heroName: try row["hero_name"], age: try row["age"], companion: try row["companion"],
            pageCount: try row["page_count"], language: StoryLanguage(rawValue: try row["language"]) ?? .english,
            seed: UInt64(bitPattern: seed), avoid: try avoid.map { try JSONColumn.decode([String].self, from: $0) } ?? [],
            illustrations: IllustrationMode(rawValue: try row["illustrations"]) ?? .pictures, heroSheet: try heroSheet.map(sheet))
        let audience: String? = try row["audience"]
        request.audience = audience.flatMap(StoryAudience.init(rawValue:))
        let heroPronouns: String? = try row["hero_pronouns"]
        request.heroPronouns = heroPronouns.flatMap(Pronouns.init(rawValue:))
        request.gentle = try row["gentle"]
        var story = Story(id: id, family: FamilyRef(platform: Platform(rawValue: try row["family_platform"]),
                                                    externalID: try row["family_external_id"]),
                          requester: Requester(userID: try row["requester_id"], displayName: try row["requester_name"]),
                          request: request, title: try row["title"], sheet: try sheetText.map(sheet),
                          status: StoryStatus(rawValue: try row["status"]) ?? .failed, createdAt: try row["created_at"],
                          failureReason: try row["failure_reason"], readAt: try row["read_at"])
        let link: String? = try row["link_collection"]
        if let link, let collectionID = CollectionID(rawValue: link) {
            story.collection = CollectionLink(collectionID: collectionID, position: try row["link_position"],
                                              storyCount: try row["link_count"], question: try row["link_question"])
        }
        let series: String? = try row["chapter_series"]
        let previous: String? = try row["chapter_previous"]
        if let series = series.flatMap(StoryID.init(rawValue:)), let previous = previous.flatMap(StoryID.init(rawValue:)) {
            story.request.chapter = ChapterLink(seriesID: series, previousStoryID: previous, number: try row["chapter_number"],
                                                previousTitle: try row["chapter_previous_title"],
                                                previousSummary: try row["chapter_previous_summary"])
        }
        return story
    }

    /// Decodes a row of `page` (its own column names).
    /// - Parameter scenes: decodes the scene column (a cache on hot paths).
    public static func page(from row: some SQLRow, scenes: ((String) throws -> PageScene)? = nil) throws -> StoryPage {
        let rawID: String = try row["story_id"]
        guard let id = StoryID(rawValue: rawID) else { throw StoreSQLError.corrupt("page", "bad id") }
        let imageID: String? = try row["image_id"]
        let sceneText: String = try row["scene_json"]
        return StoryPage(storyID: id, number: try row["number"], text: try row["text"],
                         scene: try scenes.map { try $0(sceneText) } ?? JSONColumn.decode(PageScene.self, from: sceneText),
                         imagePrompt: try row["image_prompt"], imageID: imageID.map(ImageID.init(rawValue:)))
    }
}
