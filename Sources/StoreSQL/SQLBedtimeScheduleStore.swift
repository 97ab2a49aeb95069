import Foundation
import StoryDomain

/// Bedtime schedules and their evenings (`bedtime_schedule`, `bedtime_evening`). Several
/// processes may share them (PostgreSQL): each mark on an evening is one conditional statement
/// whose change count says who won, so an evening is claimed by one process and posted by one.
public struct SQLBedtimeScheduleStore: BedtimeScheduleStore {
    private let executor: any SQLExecutor
    private let clock: any WallClock

    public init(database: some SQLDatabase, clock: any WallClock) {
        executor = database.executor
        self.clock = clock
    }

    private static let selectSchedule: SQLStatement = """
        SELECT bedtime_schedule.id, channel_id, minute_of_day, days, story, theme, owner_id, owner_name, bedtime_schedule.created_at,
            family.platform AS family_platform, family.external_id AS family_external_id
        FROM bedtime_schedule JOIN family ON family.id = bedtime_schedule.family_id
        """

    public func schedules(of family: FamilyRef) async throws -> [BedtimeSchedule] {
        try await executor.rows("""
            \(Self.selectSchedule)
            WHERE family.platform = \(family.platform) AND family.external_id = \(family.externalID)
            ORDER BY bedtime_schedule.created_at, bedtime_schedule.id
            """).compactMap(Self.schedule)
    }

    public func allSchedules() async throws -> [BedtimeSchedule] {
        try await executor.rows("\(Self.selectSchedule) ORDER BY bedtime_schedule.created_at, bedtime_schedule.id")
            .compactMap(Self.schedule)
    }

    public func add(_ schedule: BedtimeSchedule, limit: Int) async throws -> Bool {
        let now = clock.now()
        return try await executor.transaction { executor in
            let familyID = try await FamilyTable.findOrCreate(schedule.family, at: now, in: executor)
            // The family's row is the lock: two grown-ups adding at once are counted one after the other.
            try await executor.execute("SELECT id FROM family WHERE id = \(familyID) \(.lockRows)")
            let count: Int = try await executor.row("SELECT COUNT(*) AS n FROM bedtime_schedule WHERE family_id = \(familyID)")?["n"] ?? 0
            guard count < limit else { return false }
            try await executor.execute("""
                INSERT INTO bedtime_schedule (id, family_id, channel_id, minute_of_day, days, story, theme, owner_id, owner_name, created_at)
                VALUES (\(schedule.id), \(familyID), \(schedule.channelID), \(schedule.time.minutes), \(schedule.days.storedValue),
                        \(schedule.storedStory), \(schedule.story.theme), \(schedule.owner.userID),
                        \(String(schedule.owner.displayName.prefix(100))), \(schedule.createdAt))
                """)
            return true
        }
    }

    public func remove(_ scheduleID: String, family: FamilyRef) async throws -> Bool {
        try await executor.execute("""
            DELETE FROM bedtime_schedule WHERE id = \(scheduleID)
            AND family_id = (SELECT id FROM family WHERE platform = \(family.platform) AND external_id = \(family.externalID))
            """) > 0
    }

    public func evening(_ scheduleID: String, evening: String) async throws -> BedtimeEveningRecord? {
        try await executor.row("SELECT * FROM bedtime_evening WHERE schedule_id = \(scheduleID) AND evening = \(evening)")
            .map(Self.evening)
    }

    public func claim(_ scheduleID: String, evening: String, by claimant: String, at date: Date, staleBefore: Date) async throws -> Bool {
        try await executor.execute("""
            INSERT INTO bedtime_evening (schedule_id, evening, claimed_by, claimed_at)
            SELECT id, \(evening), \(claimant), \(date) FROM bedtime_schedule WHERE id = \(scheduleID)
            ON CONFLICT (schedule_id, evening) DO UPDATE SET claimed_by = excluded.claimed_by, claimed_at = excluded.claimed_at
            WHERE bedtime_evening.story_id IS NULL AND bedtime_evening.posted_at IS NULL AND bedtime_evening.skipped_at IS NULL
                AND (bedtime_evening.claimed_at IS NULL OR bedtime_evening.claimed_at < \(staleBefore))
            """) > 0
    }

    public func markMade(_ scheduleID: String, evening: String, story: StoryID, by claimant: String) async throws -> Bool {
        try await executor.execute("""
            UPDATE bedtime_evening SET story_id = \(story.rawValue) WHERE schedule_id = \(scheduleID) AND evening = \(evening)
            AND claimed_by = \(claimant) AND story_id IS NULL AND posted_at IS NULL AND skipped_at IS NULL
            """) > 0
    }

    public func markPosted(_ scheduleID: String, evening: String, at date: Date) async throws -> Bool {
        try await executor.execute("""
            UPDATE bedtime_evening SET posted_at = \(date) WHERE schedule_id = \(scheduleID) AND evening = \(evening)
            AND posted_at IS NULL AND skipped_at IS NULL
            """) > 0
    }

    public func markSkipped(_ scheduleID: String, evening: String, reason: String, at date: Date) async throws -> Bool {
        try await executor.execute("""
            INSERT INTO bedtime_evening (schedule_id, evening, skipped_at, skip_reason)
            SELECT id, \(evening), \(date), \(String(reason.prefix(100))) FROM bedtime_schedule WHERE id = \(scheduleID)
            ON CONFLICT (schedule_id, evening) DO UPDATE SET skipped_at = excluded.skipped_at, skip_reason = excluded.skip_reason
            WHERE bedtime_evening.posted_at IS NULL AND bedtime_evening.skipped_at IS NULL
            """) > 0
    }

    public func untoldSkips(of family: FamilyRef) async throws -> [BedtimeEveningRecord] {
        try await executor.rows("""
            SELECT bedtime_evening.* FROM bedtime_evening
            JOIN bedtime_schedule ON bedtime_schedule.id = bedtime_evening.schedule_id
            JOIN family ON family.id = bedtime_schedule.family_id
            WHERE family.platform = \(family.platform) AND family.external_id = \(family.externalID)
                AND skipped_at IS NOT NULL AND told_at IS NULL
            ORDER BY evening, schedule_id
            """).map(Self.evening)
    }

    public func markTold(_ evenings: [BedtimeEveningRecord], at date: Date) async throws {
        try await executor.transaction { executor in
            for record in evenings {
                try await executor.execute("""
                    UPDATE bedtime_evening SET told_at = \(date) WHERE schedule_id = \(record.scheduleID) AND evening = \(record.evening)
                    """)
            }
        }
    }

    static func schedule(_ row: any SQLRow) throws -> BedtimeSchedule? {
        BedtimeSchedule(id: try row["id"], family: FamilyRef(platform: Platform(rawValue: try row["family_platform"]),
                                                             externalID: try row["family_external_id"]),
                        channelID: try row["channel_id"], minuteOfDay: try row["minute_of_day"], days: try row["days"],
                        story: try row["story"], theme: try row["theme"], ownerID: try row["owner_id"], ownerName: try row["owner_name"],
                        createdAt: try row["created_at"])
    }

    static func evening(_ row: any SQLRow) throws -> BedtimeEveningRecord {
        let story: String? = try row["story_id"]
        return BedtimeEveningRecord(scheduleID: try row["schedule_id"], evening: try row["evening"], claimedBy: try row["claimed_by"],
                                    claimedAt: try row["claimed_at"], storyID: story.flatMap(StoryID.init(rawValue:)),
                                    postedAt: try row["posted_at"], skippedAt: try row["skipped_at"], skipReason: try row["skip_reason"],
                                    toldAt: try row["told_at"])
    }
}
