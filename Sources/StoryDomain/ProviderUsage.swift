import Foundation

/// What one generation used at a provider: for the usage ledger admins read.
public struct ProviderUsage: Hashable, Sendable, Codable {
    public var provider: String
    public var model: String
    public var inputTokens: Int
    public var outputTokens: Int
    public var images: Int

    public init(provider: String, model: String, inputTokens: Int = 0, outputTokens: Int = 0, images: Int = 0) {
        self.provider = provider
        self.model = model
        self.inputTokens = inputTokens
        self.outputTokens = outputTokens
        self.images = images
    }
}

/// One line of the usage ledger.
public struct UsageEntry: Sendable, Equatable {
    public var family: FamilyRef
    public var storyID: StoryID
    public var usage: ProviderUsage
    public var at: Date

    public init(family: FamilyRef, storyID: StoryID, usage: ProviderUsage, at: Date) {
        self.family = family
        self.storyID = storyID
        self.usage = usage
        self.at = at
    }
}

/// Records tokens and images used per family and provider.
public protocol UsageLedger: Sendable {
    func record(_ entry: UsageEntry) async throws
}
