import Foundation
import StoryDomain

/// The usage ledger, written once for both engines: `usage_ledger` holds one row per generation
/// (tokens and images, as the provider reported them); `model_call` one row per request sent to
/// a provider, whatever its outcome (failed calls, retries and repairs included), from which the
/// day's model-call budgets are counted (``ModelBudget/exhausted(by:family:)`` decides).
///
/// A call is admitted in one transaction: on SQLite its write lock, on PostgreSQL a
/// transaction-scoped advisory lock, makes calls begun at once (on any process) count one after
/// the other, so that two cannot both take the last slot.
public struct SQLUsageLedger: UsageLedger, ModelCallLedger {
    /// The advisory lock key under which PostgreSQL admits model calls ("msbudget").
    static let budgetLockKey: Int64 = 0x6D73_6275_6467_6574
    private let executor: any SQLExecutor

    public init(database: some SQLDatabase) { executor = database.executor }

    public func record(_ entry: UsageEntry) async throws {
        try await executor.execute("""
            INSERT INTO usage_ledger (family_key, story_id, provider, model, input_tokens, output_tokens, images, created_at)
            VALUES (\(entry.family.key), \(entry.storyID.rawValue), \(entry.usage.provider), \(entry.usage.model),
                \(entry.usage.inputTokens), \(entry.usage.outputTokens), \(entry.usage.images), \(entry.at))
            """)
    }

    public func begin(_ call: ModelCall, budget: ModelBudget, since: Date) async throws -> ModelCallAdmission {
        try await executor.transaction { executor in
            if executor.dialect == .postgres {
                // The service budget is shared by every family, so one lock for all.
                try await executor.execute("SELECT pg_advisory_xact_lock(\(Self.budgetLockKey))")
            }
            let count = try await Self.count(by: call.family, since: since, in: executor)
            if let scope = budget.exhausted(by: count, family: call.family) { return .refused(scope) }
            guard let row = try await executor.row("""
                INSERT INTO model_call (family_key, story_id, provider, model, kind, started_at)
                VALUES (\(call.family?.key), \(call.storyID?.rawValue), \(call.provider), \(call.model), \(call.kind.rawValue), \(call.at))
                RETURNING id
                """) else { throw StoreSQLError.corrupt("model_call", "insert returned nothing") }
            return .admitted(try row["id"])
        }
    }

    public func finish(_ id: Int64, outcome: ModelCallOutcome, status: Int?, at date: Date) async throws {
        try await executor.execute("UPDATE model_call SET outcome = \(outcome.rawValue), status = \(status), ended_at = \(date) WHERE id = \(id)")
    }

    public func callsBegun(by family: FamilyRef?, since: Date) async throws -> ModelCallCount {
        try await Self.count(by: family, since: since, in: executor)
    }

    private static func count(by family: FamilyRef?, since: Date, in executor: any SQLExecutor) async throws -> ModelCallCount {
        let row = try await executor.row("""
            SELECT COUNT(*) AS service, CAST(COALESCE(SUM(CASE WHEN family_key = \(family?.key) THEN 1 ELSE 0 END), 0) AS BIGINT) AS family
            FROM model_call WHERE started_at >= \(since)
            """)
        return ModelCallCount(family: family == nil ? 0 : try row?["family"] ?? 0, service: try row?["service"] ?? 0)
    }

    /// Every model call since `since`, oldest first (for tests and audits).
    public func calls(since: Date) async throws -> [(call: ModelCall, outcome: String, status: Int?)] {
        try await executor.rows("SELECT * FROM model_call WHERE started_at >= \(since) ORDER BY id").map { row in
            let key: String? = try row["family_key"]
            let family = key.flatMap { key -> FamilyRef? in
                guard let colon = key.firstIndex(of: ":") else { return nil }
                return FamilyRef(platform: Platform(rawValue: String(key[..<colon])), externalID: String(key[key.index(after: colon)...]))
            }
            let storyID: String? = try row["story_id"]
            let call = ModelCall(provider: try row["provider"], model: try row["model"],
                                 kind: ModelCallKind(rawValue: try row["kind"]) ?? .text, family: family,
                                 storyID: storyID.flatMap(StoryID.init(rawValue:)), at: try row["started_at"])
            return (call, try row["outcome"], try row["status"])
        }
    }

    /// Totals per family and provider since `since`, largest first: calls from `model_call`,
    /// generations, tokens and images from `usage_ledger`.
    public func totals(since: Date) async throws -> [UsageTotal] {
        let failures = ModelCallOutcome.failures.map(\.rawValue)
        return try await executor.rows("""
            SELECT family_key, provider, CAST(SUM(n) AS BIGINT) AS n, CAST(SUM(c) AS BIGINT) AS c, CAST(SUM(f) AS BIGINT) AS f,
                CAST(SUM(i) AS BIGINT) AS i, CAST(SUM(o) AS BIGINT) AS o, CAST(SUM(img) AS BIGINT) AS img FROM (
                SELECT family_key, provider, COUNT(*) AS n, 0 AS c, 0 AS f,
                       SUM(input_tokens) AS i, SUM(output_tokens) AS o, SUM(images) AS img
                FROM usage_ledger WHERE created_at >= \(since) GROUP BY family_key, provider
                UNION ALL
                SELECT coalesce(family_key, '-'), provider, 0, COUNT(*),
                       SUM(CASE WHEN outcome IN \(list: failures) THEN 1 ELSE 0 END), 0, 0, 0
                FROM model_call WHERE started_at >= \(since) GROUP BY family_key, provider
            ) totals GROUP BY family_key, provider ORDER BY SUM(c) DESC, SUM(i) + SUM(o) DESC, SUM(img) DESC
            """).map {
            UsageTotal(family: try $0["family_key"], provider: try $0["provider"], generations: try $0["n"], calls: try $0["c"],
                       failedCalls: try $0["f"], inputTokens: try $0["i"], outputTokens: try $0["o"], images: try $0["img"])
        }
    }
}
