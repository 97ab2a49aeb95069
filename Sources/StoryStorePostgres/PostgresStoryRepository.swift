import Foundation
import PostgresNIO
import StoryDomain

/// Stories, pages and pictures in PostgreSQL. Every method is one transaction (or one statement).
/// Pictures are content-addressed: `image.id` is the SHA-256 of the bytes (``ContentAddress``,
/// as the SQLite store computes it), so a picture saved twice is stored once. With an `origin` (this
/// process's id), each saved picture is announced to the other processes (`NOTIFY` in the saving
/// statement, ids only), which fill in the pages they show waiting for it
/// (``PostgresPaintedPageFeed``).
public struct PostgresStoryRepository: StoryRepository {
    private let database: PostgresDatabase
    private let clock: any WallClock
    private let origin: String?

    public init(database: PostgresDatabase, clock: any WallClock, origin: String? = nil) {
        self.database = database
        self.clock = clock
        self.origin = origin
    }

    public func story(forRequest requestID: String, on platform: Platform) async throws -> StoryID? {
        let key = Self.requestKey(requestID, platform: PlatformColumn.text(platform))
        let raw: String? = try await database.rows("SELECT story_id FROM job WHERE request_key = \(key)").first?["story_id"]
        return raw.flatMap(StoryID.init(rawValue:))
    }

    public func createStory(_ story: Story, delivery: DeliveryAddress, quota: DailyQuota?) async throws -> StoryJob {
        let now = clock.now()
        return try await database.transaction { transaction in
            try await Self.insert(story, delivery: delivery, quota: quota, at: now, in: transaction)
        }
    }

    /// `platform:requestID` of the request that made a job (one job per request).
    static func requestKey(_ requestID: String, platform: String) -> String { "\(platform):\(requestID)" }

    /// Inserts a story and its job inside the caller's transaction. With a quota, the
    /// requester's uses of the quota's pool that day are counted under a transaction-scoped
    /// advisory lock on the requester (the domain's ``DailyQuota/admit(used:at:)`` decides), so
    /// two requests at once (on any process) cannot both take the last slot.
    static func insert(_ story: Story, delivery: DeliveryAddress, quota: DailyQuota?, at now: Date,
                       in transaction: Transaction) async throws -> StoryJob {
        let platform = PlatformColumn.text(story.family.platform)
        if let quota {
            try await transaction.execute("""
                SELECT pg_advisory_xact_lock(hashtextextended(\(platform) || ':' || \(story.requester.userID), 0))
                """)
            let used = try await started(by: story.requester, on: platform, since: quota.day(containing: now).start, pool: quota.pool,
                                         in: transaction)
            try quota.admit(used: used, at: now)
        }
        let familyID = try await FamilyRows.findOrCreate(story.family, at: now, in: transaction)
        let request = story.request
        let avoid = request.avoid.isEmpty ? nil : try JSONColumn.encode(request.avoid)
        let heroSheet = try request.heroSheet.map(JSONColumn.encode)
        let sheet = try story.sheet.map(JSONColumn.encode)
        try await transaction.execute("""
            INSERT INTO story (id, family_id, requester_id, requester_name, theme, hero_name, age, companion, page_count, language,
                seed, title, sheet_json, status, failure_reason, created_at, avoid_json, illustrations, hero_sheet_json,
                audience, hero_pronouns)
            VALUES (\(story.id.rawValue), \(familyID), \(story.requester.userID), \(story.requester.displayName), \(request.theme),
                \(request.heroName), \(request.age), \(request.companion), \(request.pageCount), \(request.language.rawValue),
                \(Int64(bitPattern: request.seed)), \(story.title), \(sheet), \(story.status.rawValue), \(story.failureReason),
                \(story.createdAt), \(avoid), \(request.illustrations.rawValue), \(heroSheet),
                \(request.audience?.rawValue), \(request.heroPronouns?.rawValue))
            """)
        if let chapter = request.chapter {
            try await transaction.execute("""
                INSERT INTO story_chapter (story_id, series_id, previous_story_id, chapter_number, previous_title, previous_summary)
                VALUES (\(story.id.rawValue), \(chapter.seriesID.rawValue), \(chapter.previousStoryID.rawValue), \(chapter.number),
                    \(chapter.previousTitle), \(chapter.previousSummary))
                """)
        }
        if let quota {
            try await transaction.execute("""
                INSERT INTO quota_use (platform, requester_id, story_id, used_at, pool)
                VALUES (\(platform), \(story.requester.userID), \(story.id.rawValue), \(now), \(quota.pool.rawValue))
                """)
        }
        let key = delivery.requestID.map { Self.requestKey($0, platform: PlatformColumn.text(delivery.platform)) }
        let rows = try await transaction.rows("""
            INSERT INTO job (story_id, status, attempts, delivery_json, not_before, created_at, updated_at, request_key)
            VALUES (\(story.id.rawValue), 'queued', 0, \(try JSONColumn.encode(delivery)), \(now), \(now), \(now), \(key))
            RETURNING *
            """)
        guard let row = rows.first else { throw PostgresStoreError.corrupt("job", "insert returned nothing") }
        // Delivered when the transaction commits, so a woken worker finds the job.
        try await transaction.execute("SELECT pg_notify(\(PostgresSchema.jobsChannel), 'queued')")
        return try StoryRows.job(row)
    }

    /// Deletes stories and then the pictures no remaining page uses, inside the caller's transaction.
    static func delete(stories ids: [String], in transaction: Transaction) async throws -> Int {
        guard !ids.isEmpty else { return 0 }
        let imageIDs: [String] = try await transaction.rows("""
            SELECT DISTINCT image_id FROM page WHERE story_id = ANY(\(ids)) AND image_id IS NOT NULL
            """).map { try $0["image_id"] }
        let audioIDs: [String] = try await transaction.rows("SELECT DISTINCT audio_id FROM narration WHERE story_id = ANY(\(ids))")
            .map { try $0["audio_id"] }
        let deleted = try await transaction.execute("DELETE FROM story WHERE id = ANY(\(ids)) RETURNING 1")
        if !audioIDs.isEmpty {
            try await transaction.execute("""
                DELETE FROM audio WHERE id = ANY(\(audioIDs)) AND NOT EXISTS (SELECT 1 FROM narration WHERE narration.audio_id = audio.id)
                """)
        }
        if !imageIDs.isEmpty {
            try await PostgresCastStore.deleteUnusedImages(imageIDs, in: transaction)
        }
        return deleted
    }

    public func storiesStarted(by requester: Requester, on platform: Platform, since: Date, pool: DailyQuota.Pool) async throws -> Int {
        try await database.transaction { transaction in
            try await Self.started(by: requester, on: PlatformColumn.text(platform), since: since, pool: pool, in: transaction)
        }
    }

    /// Quota uses of `pool` in the ledger since `since`, refunded ones (stories failed by the service's fault) excluded.
    /// Deleted stories still count: the ledger keeps their rows.
    static func started(by requester: Requester, on platform: String, since: Date, pool: DailyQuota.Pool,
                        in transaction: Transaction) async throws -> Int {
        try await transaction.rows("""
            SELECT COUNT(*) AS n FROM quota_use
            WHERE platform = \(platform) AND requester_id = \(requester.userID) AND used_at >= \(since) AND NOT refunded
              AND pool = \(pool.rawValue)
            """).first?["n"] ?? 0
    }

    public func story(_ id: StoryID) async throws -> Story? {
        try await database.rows(PostgresQuery(unsafeSQL: StoryRows.selectWithFamily + " WHERE story.id = $1", binds: Self.binds(id.rawValue)))
            .first.map { try StoryRows.story($0) }
    }

    public func saveText(_ written: WrittenStory, for id: StoryID) async throws {
        let sheet = try JSONColumn.encode(written.sheet)
        let pages = try written.pages.map { (text: $0.text, scene: try JSONColumn.encode($0.scene), prompt: $0.imagePrompt) }
        let numbers = pages.isEmpty ? [] : Array(1...pages.count)
        try await database.transaction { transaction in
            try await transaction.execute("""
                UPDATE story SET title = \(written.title), sheet_json = \(sheet), status = \(StoryStatus.illustrating.rawValue)
                WHERE id = \(id.rawValue)
                """)
            try await transaction.execute("""
                INSERT INTO page (story_id, number, text, scene_json, image_prompt)
                SELECT \(id.rawValue), number, text, scene, prompt
                FROM unnest(\(numbers), \(pages.map(\.text)),
                            \(pages.map(\.scene)), \(pages.map(\.prompt))) AS p(number, text, scene, prompt)
                ON CONFLICT (story_id, number) DO NOTHING
                """)
        }
    }

    public func saveIllustration(_ illustration: Illustration, chatForm: ChatForm?, for id: StoryID, page: Int) async throws -> ImageID {
        let now = clock.now()
        let copy: (type: String, data: Data)? = if case let .copy(type, data) = chatForm { (type, data) } else { nil }
        // The chat form is kept in the same statement; its row's foreign key is checked at the
        // statement's end, when the picture's row exists.
        var query: PostgresQuery = try """
            WITH new AS (SELECT \(ContentAddress.of(illustration.data))::text AS id),
            stored AS (
                INSERT INTO image (id, content_type, byte_count, width, height, data, created_at)
                SELECT new.id, \(illustration.contentType), \(illustration.data.count), \(illustration.width), \(illustration.height),
                    \(illustration.data), \(now) FROM new
                ON CONFLICT (id) DO NOTHING
            ),
            form AS (
                INSERT INTO chat_picture (image_id, content_type, data)
                SELECT new.id, \(copy?.type)::text, \(copy?.data)::bytea FROM new WHERE \(chatForm != nil)
                ON CONFLICT (image_id) DO NOTHING
            ),
            placed AS (
                UPDATE page SET image_id = (SELECT id FROM new) WHERE story_id = \(id.rawValue) AND number = \(page)
            )
            SELECT id FROM new
            """
        if let origin {
            // In the same statement (one transaction): told only once the picture is visible.
            let payload = PostgresPaintedPageFeed.payload(origin: origin, story: id, page: page)
            query.sql += " CROSS JOIN pg_notify($\(query.binds.count + 1), $\(query.binds.count + 2))"
            query.binds.append(PostgresSchema.picturesChannel)
            query.binds.append(payload)
        }
        guard let raw: String = try await database.rows(query).first?["id"] else {
            throw PostgresStoreError.corrupt("image", "no content address")
        }
        return ImageID(rawValue: raw)
    }

    public func pages(of id: StoryID) async throws -> [StoryPage] {
        try await database.rows("SELECT * FROM page WHERE story_id = \(id.rawValue) ORDER BY number").map(StoryRows.page)
    }

    public func pageSnapshot(_ id: StoryID, page: Int) async throws -> PageSnapshot? {
        try await snapshot(id, page: page, withPicture: false)
    }

    /// One round trip: the picture in the page's own query (measured: docs/benchmarks.md#the-page-snapshot-statement).
    public func pageSnapshotWithPicture(_ id: StoryID, page: Int) async throws -> PageSnapshot? {
        try await snapshot(id, page: page, withPicture: true)
    }

    private func snapshot(_ id: StoryID, page: Int, withPicture: Bool) async throws -> PageSnapshot? {
        let statement = PageSnapshotStatement(storyID: id.rawValue, page: page, withPicture: withPicture)
        guard let row = try await database.rows(statement).first else { return nil }
        let imageID: ImageID? = (try row["page_image"] as String?).map(ImageID.init(rawValue:))
        let storyPage = StoryPage(storyID: id, number: try row["page_number"], text: try row["page_text"],
                                  scene: try JSONColumn.decode(PageScene.self, from: try row["page_scene"]), imagePrompt: try row["page_prompt"], imageID: imageID)
        var picture: StoredImage?
        if let imageID, let data: Data = try row["picture_data"] {
            picture = StoredImage(id: imageID, contentType: try row["picture_type"], data: data, width: try row["picture_width"],
                                  height: try row["picture_height"])
        }
        return PageSnapshot(story: try StoryRows.story(row), page: storyPage, picture: picture)
    }

    public func setStatus(_ status: StoryStatus, for id: StoryID, reason: String?) async throws {
        _ = try await database.rows("UPDATE story SET status = \(status.rawValue), failure_reason = \(reason) WHERE id = \(id.rawValue)")
    }

    public func markFailed(_ id: StoryID, reason: String, refundingQuota: Bool) async throws {
        try await database.transaction { transaction in
            try await transaction.execute("""
                UPDATE story SET status = \(StoryStatus.failed.rawValue), failure_reason = \(reason) WHERE id = \(id.rawValue)
                """)
            if refundingQuota {
                try await transaction.execute("UPDATE quota_use SET refunded = true WHERE story_id = \(id.rawValue)")
            }
        }
    }

    public func library(of family: FamilyRef, offset: Int, limit: Int) async throws -> LibraryPage {
        try await database.transaction { transaction in
            guard let familyID = try await FamilyRows.id(of: family, in: transaction) else {
                return LibraryPage(items: [], total: 0, offset: offset)
            }
            // A chain of chapters is one entry, placed by its newest chapter.
            let total: Int = try await transaction.rows("""
                SELECT COUNT(DISTINCT coalesce(story_chapter.series_id, story.id)) AS n
                FROM story LEFT JOIN story_chapter ON story_chapter.story_id = story.id WHERE story.family_id = \(familyID)
                """).first?["n"] ?? 0
            let series: [String] = try await transaction.rows("""
                SELECT coalesce(story_chapter.series_id, story.id) AS series
                FROM story LEFT JOIN story_chapter ON story_chapter.story_id = story.id WHERE story.family_id = \(familyID)
                GROUP BY 1 ORDER BY max(story.created_at) DESC, max(story.seq) DESC LIMIT \(limit) OFFSET \(offset)
                """).map { try $0["series"] }
            var items: [StorySummary] = []
            for id in series {
                let chain = try await Self.chapters(ofSeries: id, familyID: familyID, in: transaction)
                guard var entry = chain.first else { continue }
                if chain.count > 1 { entry.chapters = chain }
                items.append(entry)
            }
            return LibraryPage(items: items, total: total, offset: offset)
        }
    }

    public func chapters(ofSeries seriesID: StoryID, in family: FamilyRef) async throws -> [StorySummary] {
        try await database.transaction { transaction in
            guard let familyID = try await FamilyRows.id(of: family, in: transaction) else { return [] }
            return try await Self.chapters(ofSeries: seriesID.rawValue, familyID: familyID, in: transaction)
        }
    }

    /// The chain's kept chapters in reading order, inside the caller's transaction.
    static func chapters(ofSeries seriesID: String, familyID: Int64, in transaction: Transaction) async throws -> [StorySummary] {
        try await transaction.rows(PostgresQuery(unsafeSQL: StoryRows.selectWithFamily + """
             WHERE story.family_id = $1 AND (story.id = $2 OR story_chapter.series_id = $2)
             ORDER BY coalesce(story_chapter.chapter_number, 1), story.seq
            """, binds: Self.binds(familyID, seriesID))).map { StoryRows.summary(try StoryRows.story($0)) }
    }

    public func findStories(in family: FamilyRef, matching text: String, limit: Int) async throws -> [StorySummary] {
        try await database.transaction { transaction in
            guard let familyID = try await FamilyRows.id(of: family, in: transaction) else { return [] }
            let pattern = "%" + text.replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_") + "%"
            let rows = try await transaction.rows(PostgresQuery(unsafeSQL: StoryRows.selectWithFamily + """
                 WHERE story.family_id = $1 AND (coalesce(story.title, '') ILIKE $2 OR story.theme ILIKE $2)
                 ORDER BY story.created_at DESC, story.seq DESC LIMIT $3
                """, binds: Self.binds(familyID, pattern, limit)))
            return try rows.map { StoryRows.summary(try StoryRows.story($0)) }
        }
    }

    public func deleteStory(_ id: StoryID) async throws -> Bool {
        try await database.transaction { transaction in
            try await Self.delete(stories: [id.rawValue], in: transaction) > 0
        }
    }

    public func image(_ id: ImageID) async throws -> StoredImage? {
        guard let row = try await database.rows("SELECT * FROM image WHERE id = \(id.rawValue)").first else { return nil }
        return StoredImage(id: id, contentType: try row["content_type"], data: try row["data"], width: try row["width"],
                           height: try row["height"])
    }

    /// The kept copy, or the stored picture when it is sent as stored (its bytes read only then).
    public func chatPicture(_ id: ImageID) async throws -> StoredImage? {
        guard let row = try await database.rows("""
            SELECT coalesce(chat_picture.content_type, image.content_type) AS content_type,
                coalesce(chat_picture.data, image.data) AS data, image.width, image.height
            FROM chat_picture JOIN image ON image.id = chat_picture.image_id WHERE chat_picture.image_id = \(id.rawValue)
            """).first else { return nil }
        return StoredImage(id: id, contentType: try row["content_type"], data: try row["data"], width: try row["width"],
                           height: try row["height"])
    }

    public func saveChatForm(_ form: ChatForm, of id: ImageID) async throws {
        let copy: (type: String, data: Data)? = if case let .copy(type, data) = form { (type, data) } else { nil }
        _ = try await database.rows("""
            INSERT INTO chat_picture (image_id, content_type, data)
            SELECT id, \(copy?.type)::text, \(copy?.data)::bytea FROM image WHERE id = \(id.rawValue)
            ON CONFLICT (image_id) DO NOTHING
            """)
    }

    /// Bindings for a query assembled from fixed SQL (`$1`, `$2`, … in order).
    static func binds(_ values: any PostgresDynamicTypeEncodable...) -> PostgresBindings {
        var bindings = PostgresBindings(capacity: values.count)
        for value in values { bindings.append(value) }
        return bindings
    }
}
