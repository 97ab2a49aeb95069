import Foundation
import GRDB
import StoryDomain

/// The shared stores on SQLite, under their engine's names (the composition root and tests
/// construct them with an ``AppDatabase``).
public typealias SQLiteKeyValueStore = SQLKeyValueStore
public typealias SQLiteFamilySettingsStore = SQLFamilySettingsStore
public typealias SQLiteFamilyDataStore = SQLFamilyDataStore
public typealias SQLiteAcknowledgementLedger = SQLAcknowledgementLedger
public typealias SQLiteRefusedRequestLedger = SQLRefusedRequestLedger
public typealias SQLiteNarrationStore = SQLNarrationStore
public typealias SQLiteCastStore = SQLCastStore
public typealias SQLiteBedtimeScheduleStore = SQLBedtimeScheduleStore
public typealias SQLiteStoryRepository = SQLStoryRepository
/// One process uses a SQLite file: no announcer, nobody else to tell.
public typealias SQLiteChatTranscript = SQLChatTranscript

// The story writes the collection store still calls inside its own `write { }` until it moves
// onto the shared layer (then ``SQLStoryRepository/insert(_:delivery:quota:at:in:)`` and
// ``StoryTable/delete(stories:in:)`` do this once).

extension SQLStoryRepository {
    /// Inserts a story and its job inside the caller's GRDB transaction (see the shared
    /// ``insert(_:delivery:quota:at:in:)``).
    static func insert(_ story: Story, delivery: DeliveryAddress, quota: DailyQuota?, at now: Date, in db: Database) throws -> StoryJob {
        if let quota {
            let used = try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM quota_use
                WHERE platform = ? AND requester_id = ? AND used_at >= ? AND refunded = 0 AND pool = ?
                """, arguments: [story.family.platform, story.requester.userID, quota.day(containing: now).start,
                                 quota.pool.rawValue]) ?? 0
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
                            requestKey: delivery.requestID.map { JobTable.requestKey($0, platform: delivery.platform) })
        try job.insert(db)
        return try job.job()
    }

    /// Deletes stories and then the pictures and narration audio nothing remaining uses, inside
    /// the caller's GRDB transaction.
    static func delete(stories ids: [String], in db: Database) throws -> Int {
        var deleted = 0
        for id in ids {
            let imageIDs = try String.fetchAll(db, sql: "SELECT DISTINCT image_id FROM page WHERE story_id = ? AND image_id IS NOT NULL",
                                               arguments: [id])
            let audioIDs = try String.fetchAll(db, sql: "SELECT DISTINCT audio_id FROM narration WHERE story_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM story WHERE id = ?", arguments: [id])
            deleted += db.changesCount
            for audioID in audioIDs {
                try db.execute(sql: "DELETE FROM audio WHERE id = ? AND NOT EXISTS (SELECT 1 FROM narration WHERE audio_id = ?)",
                               arguments: [audioID, audioID])
            }
            for imageID in imageIDs {
                try db.execute(sql: """
                    DELETE FROM image WHERE id = ? AND NOT EXISTS (SELECT 1 FROM page WHERE image_id = ?)
                        AND NOT EXISTS (SELECT 1 FROM cast_member WHERE portrait_id = ?)
                    """, arguments: [imageID, imageID, imageID])
            }
        }
        return deleted
    }
}
