import Foundation

/// One request sent to a model provider.
public struct ModelCall: Sendable, Equatable {
    public var provider: String
    /// The model (and method) asked, never a URL or a key.
    public var model: String
    public var kind: ModelCallKind
    /// Nil for calls made for nobody in particular.
    public var family: FamilyRef?
    public var storyID: StoryID?
    public var at: Date

    public init(provider: String, model: String, kind: ModelCallKind, family: FamilyRef?, storyID: StoryID?, at: Date) {
        self.provider = provider
        self.model = model
        self.kind = kind
        self.family = family
        self.storyID = storyID
        self.at = at
    }
}

/// How a model call ended.
public enum ModelCallOutcome: String, Sendable, Codable, CaseIterable {
    /// A 2xx answer (its content may still be refused or unusable).
    case answered
    /// An error status (4xx, 5xx).
    case failed
    /// No answer within the time allowed.
    case timedOut
    /// The connection failed, or the service stopped while waiting.
    case broken

    /// Whether the call counts as failed in the usage totals (no answer, or an error status).
    public var isFailure: Bool { self != .answered }

    /// The outcomes that count as failed, for the stores' totals.
    public static let failures = allCases.filter(\.isFailure)
}

/// Whether a call may be made under the day's budget.
public enum ModelCallAdmission: Sendable, Equatable {
    /// Recorded as begun, with its ledger id.
    case admitted(Int64)
    /// Not recorded: that budget is used up.
    case refused(ModelBudgetExhausted.Scope)
}

/// Model calls begun in a period: by one family and by everyone.
public struct ModelCallCount: Sendable, Equatable {
    public var family: Int
    public var service: Int

    public init(family: Int, service: Int) {
        self.family = family
        self.service = service
    }
}

/// The model-call side of the usage ledger: one row per request sent to a provider, whatever
/// its outcome (failed calls, retries and repairs included), written before the request goes
/// out so that the budget holds across concurrent stories and processes.
public protocol ModelCallLedger: Sendable {
    /// In one transaction: counts the calls begun since `since` by `call.family` and by
    /// everyone, and records `call` as begun unless ``ModelBudget/exhausted(by:family:)`` refuses it.
    func begin(_ call: ModelCall, budget: ModelBudget, since: Date) async throws -> ModelCallAdmission
    /// The call begun as `id` ended.
    func finish(_ id: Int64, outcome: ModelCallOutcome, status: Int?, at: Date) async throws
    /// Calls begun since `since` by `family` (0 when nil) and by everyone.
    func callsBegun(by family: FamilyRef?, since: Date) async throws -> ModelCallCount
}
