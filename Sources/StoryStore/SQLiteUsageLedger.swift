import Foundation
import GRDB
import StoryDomain

/// The usage ledger in the `usage_ledger` table: one row per generation, never updated.
public struct SQLiteUsageLedger: UsageLedger {
    /// Totals for one family and provider.
    public struct Total: Sendable, Equatable {
        public var family: String
        public var provider: String
        public var generations: Int
        public var inputTokens: Int
        public var outputTokens: Int
        public var images: Int
    }

    private let database: AppDatabase

    public init(database: AppDatabase) { self.database = database }

    public func record(_ entry: UsageEntry) async throws {
        try await database.writer.write { db in
            try db.execute(sql: """
                INSERT INTO usage_ledger (family_key, story_id, provider, model, input_tokens, output_tokens, images, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [entry.family.key, entry.storyID.rawValue, entry.usage.provider, entry.usage.model,
                                 entry.usage.inputTokens, entry.usage.outputTokens, entry.usage.images, entry.at])
        }
    }

    /// Totals per family and provider since `since`, largest first.
    public func totals(since: Date) async throws -> [Total] {
        try await database.writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT family_key, provider, COUNT(*) AS n, SUM(input_tokens) AS i, SUM(output_tokens) AS o, SUM(images) AS img
                FROM usage_ledger WHERE created_at >= ? GROUP BY family_key, provider ORDER BY i + o DESC, img DESC
                """, arguments: [since]).map {
                Total(family: $0["family_key"], provider: $0["provider"], generations: $0["n"], inputTokens: $0["i"],
                      outputTokens: $0["o"], images: $0["img"])
            }
        }
    }
}
