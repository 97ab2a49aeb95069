import Foundation
import PostgresNIO
import StoryDomain

/// The usage ledger in the `usage_ledger` table: one row per generation, never updated.
public struct PostgresUsageLedger: UsageLedger {
    /// Totals for one family and provider.
    public struct Total: Sendable, Equatable {
        public var family: String
        public var provider: String
        public var generations: Int
        public var inputTokens: Int
        public var outputTokens: Int
        public var images: Int
    }

    private let database: PostgresDatabase

    public init(database: PostgresDatabase) { self.database = database }

    public func record(_ entry: UsageEntry) async throws {
        _ = try await database.rows("""
            INSERT INTO usage_ledger (family_key, story_id, provider, model, input_tokens, output_tokens, images, created_at)
            VALUES (\(entry.family.key), \(entry.storyID.rawValue), \(entry.usage.provider), \(entry.usage.model),
                \(entry.usage.inputTokens), \(entry.usage.outputTokens), \(entry.usage.images), \(entry.at))
            """)
    }

    /// Totals per family and provider since `since`, largest first.
    public func totals(since: Date) async throws -> [Total] {
        try await database.rows("""
            SELECT family_key, provider, COUNT(*) AS n, SUM(input_tokens)::bigint AS i, SUM(output_tokens)::bigint AS o,
                SUM(images)::bigint AS img
            FROM usage_ledger WHERE created_at >= \(since) GROUP BY family_key, provider
            ORDER BY SUM(input_tokens) + SUM(output_tokens) DESC, SUM(images) DESC
            """).map {
            Total(family: try $0["family_key"], provider: try $0["provider"], generations: try $0["n"], inputTokens: try $0["i"],
                  outputTokens: try $0["o"], images: try $0["img"])
        }
    }
}
