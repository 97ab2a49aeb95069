import Foundation
import StoryDomain

/// Stories, pages and pictures, written once for both engines. Every write is one transaction
/// (or one statement). Pictures are content-addressed (``MediaTable``): a picture saved twice is
/// stored once. What each engine does its own way (the page turn's read, telling other processes
/// of a painted page) is its ``StoryRepositoryEngine``.
public struct SQLStoryRepository: StoryRepository {
    private let executor: any SQLExecutor
    private let engine: any StoryRepositoryEngine
    private let clock: any WallClock
    /// Decoded character sheets and scenes for page views (JSON decoding was the largest cost of
    /// a page turn after the picture itself).
    private let sheets = JSONColumnCache<CharacterSheet>(capacity: 256)
    private let scenes = JSONColumnCache<PageScene>(capacity: 1_024)

    public init(database: some SQLDatabase, engine: some StoryRepositoryEngine, clock: any WallClock) {
        executor = database.executor
        self.engine = engine
        self.clock = clock
    }

    public func story(forRequest requestID: String, on platform: Platform) async throws -> StoryID? {
        let raw: String? = try await executor.row("""
            SELECT story_id FROM job WHERE request_key = \(JobTable.requestKey(requestID, platform: platform))
            """)?["story_id"]
        return raw.flatMap(StoryID.init(rawValue:))
    }

    public func createStory(_ story: Story, delivery: DeliveryAddress, quota: DailyQuota?) async throws -> StoryJob {
        let now = clock.now()
        return try await executor.transaction { executor in
            try await Self.insert(story, delivery: delivery, quota: quota, at: now, in: executor)
        }
    }

    /// Inserts a story and its job inside the caller's transaction. With a quota, the
    /// requester's uses of the quota's pool that day are counted first (the domain's
    /// ``DailyQuota/admit(used:at:)`` decides) and this one is written to the ledger, in the
    /// same transaction, so two requests at once cannot both take the last slot (SQLite: the
    /// transaction holds the only write lock; PostgreSQL: a transaction-scoped advisory lock on
    /// the requester, for every process). Idle workers are woken once it commits.
    public static func insert(_ story: Story, delivery: DeliveryAddress, quota: DailyQuota?, at now: Date,
                              in executor: any SQLExecutor) async throws -> StoryJob {
        let platform = story.family.platform
        if let quota {
            if executor.dialect == .postgres {
                try await executor.execute("""
                    SELECT pg_advisory_xact_lock(hashtextextended(\(platform) || ':' || \(story.requester.userID), 0))
                    """)
            }
            let used = try await started(by: story.requester, on: platform, since: quota.day(containing: now).start, pool: quota.pool,
                                         in: executor)
            try quota.admit(used: used, at: now)
        }
        let familyID = try await FamilyTable.findOrCreate(story.family, at: now, in: executor)
        let request = story.request
        let avoid = request.avoid.isEmpty ? nil : try JSONColumn.encode(request.avoid)
        try await executor.execute("""
            INSERT INTO story (id, family_id, requester_id, requester_name, theme, hero_name, age, companion, page_count, language,
                seed, title, sheet_json, status, failure_reason, created_at, avoid_json, illustrations, hero_sheet_json,
                audience, hero_pronouns, gentle)
            VALUES (\(story.id.rawValue), \(familyID), \(story.requester.userID), \(story.requester.displayName), \(request.theme),
                \(request.heroName), \(request.age), \(request.companion), \(request.pageCount), \(request.language.rawValue),
                \(Int64(bitPattern: request.seed)), \(story.title), \(try story.sheet.map(JSONColumn.encode)), \(story.status.rawValue),
                \(story.failureReason), \(story.createdAt), \(avoid), \(request.illustrations.rawValue),
                \(try request.heroSheet.map(JSONColumn.encode)), \(request.audience?.rawValue), \(request.heroPronouns?.rawValue),
                \(request.gentle))
            """)
        if let chapter = request.chapter {
            try await executor.execute("""
                INSERT INTO story_chapter (story_id, series_id, previous_story_id, chapter_number, previous_title, previous_summary)
                VALUES (\(story.id.rawValue), \(chapter.seriesID.rawValue), \(chapter.previousStoryID.rawValue), \(chapter.number),
                    \(chapter.previousTitle), \(chapter.previousSummary))
                """)
        }
        if let quota {
            try await executor.execute("""
                INSERT INTO quota_use (platform, requester_id, story_id, used_at, pool)
                VALUES (\(platform), \(story.requester.userID), \(story.id.rawValue), \(now), \(quota.pool.rawValue))
                """)
        }
        let key = delivery.requestID.map { JobTable.requestKey($0, platform: delivery.platform) }
        guard let row = try await executor.row("""
            INSERT INTO job (story_id, status, attempts, delivery_json, not_before, created_at, updated_at, request_key)
            VALUES (\(story.id.rawValue), \(JobStatus.queued.rawValue), 0, \(try JSONColumn.encode(delivery)), \(now), \(now), \(now), \(key))
            RETURNING *
            """) else { throw StoreSQLError.corrupt("job", "insert returned nothing") }
        try await JobTable.wakeWorkers("queued", in: executor)
        return try JobTable.job(from: row)
    }

    public func storiesStarted(by requester: Requester, on platform: Platform, since: Date, pool: DailyQuota.Pool) async throws -> Int {
        try await Self.started(by: requester, on: platform, since: since, pool: pool, in: executor)
    }

    /// Quota uses of `pool` in the ledger since `since`, refunded ones (stories failed by the service's fault) excluded.
    /// Deleted stories still count: the ledger keeps their rows.
    static func started(by requester: Requester, on platform: Platform, since: Date, pool: DailyQuota.Pool,
                        in executor: any SQLExecutor) async throws -> Int {
        try await executor.row("""
            SELECT COUNT(*) AS n FROM quota_use
            WHERE platform = \(platform) AND requester_id = \(requester.userID) AND used_at >= \(since) AND refunded = \(false)
              AND pool = \(pool.rawValue)
            """)?["n"] ?? 0
    }

    public func story(_ id: StoryID) async throws -> Story? {
        try await Self.story(id, in: executor)
    }

    static func story(_ id: StoryID, in executor: any SQLExecutor) async throws -> Story? {
        try await executor.row("\(StoryTable.selectWithFamily) WHERE story.id = \(id.rawValue)").map { try StoryTable.story(from: $0) }
    }

    /// Idempotent: pages already saved are kept.
    public func saveText(_ written: WrittenStory, for id: StoryID, heldBy claim: JobClaim?) async throws {
        let sheet = try JSONColumn.encode(written.sheet)
        let pages: [SQLStatement] = try written.pages.enumerated().map { index, page in
            "(\(id.rawValue), \(index + 1), \(page.text), \(try JSONColumn.encode(page.scene)), \(page.imagePrompt))"
        }
        try await executor.transaction { executor in
            try Self.require(claim, changed: try await executor.execute("""
                UPDATE story SET title = \(written.title), sheet_json = \(sheet), status = \(StoryStatus.illustrating.rawValue)
                WHERE id = \(id.rawValue) \(Self.held(by: claim, story: id))
                """))
            guard let first = pages.first else { return }
            let values = pages.dropFirst().reduce(first) { list, page in "\(list), \(page)" }
            try await executor.execute("""
                INSERT INTO page (story_id, number, text, scene_json, image_prompt) VALUES \(values)
                ON CONFLICT (story_id, number) DO NOTHING
                """)
        }
    }

    public func saveIllustration(_ illustration: Illustration, chatForm: ChatForm?, for id: StoryID, page: Int,
                                 heldBy claim: JobClaim?) async throws -> ImageID {
        let now = clock.now()
        let notice = engine.picturePainted(id, page: page)
        return try await executor.transaction { executor in
            if claim != nil {
                // First, so the job's row is locked (PostgreSQL) before anything is written.
                try Self.require(claim, changed: try await executor.rows("SELECT 1 AS held WHERE 1 = 1 \(Self.held(by: claim, story: id))").count)
            }
            let imageID = try await MediaTable.keep(illustration, at: now, in: executor)
            if let chatForm { try await Self.keep(chatForm, of: imageID, in: executor) }
            try await executor.execute("UPDATE page SET image_id = \(imageID) WHERE story_id = \(id.rawValue) AND number = \(page)")
            if let notice { try await executor.execute(notice) }
            return ImageID(rawValue: imageID)
        }
    }

    public func pages(of id: StoryID) async throws -> [StoryPage] {
        try await executor.rows("SELECT * FROM page WHERE story_id = \(id.rawValue) ORDER BY number").map { try StoryTable.page(from: $0) }
    }

    public func pageSnapshot(_ id: StoryID, page: Int) async throws -> PageSnapshot? {
        try await snapshot(id, page: page, withPicture: false)
    }

    /// One read: the picture in the page's own statement where the engine reads it so
    /// (measured: docs/benchmarks.md#the-page-snapshot-statement).
    public func pageSnapshotWithPicture(_ id: StoryID, page: Int) async throws -> PageSnapshot? {
        try await snapshot(id, page: page, withPicture: engine.readsPictureWithPage)
    }

    /// The hot path of every page turn: one statement, on the engine's page-turn reader.
    private func snapshot(_ id: StoryID, page: Int, withPicture: Bool) async throws -> PageSnapshot? {
        guard let row = try await engine.pageTurnRows(Self.pageSnapshot(id, page: page, withPicture: withPicture)).first else {
            return nil
        }
        let imageID: ImageID? = (try row["page_image"] as String?).map(ImageID.init(rawValue:))
        let storyPage = StoryPage(storyID: id, number: try row["page_number"], text: try row["page_text"],
                                  scene: try scenes.decode(try row["page_scene"]), imagePrompt: try row["page_prompt"], imageID: imageID)
        var picture: StoredImage?
        if let imageID, let data: Data = try row["picture_data"] {
            picture = StoredImage(id: imageID, contentType: try row["picture_type"], data: data, width: try row["picture_width"],
                                  height: try row["picture_height"])
        }
        return PageSnapshot(story: try StoryTable.story(from: row, sheets: sheets.decode), page: storyPage, picture: picture)
    }

    /// A page and its story, and with `withPicture` the page's picture as chats are sent it (its
    /// kept chat form: the copy, or the stored picture when it is sent as stored; none while no
    /// form is kept: `coalesce` reads the stored bytes only for a picture sent as stored). Its
    /// text does not depend on the values (one prepared statement serves every turn).
    public static func pageSnapshot(_ id: StoryID, page: Int, withPicture: Bool) -> SQLStatement {
        """
        \(StoryTable.selectNamedWithFamily),
            page.number AS page_number, page.text AS page_text, page.scene_json AS page_scene,
            page.image_prompt AS page_prompt, page.image_id AS page_image,
            coalesce(chat_picture.content_type, image.content_type) AS picture_type,
            image.width AS picture_width, image.height AS picture_height,
            coalesce(chat_picture.data, image.data) AS picture_data
        \(StoryTable.fromWithFamily)
        JOIN page ON page.story_id = story.id AND page.number = \(page)
        LEFT JOIN chat_picture ON \(withPicture) AND chat_picture.image_id = page.image_id
        LEFT JOIN image ON chat_picture.image_id IS NOT NULL AND image.id = chat_picture.image_id
        WHERE story.id = \(id.rawValue)
        """
    }

    /// One statement, also under a claim.
    public func setStatus(_ status: StoryStatus, for id: StoryID, reason: String?, heldBy claim: JobClaim?) async throws {
        try Self.require(claim, changed: try await executor.execute("""
            UPDATE story SET status = \(status.rawValue), failure_reason = \(reason)
            WHERE id = \(id.rawValue) \(Self.held(by: claim, story: id))
            """))
    }

    public func markFailed(_ id: StoryID, reason: String, refundingQuota: Bool, heldBy claim: JobClaim?) async throws {
        try await executor.transaction { executor in
            try Self.require(claim, changed: try await executor.execute("""
                UPDATE story SET status = \(StoryStatus.failed.rawValue), failure_reason = \(reason)
                WHERE id = \(id.rawValue) \(Self.held(by: claim, story: id))
                """))
            if refundingQuota {
                try await executor.execute("UPDATE quota_use SET refunded = \(true) WHERE story_id = \(id.rawValue)")
            }
        }
    }

    /// `AND` the story's job still running under `claim` (nothing without a claim), for a story
    /// write's `WHERE`: the write and its condition are one statement. On PostgreSQL the job's
    /// row is locked until the write commits (a sweep or another process's claim waits, and a
    /// change committed meanwhile is seen), so the write lands while the job is held or not at
    /// all; a SQLite write holds the only write lock already.
    static func held(by claim: JobClaim?, story id: StoryID) -> SQLStatement {
        guard let claim else { return "" }
        return """
            AND EXISTS (SELECT 1 FROM job WHERE job.id = \(claim.jobID) AND job.story_id = \(id.rawValue)
                AND job.status = \(JobStatus.running.rawValue) AND job.locked_by = \(claim.owner) \(.lockRows))
            """
    }

    /// Throws ``JobLeaseLost`` when a write made under `claim` changed nothing (the job is no
    /// longer the claim's, or the story is gone with it); inside a transaction, it rolls back.
    static func require(_ claim: JobClaim?, changed: Int) throws {
        if let claim, changed == 0 { throw JobLeaseLost(jobID: claim.jobID) }
    }

    /// Its reads are not one snapshot: a chain deleted meanwhile is left out.
    public func library(of family: FamilyRef, offset: Int, limit: Int) async throws -> LibraryPage {
        guard let familyID = try await FamilyTable.id(of: family, in: executor) else {
            return LibraryPage(items: [], total: 0, offset: offset)
        }
        // A chain of chapters is one entry, placed by its newest chapter.
        let total: Int = try await executor.row("""
            SELECT COUNT(DISTINCT coalesce(story_chapter.series_id, story.id)) AS n
            FROM story LEFT JOIN story_chapter ON story_chapter.story_id = story.id WHERE story.family_id = \(familyID)
            """)?["n"] ?? 0
        let series: [String] = try await executor.rows("""
            SELECT coalesce(story_chapter.series_id, story.id) AS series
            FROM story LEFT JOIN story_chapter ON story_chapter.story_id = story.id WHERE story.family_id = \(familyID)
            GROUP BY 1 ORDER BY max(story.created_at) DESC, max(story.\(.insertionOrder)) DESC LIMIT \(limit) OFFSET \(offset)
            """).map { try $0["series"] }
        var items: [StorySummary] = []
        for id in series {
            let chain = try await chapters(ofSeries: id, where: "story.family_id = \(familyID)")
            if let entry = StorySummary.libraryEntry(ofChain: chain) { items.append(entry) }
        }
        return LibraryPage(items: items, total: total, offset: offset)
    }

    public func chapters(ofSeries seriesID: StoryID, in family: FamilyRef) async throws -> [StorySummary] {
        try await chapters(ofSeries: seriesID.rawValue, where: Self.belongs(to: family))
    }

    /// The chain's kept chapters (meeting `condition`) in reading order.
    private func chapters(ofSeries seriesID: String, where condition: SQLStatement) async throws -> [StorySummary] {
        try await executor.rows("""
            \(StoryTable.selectWithFamily)
            WHERE \(condition) AND (story.id = \(seriesID) OR story_chapter.series_id = \(seriesID))
            ORDER BY coalesce(story_chapter.chapter_number, 1), story.\(.insertionOrder)
            """).map { StorySummary(try StoryTable.story(from: $0)) }
    }

    public func findStories(in family: FamilyRef, matching text: String, limit: Int) async throws -> [StorySummary] {
        try await Self.stories(matching: text, where: "\(Self.belongs(to: family)) AND", limit: limit, in: executor).map(StorySummary.init)
    }

    /// Stories of any family whose title or theme contains `text`, newest first: for operators
    /// on the command line (`magical-stories story book`), who name a story without its family.
    public func findStoriesInAllFamilies(matching text: String, limit: Int) async throws -> [Story] {
        try await Self.stories(matching: text, limit: limit, in: executor)
    }

    /// The condition on ``StoryTable/selectWithFamily``'s rows: the story is `family`'s.
    private static func belongs(to family: FamilyRef) -> SQLStatement {
        "family.platform = \(family.platform) AND family.external_id = \(family.externalID)"
    }

    /// Stories (meeting `condition`, a fragment ending in `AND`) whose title or theme contains
    /// `text`, ignoring case (SQLite's `LIKE` folds ASCII letters, as its `lower` does), newest first.
    static func stories(matching text: String, where condition: SQLStatement = "", limit: Int,
                        in executor: any SQLExecutor) async throws -> [Story] {
        let pattern = StoryTable.containing(text)
        return try await executor.rows("""
            \(StoryTable.selectWithFamily)
            WHERE \(condition) (lower(coalesce(story.title, '')) LIKE lower(\(pattern)) ESCAPE '\\'
                OR lower(story.theme) LIKE lower(\(pattern)) ESCAPE '\\')
            ORDER BY story.created_at DESC, story.\(.insertionOrder) DESC LIMIT \(limit)
            """).map { try StoryTable.story(from: $0) }
    }

    public func deleteStory(_ id: StoryID) async throws -> Bool {
        try await executor.transaction { executor in try await StoryTable.delete(stories: [id.rawValue], in: executor) > 0 }
    }

    public func image(_ id: ImageID) async throws -> StoredImage? {
        try await engine.pageTurnRows("SELECT content_type, data, width, height FROM image WHERE id = \(id.rawValue)").first
            .map { try Self.image(id, from: $0) }
    }

    /// On the page-turn reader: the kept copy, or the stored picture when it is sent as stored
    /// (`coalesce` reads the stored picture's bytes only when no copy was kept).
    public func chatPicture(_ id: ImageID) async throws -> StoredImage? {
        try await engine.pageTurnRows("""
            SELECT coalesce(chat_picture.content_type, image.content_type) AS content_type,
                coalesce(chat_picture.data, image.data) AS data, image.width, image.height
            FROM chat_picture JOIN image ON image.id = chat_picture.image_id WHERE chat_picture.image_id = \(id.rawValue)
            """).first.map { try Self.image(id, from: $0) }
    }

    public func saveChatForm(_ form: ChatForm, of id: ImageID) async throws {
        try await Self.keep(form, of: id.rawValue, in: executor)
    }

    /// Keeps `form` for the picture `imageID` unless one is kept already or the picture is gone
    /// (a picture sent as stored keeps no bytes of its own).
    static func keep(_ form: ChatForm, of imageID: String, in executor: any SQLExecutor) async throws {
        let kept: SQLStatement = if case let .copy(type, data) = form {
            "INSERT INTO chat_picture (image_id, content_type, data) SELECT id, \(type), \(data)"
        } else {
            "INSERT INTO chat_picture (image_id) SELECT id"
        }
        try await executor.execute("\(kept) FROM image WHERE id = \(imageID) ON CONFLICT (image_id) DO NOTHING")
    }

    private static func image(_ id: ImageID, from row: any SQLRow) throws -> StoredImage {
        StoredImage(id: id, contentType: try row["content_type"], data: try row["data"], width: try row["width"], height: try row["height"])
    }
}
