import Foundation
import GRDB
import StoryDomain

/// The usage ledger: what the providers were asked for. `usage_ledger` holds one row per
/// generation (tokens and images, as the provider reported them); `model_call` one row per
/// request sent to a provider, whatever its outcome (failed calls, retries and repairs
/// included), from which the day's model-call budgets are counted.
public struct SQLiteUsageLedger: UsageLedger, ModelCallLedger {
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

    // MARK: Model calls

    public func begin(_ call: ModelCall, budget: ModelBudget, since: Date) async throws -> ModelCallAdmission {
        try await database.writer.write { db in
            let count = try Self.count(by: call.family, since: since, in: db)
            if let scope = budget.exhausted(by: count, family: call.family) { return .refused(scope) }
            try db.execute(sql: """
                INSERT INTO model_call (family_key, story_id, provider, model, kind, started_at) VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: [call.family?.key, call.storyID?.rawValue, call.provider, call.model, call.kind.rawValue, call.at])
            return .admitted(db.lastInsertedRowID)
        }
    }

    public func finish(_ id: Int64, outcome: ModelCallOutcome, status: Int?, at date: Date) async throws {
        try await database.writer.write { db in
            try db.execute(sql: "UPDATE model_call SET outcome = ?, status = ?, ended_at = ? WHERE id = ?",
                           arguments: [outcome.rawValue, status, date, id])
        }
    }

    public func callsBegun(by family: FamilyRef?, since: Date) async throws -> ModelCallCount {
        try await database.writer.read { db in try Self.count(by: family, since: since, in: db) }
    }

    private static func count(by family: FamilyRef?, since: Date, in db: Database) throws -> ModelCallCount {
        let service = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM model_call WHERE started_at >= ?", arguments: [since]) ?? 0
        guard let family else { return ModelCallCount(family: 0, service: service) }
        let mine = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM model_call WHERE family_key = ? AND started_at >= ?",
                                    arguments: [family.key, since]) ?? 0
        return ModelCallCount(family: mine, service: service)
    }

    /// Every model call since `since`, oldest first (for tests and audits).
    public func calls(since: Date) async throws -> [(call: ModelCall, outcome: String, status: Int?)] {
        try await database.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM model_call WHERE started_at >= ? ORDER BY id", arguments: [since]).map { row in
                let key: String? = row["family_key"]
                let family = key.flatMap { key -> FamilyRef? in
                    guard let colon = key.firstIndex(of: ":") else { return nil }
                    return FamilyRef(platform: Platform(rawValue: String(key[..<colon])), externalID: String(key[key.index(after: colon)...]))
                }
                let call = ModelCall(provider: row["provider"], model: row["model"],
                                     kind: ModelCallKind(rawValue: row["kind"]) ?? .text, family: family,
                                     storyID: (row["story_id"] as String?).flatMap(StoryID.init(rawValue:)), at: row["started_at"])
                return (call, row["outcome"], row["status"])
            }
        }
    }

    /// Totals per family and provider since `since`, largest first: calls from `model_call`,
    /// generations, tokens and images from `usage_ledger`.
    public func totals(since: Date) async throws -> [UsageTotal] {
        try await database.writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT family_key, provider, SUM(n) AS n, SUM(c) AS c, SUM(f) AS f, SUM(i) AS i, SUM(o) AS o, SUM(img) AS img FROM (
                    SELECT family_key, provider, COUNT(*) AS n, 0 AS c, 0 AS f,
                           SUM(input_tokens) AS i, SUM(output_tokens) AS o, SUM(images) AS img
                    FROM usage_ledger WHERE created_at >= ? GROUP BY family_key, provider
                    UNION ALL
                    SELECT coalesce(family_key, '-'), provider, 0, COUNT(*),
                           SUM(outcome IN (\(Self.failedOutcomes))), 0, 0, 0
                    FROM model_call WHERE started_at >= ? GROUP BY family_key, provider
                ) GROUP BY family_key, provider ORDER BY c DESC, i + o DESC, img DESC
                """, arguments: [since, since]).map {
                UsageTotal(family: $0["family_key"], provider: $0["provider"], generations: $0["n"], calls: $0["c"],
                           failedCalls: $0["f"], inputTokens: $0["i"], outputTokens: $0["o"], images: $0["img"])
            }
        }
    }

    /// The outcomes counted as failed, as an SQL list of their (constant) names.
    private static let failedOutcomes = ModelCallOutcome.failures.map { "'\($0.rawValue)'" }.joined(separator: ", ")
}
