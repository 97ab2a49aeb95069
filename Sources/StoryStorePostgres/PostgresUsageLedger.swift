import Foundation
import PostgresNIO
import StoryDomain

/// The usage ledger: what the providers were asked for. `usage_ledger` holds one row per
/// generation (tokens and images, as the provider reported them); `model_call` one row per
/// request sent to a provider, whatever its outcome, from which the day's model-call budgets
/// are counted. Admitting a call holds a transaction-scoped advisory lock, so that calls begun
/// at once (on any process) are counted one after the other: under READ COMMITTED two
/// transactions could otherwise both count the same rows and both pass the last slot.
public struct PostgresUsageLedger: UsageLedger, ModelCallLedger {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) { self.database = database }

    public func record(_ entry: UsageEntry) async throws {
        _ = try await database.rows("""
            INSERT INTO usage_ledger (family_key, story_id, provider, model, input_tokens, output_tokens, images, created_at)
            VALUES (\(entry.family.key), \(entry.storyID.rawValue), \(entry.usage.provider), \(entry.usage.model),
                \(entry.usage.inputTokens), \(entry.usage.outputTokens), \(entry.usage.images), \(entry.at))
            """)
    }

    // MARK: Model calls

    /// The advisory lock key under which model calls are admitted ("msbudget").
    static let budgetLockKey: Int64 = 0x6D73_6275_6467_6574

    public func begin(_ call: ModelCall, budget: ModelBudget, since: Date) async throws -> ModelCallAdmission {
        try await database.transaction { transaction in
            // The service budget is shared by every family, so one lock for all: admissions are
            // a handful per story, and each holds it for two short statements.
            try await transaction.execute("SELECT pg_advisory_xact_lock(\(Self.budgetLockKey))")
            let count = try await Self.count(by: call.family, since: since, in: transaction)
            if let scope = budget.exhausted(by: count, family: call.family) { return .refused(scope) }
            guard let row = try await transaction.rows("""
                INSERT INTO model_call (family_key, story_id, provider, model, kind, started_at)
                VALUES (\(call.family?.key), \(call.storyID?.rawValue), \(call.provider), \(call.model), \(call.kind.rawValue), \(call.at))
                RETURNING id
                """).first else { throw PostgresStoreError.corrupt("model_call", "insert returned nothing") }
            return .admitted(try row.decode(Int64.self, "id"))
        }
    }

    public func finish(_ id: Int64, outcome: ModelCallOutcome, status: Int?, at date: Date) async throws {
        _ = try await database.rows("""
            UPDATE model_call SET outcome = \(outcome.rawValue), status = \(status), ended_at = \(date) WHERE id = \(id)
            """)
    }

    public func callsBegun(by family: FamilyRef?, since: Date) async throws -> ModelCallCount {
        try await database.transaction { transaction in try await Self.count(by: family, since: since, in: transaction) }
    }

    private static func count(by family: FamilyRef?, since: Date, in transaction: Transaction) async throws -> ModelCallCount {
        let row = try await transaction.rows("""
            SELECT COUNT(*) AS service, COUNT(*) FILTER (WHERE family_key = \(family?.key)) AS family
            FROM model_call WHERE started_at >= \(since)
            """).first
        return ModelCallCount(family: family == nil ? 0 : try row?.decode(Int.self, "family") ?? 0,
                              service: try row?.decode(Int.self, "service") ?? 0)
    }

    /// Totals per family and provider since `since`, largest first: calls from `model_call`,
    /// generations, tokens and images from `usage_ledger`.
    public func totals(since: Date) async throws -> [UsageTotal] {
        let failures = ModelCallOutcome.failures.map(\.rawValue)
        return try await database.rows("""
            SELECT family_key, provider, SUM(n)::bigint AS n, SUM(c)::bigint AS c, SUM(f)::bigint AS f, SUM(i)::bigint AS i,
                SUM(o)::bigint AS o, SUM(img)::bigint AS img FROM (
                SELECT family_key, provider, COUNT(*) AS n, 0 AS c, 0 AS f,
                       SUM(input_tokens) AS i, SUM(output_tokens) AS o, SUM(images) AS img
                FROM usage_ledger WHERE created_at >= \(since) GROUP BY family_key, provider
                UNION ALL
                SELECT coalesce(family_key, '-'), provider, 0, COUNT(*),
                       COUNT(*) FILTER (WHERE outcome = ANY(\(failures))), 0, 0, 0
                FROM model_call WHERE started_at >= \(since) GROUP BY family_key, provider
            ) totals GROUP BY family_key, provider ORDER BY SUM(c) DESC, SUM(i) + SUM(o) DESC, SUM(img) DESC
            """).map {
            UsageTotal(family: try $0["family_key"], provider: try $0["provider"], generations: try $0["n"], calls: try $0["c"],
                       failedCalls: try $0["f"], inputTokens: try $0["i"], outputTokens: try $0["o"], images: try $0["img"])
        }
    }
}
