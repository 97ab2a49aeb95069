import Foundation
import GRDB
import StoryDomain

/// Requests refused before any model call, in the `refused_request` table (one row each).
public struct SQLiteRefusedRequestLedger: RefusedRequestLedger {
    private let database: AppDatabase

    public init(database: AppDatabase) { self.database = database }

    public func recordRefusal(by requester: Requester, on platform: Platform, at date: Date) async throws {
        try await database.writer.write { db in
            try db.execute(sql: "INSERT INTO refused_request (platform, requester_id, refused_at) VALUES (?, ?, ?)",
                           arguments: [platform, requester.userID, date])
        }
    }

    public func refusals(by requester: Requester, on platform: Platform, since: Date) async throws -> Int {
        try await database.writer.read { db in
            try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM refused_request WHERE platform = ? AND requester_id = ? AND refused_at >= ?
                """, arguments: [platform, requester.userID, since]) ?? 0
        }
    }
}
