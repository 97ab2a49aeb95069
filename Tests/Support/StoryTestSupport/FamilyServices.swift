import StoryDomain

/// The family-facing domain services over in-memory stores, wired as the composition root wires
/// them: stories, plans and settings, collections. `jobsAdded` records which service queued a job.
public struct FamilyServices: Sendable {
    public let clock = ManualWallClock()
    public let store: InMemoryStore
    public let entitlements = InMemoryEntitlementStore()
    public let jobsAdded = Recorder<String>()
    public let stories: StoryService
    public let policy: FamilyPolicy
    public let collections: CollectionService

    /// - Parameter quotas: which providers call a model and the built-in stories' cap (default:
    ///   every provider a model, so stories count toward the plan's stories per day).
    public init(quotas: DailyQuotaRules = DailyQuotaRules()) {
        store = InMemoryStore(clock: clock)
        let jobsAdded = self.jobsAdded
        stories = StoryService(repository: store, writerLanguages: Set(StoryLanguage.allCases), clock: clock,
                               jobAdded: { jobsAdded.append("story") })
        policy = FamilyPolicy(entitlements: EntitlementService(store: entitlements, catalog: PlanCatalog(), clock: clock),
                              settings: store, quotas: quotas)
        collections = CollectionService(store: store, stories: stories, policy: policy, clock: clock,
                                        jobAdded: { jobsAdded.append("collection") })
    }
}
