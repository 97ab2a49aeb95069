import Foundation

/// How many model calls (text, pictures, narration) may be made per UTC day: by one family,
/// and by the whole service. Calls made by the built-in writer and illustrator are not model
/// calls: they cost nothing and are never limited.
public struct ModelBudget: Sendable, Equatable {
    /// Calls per family (a Discord server, a web chat room) per day.
    public var familyDailyCalls: Int
    /// Calls by everyone together per day.
    public var serviceDailyCalls: Int

    public init(familyDailyCalls: Int = Self.defaultFamilyDailyCalls, serviceDailyCalls: Int = Self.defaultServiceDailyCalls) {
        self.familyDailyCalls = max(0, familyDailyCalls)
        self.serviceDailyCalls = max(0, serviceDailyCalls)
    }

    /// About eight five-page stories a day (one text call and five pictures each, a repair or
    /// retry here and there): a family install's bill stays small.
    public static let defaultFamilyDailyCalls = 60
    /// A few families' days; with today's prices at most a few dollars of pictures.
    public static let defaultServiceDailyCalls = 200

    /// The rule, decided inside the ledger's transaction from the calls `count` begun today:
    /// the budget that refuses one more call for `family` (the service's first; a call for
    /// nobody in particular counts against the service only), or nil when it may be made.
    public func exhausted(by count: ModelCallCount, family: FamilyRef?) -> ModelBudgetExhausted.Scope? {
        if count.service >= serviceDailyCalls { return .service }
        if family != nil, count.family >= familyDailyCalls { return .family }
        return nil
    }
}

/// The day's model calls are used up: the family's (or the whole service's) budget.
public struct ModelBudgetExhausted: Error, Sendable, Equatable, TransientAwareError {
    public enum Scope: String, Sendable, Equatable {
        case family, service
    }

    public var scope: Scope
    public var limit: Int
    /// When the budget starts again (the next UTC midnight).
    public var resetsAt: Date
    public var waitSeconds: Int

    public init(scope: Scope, limit: Int, resetsAt: Date, now: Date) {
        self.scope = scope
        self.limit = limit
        self.resetsAt = resetsAt
        waitSeconds = max(0, Int(resetsAt.timeIntervalSince(now)))
    }

    /// Not before tomorrow: the job fails now rather than waiting a day.
    public var isTransient: Bool { false }
    public var failureReason: StoryFailureReason { .modelBudgetSpent }
}
