import Foundation

/// Growth Collections: starts them with their first story, makes each next story when the one
/// before is read (so cost follows use), and keeps progress and achievements. The next stories
/// are made on the collection owner's plan in the family, under the family's parental controls;
/// they never use anyone's daily quota.
public struct CollectionService: Sendable {
    public static let storyCounts = 3...7
    private let store: any CollectionStore
    private let stories: StoryService
    private let policy: FamilyPolicy
    private let clock: any WallClock
    private let jobAdded: @Sendable () -> Void
    private let remakesPerDay: Int

    /// Times a day an entry whose story could not be finished may be made again.
    public static let defaultRemakesPerDay = 2

    /// - Parameters:
    ///   - policy: plans and parental controls, for making a collection's next stories.
    ///   - remakesPerDay: times a day one entry whose story failed may be made again (each
    ///     costs model calls and no one's quota).
    ///   - jobAdded: called after a story's job is stored (wakes the worker pool).
    public init(store: any CollectionStore, stories: StoryService, policy: FamilyPolicy, clock: any WallClock,
                remakesPerDay: Int = Self.defaultRemakesPerDay, jobAdded: @escaping @Sendable () -> Void) {
        self.store = store
        self.stories = stories
        self.policy = policy
        self.clock = clock
        self.remakesPerDay = max(0, remakesPerDay)
        self.jobAdded = jobAdded
    }

    /// Validates the request and builds the collection and its first story; nothing is stored yet.
    public func prepare(goal rawGoal: String, heroName: String?, age: String?, companion: String?, storyCount: String?,
                        language: String?, family: FamilyRef, requester: Requester, limits: StoryLimits,
                        cast: [CastMember] = [], pronouns: String? = nil,
                        companionMember: CastMember? = nil) throws -> PreparedCollection {
        guard let goal = GrowthGoal(userInput: rawGoal) else {
            throw CollectionError.unknownGoal(String(TextSanitizer().cleanLine(rawGoal).prefix(30)))
        }
        var count = 5
        if let raw = storyCount?.trimmingCharacters(in: .whitespaces), !raw.isEmpty {
            guard let value = Int(raw.prefix(6)) else { throw StoryRequestError.notANumber(field: "stories", value: String(raw.prefix(12))) }
            count = value
        }
        guard Self.storyCounts.contains(count) else { throw CollectionError.storyCountOutOfRange(count, allowed: Self.storyCounts) }
        // Validate the hero, age, companion and language through the story validator, with the first step's theme.
        let firstStep = goal.steps(count: 1)[0]
        let placeholder = firstStep.theme.replacingOccurrences(of: "{hero}", with: "the hero")
        // The hero's pronouns go with the first story; the next ones keep its sheet's hero (and so them).
        let draft = StoryRequestDraft(theme: placeholder, heroName: heroName, age: age, companion: companion, language: language,
                                      pronouns: pronouns)
        // The family's cast members are the heroes of every story of the collection (kept in the first one's sheet).
        var first = try stories.prepareStory(draft, family: family, requester: requester, limits: limits, cast: cast,
                                             companionMember: companionMember)
        var generator = SystemRandomNumberGenerator()
        let collection = GrowthCollection(
            id: .random(), family: family, requester: requester, goal: goal, heroName: first.request.heroName,
            age: first.request.age, companion: first.request.companion, language: first.request.language,
            storyCount: count, seed: generator.next(), createdAt: clock.now())
        first.request.theme = collection.steps[0].theme
        return PreparedCollection(collection: collection, firstStory: first)
    }

    /// Stores the collection and its first story's job (the quota is checked in that transaction).
    public func start(_ prepared: PreparedCollection, delivery: DeliveryAddress, quota: DailyQuota?) async throws {
        _ = try await store.createCollection(prepared.collection, firstStory: prepared.firstStory, delivery: delivery, quota: quota)
        jobAdded()
    }

    public func collections(of family: FamilyRef) async throws -> [CollectionProgress] {
        try await store.collections(of: family)
    }

    /// A collection of this family, by id or by words of its title or goal (newest match).
    public func find(_ query: String, in family: FamilyRef) async throws -> CollectionProgress {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        if let id = CollectionID(rawValue: trimmed), let found = try await store.collection(id), found.collection.family == family {
            return found
        }
        let words = TextSanitizer().cleanLine(trimmed).lowercased()
        let all = try await store.collections(of: family)
        guard let match = all.first(where: { words.isEmpty || $0.collection.title.lowercased().contains(words)
            || $0.collection.goal.displayName.lowercased().contains(words) })
        else { throw CollectionError.notFound }
        return match
    }

    /// Collections whose title contains the text (for autocomplete).
    public func suggestions(_ text: String, in family: FamilyRef, limit: Int) async throws -> [GrowthCollection] {
        let words = TextSanitizer().cleanLine(text).lowercased()
        return try await store.collections(of: family).map(\.collection)
            .filter { words.isEmpty || $0.title.lowercased().contains(words) }
            .prefix(limit).map { $0 }
    }

    public func collection(_ id: CollectionID, family: FamilyRef) async throws -> CollectionProgress? {
        guard let found = try await store.collection(id), found.collection.family == family else { return nil }
        return found
    }

    /// Deletes a collection with its stories, pictures and progress, if the one asking may.
    public func delete(_ id: CollectionID, family: FamilyRef, by requester: Requester, isManager: Bool) async throws {
        guard let found = try await collection(id, family: family) else { throw CollectionError.notFound }
        guard isManager || found.collection.requester.userID == requester.userID else { throw CollectionError.notAllowedToDelete }
        _ = try await store.deleteCollection(id)
    }

    /// The rules a collection's next story is made with: its owner's plan in the family (a
    /// collection continues only while that is premium) and the family's parental controls.
    /// - Parameter purchases: store purchases sent with the current input; only those covering
    ///   the owner or the family count.
    public func continuationRules(for collection: GrowthCollection, purchases: [PurchasedEntitlement] = []) async throws -> FamilyRules {
        try await policy.rules(for: collection.requester.userID, in: collection.family, purchases: purchases)
    }

    /// Someone reached the story's last page. The first time, it counts as read; in a collection
    /// whose owner is still premium, the next story is started (in the background) so it is ready
    /// for the next night. The next story is children's when the one read was, or a child read it.
    public func storyRead(_ story: Story, purchases: [PurchasedEntitlement] = [], readByChild: Bool = false) async throws -> ReadOutcome {
        var outcome = try await store.recordRead(of: story, at: clock.now())
        guard outcome.firstRead, let progress = outcome.collection,
              let next = progress.entries.first(where: { $0.storyID == nil })
        else { return outcome }
        // The read counts whatever happens next. If the next story cannot be made now (premium
        // ended, a language switched off, an avoided word), `/collection show` explains why.
        guard var rules = try? await continuationRules(for: progress.collection, purchases: purchases) else { return outcome }
        if readByChild || story.request.isForChildren { rules.limits.audience = .children }
        guard rules.plan.limits.collections else {
            outcome.nextNeedsPremium = true
            return outcome
        }
        if let nextStory = try? await prepareNext(next, of: progress, limits: rules.limits),
           (try? await add(nextStory, to: progress.collection.id, position: next.position, delivery: .background)) == true {
            if let updated = try? await store.collection(progress.collection.id) { outcome.collection = updated }
        }
        return outcome
    }

    /// Validates the story for an entry that has none yet against `limits` (the family's
    /// avoid-list, languages, illustrations, pages) and gives it the series' hero; nothing is
    /// stored yet, so a refusal leaves no trace.
    /// An entry whose story failed is remade at most `remakesPerDay` times a day
    /// (``CollectionError/remakeLimitReached(limit:resetsAt:waitSeconds:)``), and no story is
    /// made when the day's model calls are used up (``ModelBudgetExhausted``).
    public func prepareNext(_ entry: CollectionEntry, of progress: CollectionProgress, limits: StoryLimits) async throws -> Story {
        let collection = progress.collection
        if entry.storyID != nil {
            let now = clock.now()
            let day = DailyQuota.day(containing: now)
            if try await store.remakes(of: collection.id, position: entry.position, since: day.start) >= remakesPerDay {
                throw CollectionError.remakeLimitReached(limit: remakesPerDay, resetsAt: day.next,
                                                         waitSeconds: max(0, Int(day.next.timeIntervalSince(now))))
            }
        }
        try await stories.checkModelBudget(for: collection.family, audience: limits.audience)
        let draft = StoryRequestDraft(theme: entry.theme, heroName: collection.heroName, age: String(collection.age),
                                      companion: collection.companion, language: collection.language.rawValue)
        var story = try stories.prepareStory(draft, family: collection.family, requester: collection.requester, limits: limits)
        // The hero looks and acts the same across the series: reuse the first story's cast.
        if let firstID = progress.entries.first?.storyID, let first = try await stories.story(firstID, family: collection.family) {
            story.request.heroSheet = (first.request.heroSheet ?? first.sheet)?.forNextChapter
            // The pronouns the family gave for the series (kept on the first story's request, also when it failed).
            story.request.heroPronouns = first.request.heroPronouns ?? first.sheet?.hero.pronouns
            // A collection begun for children stays children's.
            if first.request.isForChildren { story.request.audience = .children }
        }
        return story
    }

    /// Stores a prepared story for the collection's `position` with its job (delivered to
    /// `delivery`), without any daily quota. Returns false when another request made it first.
    public func add(_ story: Story, to collection: CollectionID, position: Int, delivery: DeliveryAddress) async throws -> Bool {
        guard try await store.addStory(story, to: collection, position: position, delivery: delivery) else { return false }
        jobAdded()
        return true
    }
}
