import Foundation
import GRDB
import StoryDomain

/// Bedtime schedules and their evenings in SQLite (`bedtime_schedule`, `bedtime_evening`).
/// One process writes at a time, so each conditional mark is one `UPDATE … WHERE` whose change
/// count says who won.
public struct SQLiteBedtimeScheduleStore: BedtimeScheduleStore {
    private let database: AppDatabase
    private let clock: any WallClock

    public init(database: AppDatabase, clock: any WallClock) {
        self.database = database
        self.clock = clock
    }

    private static let selectSchedule = """
        SELECT bedtime_schedule.*, family.platform AS family_platform, family.external_id AS family_external_id
        FROM bedtime_schedule JOIN family ON family.id = bedtime_schedule.family_id
        """

    public func schedules(of family: FamilyRef) async throws -> [BedtimeSchedule] {
        try await database.writer.read { db in
            try Row.fetchAll(db, sql: Self.selectSchedule + """
                 WHERE family.platform = ? AND family.external_id = ? ORDER BY bedtime_schedule.created_at, bedtime_schedule.id
                """, arguments: [family.platform, family.externalID]).compactMap(Self.schedule)
        }
    }

    public func allSchedules() async throws -> [BedtimeSchedule] {
        try await database.writer.read { db in
            try Row.fetchAll(db, sql: Self.selectSchedule + " ORDER BY bedtime_schedule.created_at, bedtime_schedule.id")
                .compactMap(Self.schedule)
        }
    }

    public func add(_ schedule: BedtimeSchedule, limit: Int) async throws -> Bool {
        let now = clock.now()
        return try await database.writer.write { db in
            let familyID = try FamilyRecord.findOrCreate(schedule.family, at: now, in: db)
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM bedtime_schedule WHERE family_id = ?", arguments: [familyID]) ?? 0
            guard count < limit else { return false }
            try db.execute(sql: """
                INSERT INTO bedtime_schedule (id, family_id, channel_id, minute_of_day, days, story, theme, owner_id, owner_name, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [schedule.id, familyID, schedule.channelID, schedule.time.minutes, schedule.days.storedValue,
                                 schedule.storedStory, schedule.story.theme, schedule.owner.userID,
                                 String(schedule.owner.displayName.prefix(100)), schedule.createdAt])
            return true
        }
    }

    public func remove(_ scheduleID: String, family: FamilyRef) async throws -> Bool {
        try await database.writer.write { db in
            try db.execute(sql: """
                DELETE FROM bedtime_schedule WHERE id = ?
                AND family_id = (SELECT id FROM family WHERE platform = ? AND external_id = ?)
                """, arguments: [scheduleID, family.platform, family.externalID])
            return db.changesCount > 0
        }
    }

    public func evening(_ scheduleID: String, evening: String) async throws -> BedtimeEveningRecord? {
        try await database.writer.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM bedtime_evening WHERE schedule_id = ? AND evening = ?",
                             arguments: [scheduleID, evening]).map(Self.evening)
        }
    }

    public func claim(_ scheduleID: String, evening: String, by claimant: String, at date: Date, staleBefore: Date) async throws -> Bool {
        try await database.writer.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM bedtime_schedule WHERE id = ?", arguments: [scheduleID]) != nil else { return false }
            try db.execute(sql: """
                INSERT INTO bedtime_evening (schedule_id, evening, claimed_by, claimed_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (schedule_id, evening) DO UPDATE SET claimed_by = excluded.claimed_by, claimed_at = excluded.claimed_at
                WHERE bedtime_evening.story_id IS NULL AND bedtime_evening.posted_at IS NULL AND bedtime_evening.skipped_at IS NULL
                    AND (bedtime_evening.claimed_at IS NULL OR bedtime_evening.claimed_at < ?)
                """, arguments: [scheduleID, evening, claimant, date, staleBefore])
            return db.changesCount > 0
        }
    }

    public func markMade(_ scheduleID: String, evening: String, story: StoryID, by claimant: String) async throws -> Bool {
        try await update("""
            UPDATE bedtime_evening SET story_id = ? WHERE schedule_id = ? AND evening = ? AND claimed_by = ?
            AND story_id IS NULL AND posted_at IS NULL AND skipped_at IS NULL
            """, [story.rawValue, scheduleID, evening, claimant])
    }

    public func markPosted(_ scheduleID: String, evening: String, at date: Date) async throws -> Bool {
        try await update("""
            UPDATE bedtime_evening SET posted_at = ? WHERE schedule_id = ? AND evening = ? AND posted_at IS NULL AND skipped_at IS NULL
            """, [date, scheduleID, evening])
    }

    public func markSkipped(_ scheduleID: String, evening: String, reason: String, at date: Date) async throws -> Bool {
        try await database.writer.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM bedtime_schedule WHERE id = ?", arguments: [scheduleID]) != nil else { return false }
            try db.execute(sql: """
                INSERT INTO bedtime_evening (schedule_id, evening, skipped_at, skip_reason) VALUES (?, ?, ?, ?)
                ON CONFLICT (schedule_id, evening) DO UPDATE SET skipped_at = excluded.skipped_at, skip_reason = excluded.skip_reason
                WHERE bedtime_evening.posted_at IS NULL AND bedtime_evening.skipped_at IS NULL
                """, arguments: [scheduleID, evening, date, String(reason.prefix(100))])
            return db.changesCount > 0
        }
    }

    public func untoldSkips(of family: FamilyRef) async throws -> [BedtimeEveningRecord] {
        try await database.writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT bedtime_evening.* FROM bedtime_evening
                JOIN bedtime_schedule ON bedtime_schedule.id = bedtime_evening.schedule_id
                JOIN family ON family.id = bedtime_schedule.family_id
                WHERE family.platform = ? AND family.external_id = ? AND skipped_at IS NOT NULL AND told_at IS NULL
                ORDER BY evening, schedule_id
                """, arguments: [family.platform, family.externalID]).map(Self.evening)
        }
    }

    public func markTold(_ evenings: [BedtimeEveningRecord], at date: Date) async throws {
        try await database.writer.write { db in
            for record in evenings {
                try db.execute(sql: "UPDATE bedtime_evening SET told_at = ? WHERE schedule_id = ? AND evening = ?",
                               arguments: [date, record.scheduleID, record.evening])
            }
        }
    }

    private func update(_ sql: String, _ arguments: StatementArguments) async throws -> Bool {
        try await database.writer.write { db in
            try db.execute(sql: sql, arguments: arguments)
            return db.changesCount > 0
        }
    }

    static func schedule(_ row: Row) -> BedtimeSchedule? {
        BedtimeSchedule(id: row["id"], family: FamilyRef(platform: Platform(rawValue: row["family_platform"]), externalID: row["family_external_id"]),
                        channelID: row["channel_id"], minuteOfDay: row["minute_of_day"], days: row["days"], story: row["story"],
                        theme: row["theme"], ownerID: row["owner_id"], ownerName: row["owner_name"], createdAt: row["created_at"])
    }

    static func evening(_ row: Row) -> BedtimeEveningRecord {
        BedtimeEveningRecord(scheduleID: row["schedule_id"], evening: row["evening"], claimedBy: row["claimed_by"], claimedAt: row["claimed_at"],
                             storyID: (row["story_id"] as String?).flatMap(StoryID.init(rawValue:)), postedAt: row["posted_at"],
                             skippedAt: row["skipped_at"], skipReason: row["skip_reason"], toldAt: row["told_at"])
    }
}
