import Foundation
import StoryDomain

/// The usage ledger in memory: every entry and every model call, in the order recorded, with
/// the budgets counted as the SQLite ledger counts them (calls begun, whatever their outcome).
public actor InMemoryUsageLedger: UsageLedger, ModelCallLedger {
    private var recorded: [UsageEntry] = []
    private var modelCalls: [(call: ModelCall, outcome: ModelCallOutcome?, status: Int?)] = []

    public init() {}

    public func record(_ entry: UsageEntry) async throws {
        recorded.append(entry)
    }

    public var entries: [UsageEntry] { recorded }

    /// Every model call begun, with its outcome (nil while pending).
    public var calls: [(call: ModelCall, outcome: ModelCallOutcome?, status: Int?)] { modelCalls }

    public func begin(_ call: ModelCall, budget: ModelBudget, since: Date) async throws -> ModelCallAdmission {
        let count = counted(by: call.family, since: since)
        if let scope = budget.exhausted(by: count, family: call.family) { return .refused(scope) }
        modelCalls.append((call, nil, nil))
        return .admitted(Int64(modelCalls.count))
    }

    public func finish(_ id: Int64, outcome: ModelCallOutcome, status: Int?, at date: Date) async throws {
        let index = Int(id) - 1
        guard modelCalls.indices.contains(index) else { return }
        modelCalls[index].outcome = outcome
        modelCalls[index].status = status
    }

    public func callsBegun(by family: FamilyRef?, since: Date) async throws -> ModelCallCount {
        counted(by: family, since: since)
    }

    private func counted(by family: FamilyRef?, since: Date) -> ModelCallCount {
        let today = modelCalls.filter { $0.call.at >= since }
        return ModelCallCount(family: family.map { ref in today.filter { $0.call.family == ref }.count } ?? 0, service: today.count)
    }
}

/// Refused requests in memory.
public actor InMemoryRefusedRequestLedger: RefusedRequestLedger {
    private var refused: [(platform: Platform, requesterID: String, at: Date)] = []

    public init() {}

    public func recordRefusal(by requester: Requester, on platform: Platform, at date: Date) async throws {
        refused.append((platform, requester.userID, date))
    }

    public func refusals(by requester: Requester, on platform: Platform, since: Date) async throws -> Int {
        refused.filter { $0.platform == platform && $0.requesterID == requester.userID && $0.at >= since }.count
    }
}
