import Foundation
import StoryDomain
import StoryTestSupport
import Testing

/// Collections over in-memory stores: the family's stories, settings and premium.
private struct CollectionHarness {
    static let family = FamilyRef(platform: "discord", externalID: "100")
    static let owner = Requester(userID: "parent", displayName: "Parent")

    let services = FamilyServices()
    var clock: ManualWallClock { services.clock }
    var store: InMemoryStore { services.store }
    var entitlements: InMemoryEntitlementStore { services.entitlements }
    var jobsAdded: Recorder<String> { services.jobsAdded }
    var stories: StoryService { services.stories }
    var service: CollectionService { services.collections }

    func grantPremium(to requester: Requester = owner) async throws {
        _ = try await entitlements.grant(.user(platform: Self.family.platform, userID: requester.userID), by: "admin",
                                         at: clock.now(), until: nil, reason: nil)
    }

    func prepare(goal: String = "bravery", stories count: String? = "3", by requester: Requester = owner,
                 family: FamilyRef = family) throws -> PreparedCollection {
        try service.prepare(goal: goal, heroName: "Mia", age: "5", companion: nil, storyCount: count, language: nil,
                            family: family, requester: requester, limits: StoryLimits())
    }

    /// Starts a collection and gives its first story a written text (so its cast can be reused).
    func start(goal: String = "bravery", stories count: String? = "3") async throws -> CollectionProgress {
        let prepared = try prepare(goal: goal, stories: count)
        try await service.start(prepared, delivery: StoryFixtures.delivery(), quota: DailyQuota(storiesPerDay: 3))
        try await store.saveText(StoryFixtures.written(for: prepared.firstStory.request), for: prepared.firstStory.id)
        return try #require(try await store.collection(prepared.collection.id))
    }

    /// Reads the story at `position` to its last page.
    func read(_ progress: CollectionProgress, position: Int) async throws -> ReadOutcome {
        let id = try #require(progress.entries[position - 1].storyID)
        let story = try #require(try await store.story(id))
        return try await service.storyRead(story)
    }
}

@Suite("CollectionService")
struct CollectionServiceTests {
    @Test("preparing checks the goal and the number of stories, and themes the first story")
    func prepare() throws {
        let harness = CollectionHarness()
        #expect(throws: CollectionError.unknownGoal("dragons")) { try harness.prepare(goal: "dragons") }
        #expect(throws: CollectionError.storyCountOutOfRange(9, allowed: 3...7)) { try harness.prepare(stories: "9") }
        #expect(throws: StoryRequestError.notANumber(field: "stories", value: "lots")) { try harness.prepare(stories: "lots") }

        let prepared = try harness.prepare(goal: "Big feelings", stories: nil)
        #expect(prepared.collection.goal == .bigFeelings)
        #expect(prepared.collection.storyCount == 5, "five stories unless asked otherwise")
        #expect(prepared.firstStory.request.theme == prepared.collection.steps[0].theme)
        #expect(prepared.firstStory.request.theme.contains("Mia"))
    }

    @Test("starting stores the collection, its first story and that story's job, counted in the quota")
    func start() async throws {
        let harness = CollectionHarness()
        let progress = try await harness.start()
        #expect(progress.entries.map(\.position) == [1, 2, 3])
        #expect(progress.entries.map { $0.storyID != nil } == [true, false, false])
        let first = try #require(progress.entries[0].storyID)
        #expect(try await harness.store.job(for: first)?.delivery == StoryFixtures.delivery())
        #expect(try await harness.store.story(first)?.collection?.position == 1)
        #expect(harness.jobsAdded.all == ["collection"])
        #expect(await harness.store.quotaUsesCounting(for: CollectionHarness.owner, on: "discord") == 1)
    }

    @Test("a collection is found by id or words, only in its own family")
    func find() async throws {
        let harness = CollectionHarness()
        let bravery = try await harness.start(goal: "bravery")
        harness.clock.advance(by: 60)
        let kindness = try await harness.start(goal: "kindness")
        let family = CollectionHarness.family

        #expect(try await harness.service.find(bravery.collection.id.rawValue, in: family).collection.id == bravery.collection.id)
        #expect(try await harness.service.find("kind", in: family).collection.id == kindness.collection.id)
        #expect(try await harness.service.find("", in: family).collection.id == kindness.collection.id, "the newest")
        await #expect(throws: CollectionError.notFound) {
            try await harness.service.find(bravery.collection.id.rawValue, in: FamilyRef(platform: "discord", externalID: "200"))
        }
        #expect(try await harness.service.suggestions("brav", in: family, limit: 5).map(\.id) == [bravery.collection.id])
    }

    @Test("only its owner or a manager may delete a collection; its stories go with it")
    func delete() async throws {
        let harness = CollectionHarness()
        let progress = try await harness.start()
        let id = progress.collection.id
        let family = CollectionHarness.family
        let someone = Requester(userID: "someone", displayName: "Someone")
        await #expect(throws: CollectionError.notAllowedToDelete) {
            try await harness.service.delete(id, family: family, by: someone, isManager: false)
        }
        try await harness.service.delete(id, family: family, by: someone, isManager: true)
        #expect(try await harness.store.collection(id) == nil)
        #expect(try await harness.store.story(try #require(progress.entries[0].storyID)) == nil)
    }

    @Test("the first read of a story makes the next one, on the owner's premium, with the same cast")
    func readMakesNext() async throws {
        let harness = CollectionHarness()
        try await harness.grantPremium()
        let progress = try await harness.start()

        let outcome = try await harness.read(progress, position: 1)
        #expect(outcome.firstRead)
        #expect(outcome.earned.map(\.kind) == [.firstStory])
        let next = try #require(outcome.collection?.entries[1].storyID)
        let story = try #require(try await harness.store.story(next))
        #expect(story.request.theme == progress.collection.steps[1].theme)
        #expect(story.request.heroSheet == StoryFixtures.sheet, "the series keeps its hero")
        #expect(try await harness.store.job(for: next)?.delivery == .background, "made ahead, nobody waits on a message")
        #expect(harness.jobsAdded.all == ["collection", "collection"])
        #expect(await harness.store.quotaUsesCounting(for: CollectionHarness.owner, on: "discord") == 1, "the next stories use no quota")

        let again = try await harness.read(progress, position: 1)
        #expect(!again.firstRead && again.earned.isEmpty)
        #expect(harness.jobsAdded.count == 2, "read twice, made once")
    }

    @Test("the pronouns given for a collection go with its first story and every next one")
    func pronounsKept() async throws {
        let harness = CollectionHarness()
        try await harness.grantPremium()
        let prepared = try harness.service.prepare(goal: "bravery", heroName: "Mia", age: "5", companion: nil, storyCount: "3",
                                                   language: nil, family: CollectionHarness.family, requester: CollectionHarness.owner,
                                                   limits: StoryLimits(), pronouns: "she")
        #expect(prepared.firstStory.request.heroPronouns == .she)
        try await harness.service.start(prepared, delivery: StoryFixtures.delivery(), quota: DailyQuota(storiesPerDay: 3))
        try await harness.store.saveText(StoryFixtures.written(for: prepared.firstStory.request), for: prepared.firstStory.id)
        let progress = try #require(try await harness.store.collection(prepared.collection.id))
        let outcome = try await harness.read(progress, position: 1)
        let next = try #require(outcome.collection?.entries[1].storyID)
        #expect(try await harness.store.story(next)?.request.heroPronouns == .she)
    }

    @Test("when the owner's premium has ended, the read counts but the next story waits")
    func nextNeedsPremium() async throws {
        let harness = CollectionHarness()
        let progress = try await harness.start()
        let outcome = try await harness.read(progress, position: 1)
        #expect(outcome.firstRead && outcome.nextNeedsPremium)
        #expect(outcome.collection?.entries[1].storyID == nil)
    }

    @Test("a next story the family's settings refuse is not made, and leaves no trace")
    func nextRefusedBySettings() async throws {
        let harness = CollectionHarness()
        try await harness.grantPremium()
        let progress = try await harness.start(goal: "bravery")
        // Step 2 of bravery: "… asks for help when something is hard".
        try await harness.store.save(FamilySettings(avoidList: ["help"]), for: CollectionHarness.family, by: "manager")
        let outcome = try await harness.read(progress, position: 1)
        #expect(outcome.firstRead)
        #expect(outcome.collection?.entries[1].storyID == nil)
        let rules = try await harness.service.continuationRules(for: progress.collection)
        await #expect(throws: StoryRequestError.avoidedTopic("help")) {
            try await harness.service.prepareNext(progress.entries[1], of: progress, limits: rules.limits)
        }
    }

    @Test("reading the last story completes the collection, once")
    func completes() async throws {
        let harness = CollectionHarness()
        try await harness.grantPremium()
        var progress = try await harness.start()
        var outcome = ReadOutcome(firstRead: false, earned: [], collection: nil)
        for position in 1...3 {
            outcome = try await harness.read(progress, position: position)
            progress = try #require(outcome.collection)
        }
        #expect(progress.isComplete)
        #expect(progress.collection.completedAt == harness.clock.now())
        #expect(outcome.earned.contains(Achievement(kind: .collectionComplete, detail: progress.collection.id.rawValue,
                                                    label: progress.collection.title)))
    }

    @Test("a position keeps the story made for it; only a failed one is replaced")
    func addOnce() async throws {
        let harness = CollectionHarness()
        let progress = try await harness.start()
        let rules = try await harness.service.continuationRules(for: progress.collection)
        let entry = progress.entries[1]
        let first = try await harness.service.prepareNext(entry, of: progress, limits: rules.limits)
        let second = try await harness.service.prepareNext(entry, of: progress, limits: rules.limits)
        let id = progress.collection.id

        #expect(try await harness.service.add(first, to: id, position: 2, delivery: .background))
        #expect(try await harness.service.add(second, to: id, position: 2, delivery: .background) == false)
        try await harness.store.setStatus(.failed, for: first.id, reason: "writerFailed")
        #expect(try await harness.service.add(second, to: id, position: 2, delivery: .background))
        #expect(try await harness.store.collection(id)?.entries[1].storyID == second.id)
        #expect(try await harness.store.story(first.id) == nil, "the failed story made way")
    }
}
