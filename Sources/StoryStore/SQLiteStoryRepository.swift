import Foundation
import GRDB
import StoryDomain

/// Stories, pages and pictures in SQLite. Every method is one transaction.
public struct SQLiteStoryRepository: StoryRepository {
    private let database: AppDatabase
    private let clock: any WallClock
    /// Decoded character sheets and scenes for page views (JSON decoding was the largest cost of
    /// a page turn after the picture itself).
    private let sheets = JSONColumnCache<CharacterSheet>(capacity: 256)
    private let scenes = JSONColumnCache<PageScene>(capacity: 1_024)

    public init(database: AppDatabase, clock: any WallClock) {
        self.database = database
        self.clock = clock
    }

    public func story(forRequest requestID: String, on platform: Platform) async throws -> StoryID? {
        try await database.writer.read { db in
            try String.fetchOne(db, sql: "SELECT story_id FROM job WHERE request_key = ?",
                                arguments: [JobRecord.requestKey(requestID, platform: platform)]).flatMap(StoryID.init(rawValue:))
        }
    }

    public func createStory(_ story: Story, delivery: DeliveryAddress, quota: DailyQuota?) async throws -> StoryJob {
        let now = clock.now()
        return try await database.writer.write { db in
            try Self.insert(story, delivery: delivery, quota: quota, at: now, in: db)
        }
    }

    /// Inserts a story and its job inside the caller's transaction. With a quota, the
    /// requester's uses of the quota's pool that day are counted first (the domain's
    /// ``DailyQuota/admit(used:at:)`` decides) and this one is written to the ledger, in the
    /// same transaction, so two requests at once cannot both take the last slot.
    static func insert(_ story: Story, delivery: DeliveryAddress, quota: DailyQuota?, at now: Date, in db: Database) throws -> StoryJob {
        if let quota {
            let used = try started(by: story.requester, on: story.family.platform, since: quota.day(containing: now).start,
                                   pool: quota.pool, in: db)
            try quota.admit(used: used, at: now)
        }
        let familyID = try FamilyRecord.findOrCreate(story.family, at: now, in: db)
        try StoryRecord(story, familyID: familyID).insert(db)
        if let chapter = story.request.chapter {
            try db.execute(sql: """
                INSERT INTO story_chapter (story_id, series_id, previous_story_id, chapter_number, previous_title, previous_summary)
                VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: [story.id.rawValue, chapter.seriesID.rawValue, chapter.previousStoryID.rawValue, chapter.number,
                                chapter.previousTitle, chapter.previousSummary])
        }
        if let quota {
            try db.execute(sql: "INSERT INTO quota_use (platform, requester_id, story_id, used_at, pool) VALUES (?, ?, ?, ?, ?)",
                           arguments: [story.family.platform, story.requester.userID, story.id.rawValue, now, quota.pool.rawValue])
        }
        var job = JobRecord(storyId: story.id.rawValue, status: JobStatus.queued.rawValue, attempts: 0,
                            deliveryJson: try JSONColumn.encode(delivery), notBefore: now, lastError: nil,
                            createdAt: now, updatedAt: now, deliveredAt: nil,
                            requestKey: delivery.requestID.map { JobRecord.requestKey($0, platform: delivery.platform) })
        try job.insert(db)
        return try job.job()
    }

    /// Deletes stories and then the pictures and narration audio nothing remaining uses, inside
    /// the caller's transaction.
    static func delete(stories ids: [String], in db: Database) throws -> Int {
        var deleted = 0
        for id in ids {
            let imageIDs = try String.fetchAll(db, sql: "SELECT DISTINCT image_id FROM page WHERE story_id = ? AND image_id IS NOT NULL",
                                               arguments: [id])
            let audioIDs = try SQLiteNarrationStore.audioIDs(of: id, in: db)
            try db.execute(sql: "DELETE FROM story WHERE id = ?", arguments: [id])
            deleted += db.changesCount
            try SQLiteNarrationStore.deleteUnused(audioIDs, in: db)
            for imageID in imageIDs {
                try SQLiteCastStore.deleteUnusedImage(imageID, in: db)
            }
        }
        return deleted
    }

    public func storiesStarted(by requester: Requester, on platform: Platform, since: Date, pool: DailyQuota.Pool) async throws -> Int {
        try await database.writer.read { db in try Self.started(by: requester, on: platform, since: since, pool: pool, in: db) }
    }

    /// Quota uses of `pool` in the ledger since `since`, refunded ones (stories failed by the service's fault) excluded.
    /// Deleted stories still count: the ledger keeps their rows.
    static func started(by requester: Requester, on platform: Platform, since: Date, pool: DailyQuota.Pool, in db: Database) throws -> Int {
        try Int.fetchOne(db, sql: """
            SELECT COUNT(*) FROM quota_use
            WHERE platform = ? AND requester_id = ? AND used_at >= ? AND refunded = 0 AND pool = ?
            """, arguments: [platform, requester.userID, since, pool.rawValue]) ?? 0
    }

    public func story(_ id: StoryID) async throws -> Story? {
        try await database.writer.read { db in
            try Row.fetchOne(db, sql: StoryRecord.selectWithFamily + " WHERE story.id = ?", arguments: [id.rawValue])
                .map { try StoryRecord.story(from: $0) }
        }
    }

    public func saveText(_ written: WrittenStory, for id: StoryID) async throws {
        try await database.writer.write { db in
            try db.execute(sql: "UPDATE story SET title = ?, sheet_json = ?, status = ? WHERE id = ?",
                           arguments: [written.title, try JSONColumn.encode(written.sheet),
                                       StoryStatus.illustrating.rawValue, id.rawValue])
            for (index, page) in written.pages.enumerated() {
                try PageRecord(storyID: id, number: index + 1, page: page).insert(db, onConflict: .ignore)
            }
        }
    }

    public func saveIllustration(_ illustration: Illustration, chatForm: ChatForm?, for id: StoryID, page: Int) async throws -> ImageID {
        let record = ImageRecord(illustration, at: clock.now())
        try await database.writer.write { db in
            try record.insert(db, onConflict: .ignore)
            if let chatForm { try Self.insert(chatForm, of: record.id, in: db) }
            try db.execute(sql: "UPDATE page SET image_id = ? WHERE story_id = ? AND number = ?",
                           arguments: [record.id, id.rawValue, page])
        }
        return ImageID(rawValue: record.id)
    }

    public func pages(of id: StoryID) async throws -> [StoryPage] {
        try await database.writer.read { db in
            try PageRecord.fetchAll(db, sql: "SELECT * FROM page WHERE story_id = ? ORDER BY number", arguments: [id.rawValue])
                .map { try $0.page() }
        }
    }

    /// On the page reader (``AppDatabase/pageReader``), with ``image(_:)``.
    public func pageSnapshot(_ id: StoryID, page: Int) async throws -> PageSnapshot? {
        try await database.pageReader.read { db in
            // The hot path of every page turn: statements are compiled once per connection.
            let storyStatement = try db.cachedStatement(sql: StoryRecord.selectWithFamily + " WHERE story.id = ?")
            let pageStatement = try db.cachedStatement(sql: "SELECT * FROM page WHERE story_id = ? AND number = ?")
            guard let row = try Row.fetchOne(storyStatement, arguments: [id.rawValue]),
                  let pageRecord = try PageRecord.fetchOne(pageStatement, arguments: [id.rawValue, page])
            else { return nil }
            return PageSnapshot(story: try StoryRecord.story(from: row, sheets: sheets.decode),
                                page: try pageRecord.page(scenes: scenes.decode))
        }
    }

    public func setStatus(_ status: StoryStatus, for id: StoryID, reason: String?) async throws {
        try await database.writer.write { db in
            try db.execute(sql: "UPDATE story SET status = ?, failure_reason = ? WHERE id = ?",
                           arguments: [status.rawValue, reason, id.rawValue])
        }
    }

    public func markFailed(_ id: StoryID, reason: String, refundingQuota: Bool) async throws {
        try await database.writer.write { db in
            try db.execute(sql: "UPDATE story SET status = ?, failure_reason = ? WHERE id = ?",
                           arguments: [StoryStatus.failed.rawValue, reason, id.rawValue])
            if refundingQuota {
                try db.execute(sql: "UPDATE quota_use SET refunded = 1 WHERE story_id = ?", arguments: [id.rawValue])
            }
        }
    }

    public func library(of family: FamilyRef, offset: Int, limit: Int) async throws -> LibraryPage {
        try await database.writer.read { db in
            guard let familyID = try FamilyRecord.id(of: family, in: db) else {
                return LibraryPage(items: [], total: 0, offset: offset)
            }
            // A chain of chapters is one entry, placed by its newest chapter.
            let total = try Int.fetchOne(db, sql: """
                SELECT COUNT(DISTINCT coalesce(story_chapter.series_id, story.id))
                FROM story LEFT JOIN story_chapter ON story_chapter.story_id = story.id WHERE story.family_id = ?
                """, arguments: [familyID]) ?? 0
            let series = try String.fetchAll(db, sql: """
                SELECT coalesce(story_chapter.series_id, story.id) AS series
                FROM story LEFT JOIN story_chapter ON story_chapter.story_id = story.id WHERE story.family_id = ?
                GROUP BY series ORDER BY max(story.created_at) DESC, max(story.rowid) DESC LIMIT ? OFFSET ?
                """, arguments: [familyID, limit, offset])
            var items: [StorySummary] = []
            for id in series {
                let chain = try Self.chapters(ofSeries: id, familyID: familyID, in: db)
                guard var entry = chain.first else { continue }
                if chain.count > 1 { entry.chapters = chain }
                items.append(entry)
            }
            return LibraryPage(items: items, total: total, offset: offset)
        }
    }

    public func chapters(ofSeries seriesID: StoryID, in family: FamilyRef) async throws -> [StorySummary] {
        try await database.writer.read { db in
            guard let familyID = try FamilyRecord.id(of: family, in: db) else { return [] }
            return try Self.chapters(ofSeries: seriesID.rawValue, familyID: familyID, in: db)
        }
    }

    /// The chain's kept chapters in reading order, inside the caller's transaction.
    static func chapters(ofSeries seriesID: String, familyID: Int64, in db: Database) throws -> [StorySummary] {
        try Row.fetchAll(db, sql: StoryRecord.selectWithFamily + """
             WHERE story.family_id = ? AND (story.id = ? OR story_chapter.series_id = ?)
             ORDER BY coalesce(story_chapter.chapter_number, 1), story.rowid
            """, arguments: [familyID, seriesID, seriesID]).map { try Self.summary(StoryRecord.story(from: $0)) }
    }

    public func findStories(in family: FamilyRef, matching text: String, limit: Int) async throws -> [StorySummary] {
        try await database.writer.read { db in
            guard let familyID = try FamilyRecord.id(of: family, in: db) else { return [] }
            let pattern = "%" + text.replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_") + "%"
            let rows = try Row.fetchAll(db, sql: StoryRecord.selectWithFamily + """
                 WHERE story.family_id = ? AND (coalesce(story.title, '') LIKE ? ESCAPE '\\' OR story.theme LIKE ? ESCAPE '\\')
                 ORDER BY story.created_at DESC LIMIT ?
                """, arguments: [familyID, pattern, pattern, limit])
            return try rows.map { try Self.summary(StoryRecord.story(from: $0)) }
        }
    }

    /// Stories of any family whose title or theme contains `text`, newest first: for operators
    /// on the command line (`magical-stories story book`), who name a story without its family.
    public func findStoriesInAllFamilies(matching text: String, limit: Int) async throws -> [Story] {
        try await database.writer.read { db in
            let pattern = "%" + text.replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_") + "%"
            let rows = try Row.fetchAll(db, sql: StoryRecord.selectWithFamily + """
                 WHERE coalesce(story.title, '') LIKE ? ESCAPE '\\' OR story.theme LIKE ? ESCAPE '\\'
                 ORDER BY story.created_at DESC LIMIT ?
                """, arguments: [pattern, pattern, limit])
            return try rows.map { try StoryRecord.story(from: $0) }
        }
    }

    public func deleteStory(_ id: StoryID) async throws -> Bool {
        try await database.writer.write { db in
            try Self.delete(stories: [id.rawValue], in: db) > 0
        }
    }

    public func image(_ id: ImageID) async throws -> StoredImage? {
        try await database.pageReader.read { db in
            try ImageRecord.fetchOne(db.cachedStatement(sql: "SELECT * FROM image WHERE id = ?"), arguments: [id.rawValue])?.storedImage
        }
    }

    /// On the page reader: the kept copy, or the stored picture when it is sent as stored.
    public func chatPicture(_ id: ImageID) async throws -> StoredImage? {
        try await database.pageReader.read { db in
            // coalesce reads the stored picture's bytes only when no copy was kept.
            let statement = try db.cachedStatement(sql: """
                SELECT coalesce(chat_picture.content_type, image.content_type) AS content_type,
                    coalesce(chat_picture.data, image.data) AS data, image.width, image.height
                FROM chat_picture JOIN image ON image.id = chat_picture.image_id WHERE chat_picture.image_id = ?
                """)
            return try Row.fetchOne(statement, arguments: [id.rawValue]).map { row in
                StoredImage(id: id, contentType: row["content_type"], data: row["data"], width: row["width"], height: row["height"])
            }
        }
    }

    public func saveChatForm(_ form: ChatForm, of id: ImageID) async throws {
        try await database.writer.write { db in try Self.insert(form, of: id.rawValue, in: db) }
    }

    /// Keeps `form` for the picture `imageID` unless one is kept already or the picture is gone.
    static func insert(_ form: ChatForm, of imageID: String, in db: Database) throws {
        let copy: (type: String, data: Data)? = if case let .copy(type, data) = form { (type, data) } else { nil }
        try db.execute(sql: """
            INSERT INTO chat_picture (image_id, content_type, data)
            SELECT id, ?, ? FROM image WHERE id = ?
            ON CONFLICT (image_id) DO NOTHING
            """, arguments: [copy?.type, copy?.data, imageID])
    }

    private static func summary(_ story: Story) -> StorySummary {
        StorySummary(story)
    }
}
