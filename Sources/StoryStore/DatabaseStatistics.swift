import Foundation
import GRDB

/// Figures about the database that an admin watches: the job queue and the size on disk.
public struct DatabaseStatistics: Sendable {
    /// Jobs waiting and being worked.
    public struct Jobs: Sendable, Equatable {
        public var queued: Int
        public var running: Int
    }

    private let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    /// Jobs waiting (including delayed retries) and being worked now.
    public func jobs() async throws -> Jobs {
        try await database.writer.read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT status, count(*) AS n FROM job WHERE status != 'done' GROUP BY status")
            var jobs = Jobs(queued: 0, running: 0)
            for row in rows {
                switch row["status"] as String? {
                case "queued": jobs.queued = row["n"]
                case "running": jobs.running = row["n"]
                default: break
                }
            }
            return jobs
        }
    }

    /// Bytes on disk: the database file and its write-ahead log (0 in memory).
    public func bytesOnDisk() -> Int64 {
        let path = database.writer.path
        guard path != ":memory:", !path.isEmpty else { return 0 }
        return [path, path + "-wal"].reduce(0) { total, file in
            total + ((try? FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber)?.int64Value ?? 0)
        }
    }
}
