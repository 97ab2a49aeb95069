import Foundation
import StoryDomain

/// Requests refused before any model call, in the `refused_request` table (one row each).
public struct SQLRefusedRequestLedger: RefusedRequestLedger {
    private let executor: any SQLExecutor

    public init(database: some SQLDatabase) { executor = database.executor }

    public func recordRefusal(by requester: Requester, on platform: Platform, at date: Date) async throws {
        try await executor.execute("""
            INSERT INTO refused_request (platform, requester_id, refused_at) VALUES (\(platform), \(requester.userID), \(date))
            """)
    }

    public func refusals(by requester: Requester, on platform: Platform, since: Date) async throws -> Int {
        try await executor.row("""
            SELECT COUNT(*) AS n FROM refused_request
            WHERE platform = \(platform) AND requester_id = \(requester.userID) AND refused_at >= \(since)
            """)?["n"] ?? 0
    }
}
