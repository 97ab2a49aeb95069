import StoryDomain

/// The usage ledger in memory: every entry, in the order recorded.
public actor InMemoryUsageLedger: UsageLedger {
    private var recorded: [UsageEntry] = []

    public init() {}

    public func record(_ entry: UsageEntry) async throws {
        recorded.append(entry)
    }

    public var entries: [UsageEntry] { recorded }
}
