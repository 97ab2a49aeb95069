import Foundation

/// What one family asked of one provider in a period: calls from the model-call ledger;
/// generations, tokens and images from the usage ledger (for `magical-stories usage`).
public struct UsageTotal: Sendable, Equatable {
    /// The family's key (``FamilyRef/key``), or `-` for calls made for nobody in particular.
    public var family: String
    public var provider: String
    /// Generations with a result (a written story, a picture).
    public var generations: Int
    /// Requests sent to the provider, and how many of them failed (``ModelCallOutcome/isFailure``).
    public var calls: Int
    public var failedCalls: Int
    public var inputTokens: Int
    public var outputTokens: Int
    public var images: Int

    public init(family: String, provider: String, generations: Int, calls: Int, failedCalls: Int, inputTokens: Int,
                outputTokens: Int, images: Int) {
        self.family = family
        self.provider = provider
        self.generations = generations
        self.calls = calls
        self.failedCalls = failedCalls
        self.inputTokens = inputTokens
        self.outputTokens = outputTokens
        self.images = images
    }
}
