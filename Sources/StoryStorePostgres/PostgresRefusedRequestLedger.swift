import Foundation
import PostgresNIO
import StoryDomain

/// Requests refused before any model call, in the `refused_request` table (one row each).
public struct PostgresRefusedRequestLedger: RefusedRequestLedger {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) { self.database = database }

    public func recordRefusal(by requester: Requester, on platform: Platform, at date: Date) async throws {
        _ = try await database.rows("""
            INSERT INTO refused_request (platform, requester_id, refused_at)
            VALUES (\(PlatformColumn.text(platform)), \(requester.userID), \(date))
            """)
    }

    public func refusals(by requester: Requester, on platform: Platform, since: Date) async throws -> Int {
        try await database.rows("""
            SELECT COUNT(*) AS n FROM refused_request
            WHERE platform = \(PlatformColumn.text(platform)) AND requester_id = \(requester.userID) AND refused_at >= \(since)
            """).first?["n"] ?? 0
    }
}
