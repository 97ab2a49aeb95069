import Foundation
import GRDB
import StoryDomain

/// The durable generation queue in the `job` table.
public struct SQLiteJobQueue: StoryJobQueue {
    private let database: AppDatabase
    private let clock: any WallClock

    public init(database: AppDatabase, clock: any WallClock) {
        self.database = database
        self.clock = clock
    }

    public func claimNext(now: Date) async throws -> StoryJob? {
        try await database.writer.write { db in
            guard var record = try JobRecord.fetchOne(db, sql: """
                SELECT * FROM job WHERE status = 'queued' AND not_before <= ? ORDER BY not_before, id LIMIT 1
                """, arguments: [now])
            else { return nil }
            record.status = JobStatus.running.rawValue
            record.attempts += 1
            record.updatedAt = now
            try record.update(db)
            return try record.job()
        }
    }

    public func requeueInterrupted() async throws -> Int {
        let now = clock.now()
        return try await database.writer.write { db in
            try db.execute(sql: "UPDATE job SET status = 'queued', updated_at = ? WHERE status = 'running'", arguments: [now])
            return db.changesCount
        }
    }

    public func finish(_ jobID: Int64) async throws {
        let now = clock.now()
        try await database.writer.write { db in
            try db.execute(sql: "UPDATE job SET status = 'done', updated_at = ? WHERE id = ?", arguments: [now, jobID])
        }
    }

    public func markDelivered(_ jobID: Int64, at date: Date) async throws {
        try await database.writer.write { db in
            try db.execute(sql: "UPDATE job SET delivered_at = ?, updated_at = ? WHERE id = ?", arguments: [date, date, jobID])
        }
    }

    public func retry(_ jobID: Int64, notBefore: Date, error: String) async throws {
        let now = clock.now()
        try await database.writer.write { db in
            try db.execute(sql: "UPDATE job SET status = 'queued', not_before = ?, last_error = ?, updated_at = ? WHERE id = ?",
                           arguments: [notBefore, error, now, jobID])
        }
    }

    public func updateDelivery(_ jobID: Int64, to delivery: DeliveryAddress) async throws {
        let now = clock.now()
        let json = try JSONColumn.encode(delivery)
        try await database.writer.write { db in
            try db.execute(sql: "UPDATE job SET delivery_json = ?, updated_at = ? WHERE id = ?", arguments: [json, now, jobID])
        }
    }

    public func job(for storyID: StoryID) async throws -> StoryJob? {
        try await database.writer.read { db in
            try JobRecord.fetchOne(db, sql: "SELECT * FROM job WHERE story_id = ?", arguments: [storyID.rawValue])?.job()
        }
    }
}
