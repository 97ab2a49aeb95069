import Foundation

/// Counts every request sent to a model provider and holds the day's budgets. The providers'
/// HTTP client calls ``begin(provider:model:)`` before each request and ``finish(_:outcome:status:)``
/// after it, so retries, repairs and failed calls are all in the ledger; the family and kind
/// come from ``ModelCallScope/current``. A call over budget is never sent: it throws
/// ``ModelBudgetExhausted``, which the pipeline answers with a built-in picture (for a page) or
/// a kind "resting until tomorrow" (for a story's text).
public struct ModelCallMeter: Sendable {
    /// A call that was let through, to finish.
    public struct Ticket: Sendable, Equatable {
        public var id: Int64
        public var call: ModelCall
    }

    /// What the meter saw, for metrics.
    public enum Event: Sendable, Equatable {
        /// A call ended (`provider`, `kind` and `outcome` are low-cardinality labels).
        case call(provider: String, kind: ModelCallKind, outcome: ModelCallOutcome)
        /// A call (`atRequest` false) or a story request (`atRequest` true) was refused by a budget.
        case refused(ModelBudgetExhausted.Scope, atRequest: Bool)
    }

    public let budget: ModelBudget
    private let ledger: any ModelCallLedger
    private let clock: any WallClock
    private let onEvent: @Sendable (Event) -> Void

    public init(ledger: any ModelCallLedger, budget: ModelBudget, clock: any WallClock,
                onEvent: @escaping @Sendable (Event) -> Void = { _ in }) {
        self.ledger = ledger
        self.budget = budget
        self.clock = clock
        self.onEvent = onEvent
    }

    /// Records a call about to be sent, under the day's budgets. Throws
    /// ``ModelBudgetExhausted`` (nothing recorded, nothing sent) when a budget is used up.
    public func begin(provider: String, model: String) async throws -> Ticket {
        let scope = ModelCallScope.current
        let now = clock.now()
        let day = DailyQuota.day(containing: now)
        let call = ModelCall(provider: provider, model: model, kind: scope?.kind ?? .text, family: scope?.family,
                             storyID: scope?.storyID, at: now)
        switch try await ledger.begin(call, budget: budget, since: day.start) {
        case let .admitted(id):
            return Ticket(id: id, call: call)
        case let .refused(scope):
            onEvent(.refused(scope, atRequest: false))
            throw exhausted(scope, now: now, next: day.next)
        }
    }

    /// The call ended. Never throws: a ledger that cannot be written leaves the call counted as begun.
    public func finish(_ ticket: Ticket, outcome: ModelCallOutcome, status: Int? = nil) async {
        try? await ledger.finish(ticket.id, outcome: outcome, status: status, at: clock.now())
        onEvent(.call(provider: ticket.call.provider, kind: ticket.call.kind, outcome: outcome))
    }

    /// Read-only, before a story is accepted: throws ``ModelBudgetExhausted`` when the family
    /// or the service has no model call left today. `reporting` tells the metrics about the
    /// refusal (off for look-ahead checks, so that one refused request counts once).
    public func checkBudget(for family: FamilyRef, reporting: Bool = true) async throws {
        let now = clock.now()
        let day = DailyQuota.day(containing: now)
        let count = try await ledger.callsBegun(by: family, since: day.start)
        let scope: ModelBudgetExhausted.Scope? = count.service >= budget.serviceDailyCalls ? .service
            : count.family >= budget.familyDailyCalls ? .family : nil
        guard let scope else { return }
        if reporting { onEvent(.refused(scope, atRequest: true)) }
        throw exhausted(scope, now: now, next: day.next)
    }

    /// Calls begun today: by `family` and by everyone.
    public func callsToday(by family: FamilyRef? = nil) async throws -> ModelCallCount {
        try await ledger.callsBegun(by: family, since: DailyQuota.day(containing: clock.now()).start)
    }

    private func exhausted(_ scope: ModelBudgetExhausted.Scope, now: Date, next: Date) -> ModelBudgetExhausted {
        ModelBudgetExhausted(scope: scope, limit: scope == .family ? budget.familyDailyCalls : budget.serviceDailyCalls,
                             resetsAt: next, now: now)
    }
}
