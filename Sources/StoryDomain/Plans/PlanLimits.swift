/// What a plan allows.
public struct PlanLimits: Sendable, Equatable {
    public var storiesPerDay: Int
    public var maxPages: Int
    /// Growth Collections are a premium feature.
    public var collections: Bool

    public init(storiesPerDay: Int, maxPages: Int, collections: Bool) {
        self.storiesPerDay = max(0, storiesPerDay)
        self.maxPages = maxPages
        self.collections = collections
    }
}
