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

/// Reading stories, pages and pictures from rows.
enum StoryRows {
    /// A story's own columns, named (a prepared statement must not select `*`).
    static let storyColumns = """
        story.id, story.family_id, story.requester_id, story.requester_name, story.theme, story.hero_name, story.age,
        story.companion, story.page_count, story.language, story.seed, story.title, story.sheet_json, story.status,
        story.failure_reason, story.created_at, story.avoid_json, story.illustrations, story.hero_sheet_json, story.read_at,
        story.audience, story.hero_pronouns
        """

    /// The columns of a story with its family, its place in a collection and its chapter, if any
    /// (``fromWithFamily`` names the tables).
    static let selectNamedWithFamily = """
        SELECT \(storyColumns), family.platform AS family_platform, family.external_id AS family_external_id,
            collection_entry.collection_id AS link_collection, collection_entry.position AS link_position,
            collection_entry.question AS link_question, growth_collection.story_count AS link_count,
            story_chapter.series_id AS chapter_series, story_chapter.previous_story_id AS chapter_previous,
            story_chapter.chapter_number AS chapter_number, story_chapter.previous_title AS chapter_previous_title,
            story_chapter.previous_summary AS chapter_previous_summary
        """

    /// The tables ``selectNamedWithFamily`` reads.
    static let fromWithFamily = """
        FROM story JOIN family ON family.id = story.family_id
        LEFT JOIN collection_entry ON collection_entry.story_id = story.id
        LEFT JOIN growth_collection ON growth_collection.id = collection_entry.collection_id
        LEFT JOIN story_chapter ON story_chapter.story_id = story.id
        """

    /// A story with its family and its place in a collection, if any.
    static let selectWithFamily = selectNamedWithFamily + "\n" + fromWithFamily

    static func story(_ row: Columns) throws -> Story {
        let rawID: String = try row["id"]
        guard let id = StoryID(rawValue: rawID) else { throw corrupt("story", "bad id \(rawID)") }
        let sheet = { (text: String) in try JSONColumn.decode(CharacterSheet.self, from: text) }
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
        var story = Story(id: id, family: PlatformColumn.family(platform: try row["family_platform"], externalID: try row["family_external_id"]),
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

    static func page(_ row: Columns) throws -> StoryPage {
        let rawID: String = try row["story_id"]
        guard let id = StoryID(rawValue: rawID) else { throw corrupt("page", "bad id") }
        let imageID: String? = try row["image_id"]
        return StoryPage(storyID: id, number: try row["number"], text: try row["text"],
                         scene: try JSONColumn.decode(PageScene.self, from: try row["scene_json"]),
                         imagePrompt: try row["image_prompt"], imageID: imageID.map(ImageID.init(rawValue:)))
    }

    static func job(_ row: Columns) throws -> StoryJob {
        let rawID: String = try row["story_id"]
        guard let storyID = StoryID(rawValue: rawID) else { throw corrupt("job", "bad job row") }
        let status: String = try row["status"]
        return StoryJob(id: try row["id"], storyID: storyID, status: JobStatus(rawValue: status) ?? .queued,
                        attempts: try row["attempts"],
                        delivery: try JSONColumn.decode(DeliveryAddress.self, from: try row["delivery_json"]),
                        notBefore: try row["not_before"], lastError: try row["last_error"], deliveredAt: try row["delivered_at"],
                        lockedBy: try row["locked_by"], leaseUntil: try row["lease_until"],
                        leaseExpiries: try row["lease_expiries"])
    }

    static func summary(_ story: Story) -> StorySummary {
        StorySummary(story)
    }

    static func corrupt(_ table: String, _ detail: String) -> PostgresStoreError { .corrupt(table, detail) }
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
        guard let id = try await id(of: family, in: transaction) else { throw StoryRows.corrupt("family", "vanished") }
        return id
    }

    static func id(of family: FamilyRef, in transaction: Transaction) async throws -> Int64? {
        try await transaction.rows("""
            SELECT id FROM family WHERE platform = \(PlatformColumn.text(family.platform)) AND external_id = \(family.externalID)
            """).first?["id"]
    }
}
