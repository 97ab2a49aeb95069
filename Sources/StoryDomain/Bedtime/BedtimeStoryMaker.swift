import Foundation

/// Makes tonight's story for a schedule, on the plan and quota of the grown-up who set it: the
/// next chapter of the family's newest chain (with its "Last time…"), else a new story with the
/// family's cast on a theme of its recent stories (a built-in one when there are none). The
/// story is stored with its job and made in the background; nothing is posted here.
public struct BedtimeStoryMaker: Sendable {
    let stories: StoryService
    let policy: FamilyPolicy
    let cast: CastService?

    public init(stories: StoryService, policy: FamilyPolicy, cast: CastService?) {
        self.stories = stories
        self.policy = policy
        self.cast = cast
    }

    /// Stores tonight's story and its job.
    /// - Throws: the refusal that stopped it (the owner's quota, the model budget, the screen),
    ///   for the grown-ups to be told.
    public func make(for schedule: BedtimeSchedule, seed: UInt64? = nil) async throws -> Story {
        let limits = try await policy.rules(for: schedule.owner.userID, in: schedule.family).limits
        var generator = SystemRandomNumberGenerator()
        let seed = seed ?? generator.next()
        var story = try await chapter(for: schedule, limits: limits, seed: seed)
        if story == nil { story = try await newStory(for: schedule, limits: limits, seed: seed) }
        guard let story else { throw ChapterError.noStoryYet }
        try await stories.checkModelBudget(for: schedule.family, audience: story.request.isForChildren ? .children : .family)
        try await stories.enqueue(story, delivery: .background, quota: limits.dailyQuota)
        return story
    }

    /// The next chapter of the newest chain, when the schedule continues and there is a story.
    private func chapter(for schedule: BedtimeSchedule, limits: StoryLimits, seed: UInt64) async throws -> Story? {
        guard schedule.story == .continueChain else { return nil }
        let newest: (previous: Story, chain: [StorySummary])
        do {
            newest = try await stories.storyToContinue(nil, family: schedule.family)
        } catch is ChapterError {
            return nil
        }
        return try await stories.prepareChapter(after: newest.previous, chain: newest.chain, requester: schedule.owner, limits: limits,
                                                seed: seed)
    }

    private func newStory(for schedule: BedtimeSchedule, limits: StoryLimits, seed: UInt64) async throws -> Story {
        let theme = try await theme(for: schedule, limits: limits, seed: seed)
        let heroes = Array(try await cast?.cast(of: schedule.family).prefix(CastLimits.maxHeroesPerStory) ?? [])
        return try await stories.screening(schedule.owner, on: schedule.family.platform) {
            try stories.prepareStory(StoryRequestDraft(theme: theme), family: schedule.family, requester: schedule.owner, limits: limits,
                                     seed: seed, cast: heroes)
        }
    }

    /// The grown-up's theme, else one of the family's recent themes, else a built-in one.
    private func theme(for schedule: BedtimeSchedule, limits: StoryLimits, seed: UInt64) async throws -> String {
        if let theme = schedule.story.theme { return theme }
        var recent: [String] = []
        for summary in try await stories.library(of: schedule.family, offset: 0, limit: 5).items {
            if let story = try await stories.story(summary.id, family: schedule.family) { recent.append(story.request.theme) }
        }
        let matcher = AvoidListMatcher(limits.avoidList)
        let usable = recent.filter { matcher.firstMatch(in: [$0]) == nil }
        guard !usable.isEmpty else { return ChapterPlanner().theme(seed: seed, earlierThemes: [], avoid: limits.avoidList) }
        return usable[Int(seed % UInt64(usable.count))]
    }
}
