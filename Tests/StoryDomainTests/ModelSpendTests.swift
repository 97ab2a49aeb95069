import Foundation
import StoryDomain
import StoryTestSupport
import Testing

/// A model provider stand-in that does what the providers' HTTP client does for every request:
/// asks the meter first (throwing when over budget), then answers.
private struct MeteredWriter: StoryWriter {
    let meter: ModelCallMeter
    var name: String { "metered" }
    var supportedLanguages: Set<StoryLanguage> { Set(StoryLanguage.allCases) }

    func write(_ request: StoryRequest) async throws -> WrittenStory {
        let ticket = try await meter.begin(provider: "fake", model: "text-model")
        await meter.finish(ticket, outcome: .answered, status: 200)
        return StoryFixtures.written(for: request)
    }
}

private struct MeteredIllustrator: Illustrator {
    let meter: ModelCallMeter
    var name: String { "metered" }

    func illustrate(_ request: IllustrationRequest) async throws -> Illustration {
        let ticket = try await meter.begin(provider: "fake", model: "image-model")
        await meter.finish(ticket, outcome: .answered, status: 200)
        return Illustration(data: Data([0x89, 0x50, UInt8(request.pageNumber)]), contentType: "image/png", width: 96, height: 64)
    }
}

@Suite("Model spend: refunds, budgets, refused requests, remakes")
struct ModelSpendTests {
    static let quota = DailyQuota(storiesPerDay: 3)

    /// Runs one story whose writer fails with `error` (not to be retried) and says whether its
    /// quota slot is still taken.
    func slotKept(after error: any Error) async throws -> (kept: Bool, outcome: StoryPipeline.Outcome) {
        let harness = try await PipelineHarness(quota: Self.quota)
        let pipeline = harness.pipeline(writer: ScriptedWriter([.fail(error)]), illustrator: harness.illustrator(),
                                        retryPolicy: RetryPolicy(maxAttempts: 1))
        let outcome = await pipeline.process(try await harness.claim())
        let kept = await harness.store.quotaUsesCounting(for: harness.story.requester, on: harness.story.family.platform) == 1
        return (kept, outcome)
    }

    @Test("a refusal after model calls keeps the quota slot; the service's own failures give it back")
    func refundOnlyForTheServicesFault() async throws {
        let refused = try await slotKept(after: ClassifiedError(isTransient: false, failureReason: .unsafeContent))
        #expect(refused.kept && refused.outcome == .failed(.unsafeContent), "a model's safety block is no free retry")
        let screened = try await slotKept(after: GeneratedStoryChecker.Problem.avoidedWord("spiders"))
        #expect(screened.kept, "a written text the avoid-list refused keeps its slot too")
        let down = try await slotKept(after: ClassifiedError(isTransient: false, failureReason: .writerFailed))
        #expect(!down.kept && down.outcome == .failed(.writerFailed), "a provider that failed gives the slot back")
        let unknown = try await slotKept(after: CocoaError(.fileWriteOutOfSpace))
        #expect(!unknown.kept, "storage and bugs are the service's fault")
        let budget = ModelBudgetExhausted(scope: .service, limit: 1, resetsAt: StoryFixtures.start, now: StoryFixtures.start)
        let resting = try await slotKept(after: budget)
        #expect(!resting.kept && resting.outcome == .failed(.modelBudgetSpent))
    }

    @Test("every model call is counted for the story's family and kind; over the budget a page gets a built-in picture")
    func callsCountedAndPicturesFallBack() async throws {
        let harness = try await PipelineHarness(pages: 3)
        let meter = ModelCallMeter(ledger: harness.usage, budget: ModelBudget(familyDailyCalls: 3, serviceDailyCalls: 100),
                                   clock: harness.clock)
        let fallback = ScriptedIllustrator(name: "builtin", journal: harness.journal)
        let parts = StoryPipeline.Parts(repository: harness.store, queue: harness.store, writer: MeteredWriter(meter: meter),
                                        illustrator: MeteredIllustrator(meter: meter), fallbackIllustrator: fallback,
                                        listener: harness.listener, usage: harness.usage)
        let events = harness.events
        let pipeline = StoryPipeline(parts: parts, clock: harness.clock, onEvent: { events.append($0) })
        #expect(await pipeline.process(try await harness.claim()) == .delivered)

        let calls = await harness.usage.calls
        #expect(calls.map(\.call.kind) == [.text, .picture, .picture])
        #expect(calls.allSatisfy { $0.call.family == harness.story.family && $0.call.storyID == harness.story.id && $0.outcome == .answered })
        let fellBack = events.all.compactMap { event -> Int? in
            if case let .illustrationFellBack(_, page, _) = event { return page }
            return nil
        }
        #expect(fellBack == [3], "the page over the family's budget is painted by the built-in illustrator")
        await #expect(throws: ModelBudgetExhausted.self) { try await meter.checkBudget(for: harness.story.family) }
        try await meter.checkBudget(for: FamilyRef(platform: "web", externalID: "another"))
    }

    @Test("a call over budget is never recorded; the refusal names the budget and when it starts again")
    func refusalNamesTheBudget() async throws {
        let clock = ManualWallClock(StoryFixtures.start)
        let ledger = InMemoryUsageLedger()
        let events = Recorder<ModelCallMeter.Event>()
        let meter = ModelCallMeter(ledger: ledger, budget: ModelBudget(familyDailyCalls: 5, serviceDailyCalls: 1), clock: clock,
                                   onEvent: { events.append($0) })
        let family = ModelCallScope(family: StoryFixtures.family, kind: .narration)
        let ticket = try await ModelCallScope.$current.withValue(family) { try await meter.begin(provider: "p", model: "m") }
        await meter.finish(ticket, outcome: .timedOut)
        do {
            _ = try await ModelCallScope.$current.withValue(family) { try await meter.begin(provider: "p", model: "m") }
            Issue.record("the second call is over the service's budget")
        } catch let refusal as ModelBudgetExhausted {
            #expect(refusal.scope == .service && refusal.limit == 1)
            #expect(refusal.resetsAt == DailyQuota.day(containing: clock.now()).next)
            #expect(refusal.waitSeconds == Int(refusal.resetsAt.timeIntervalSince(clock.now())))
        }
        #expect(await ledger.calls.count == 1)
        #expect(await ledger.calls.first?.call.kind == .narration)
        #expect(events.all == [.call(provider: "p", kind: .narration, outcome: .timedOut), .refused(.service, atRequest: false)])
        clock.advance(by: 86_400)
        _ = try await meter.begin(provider: "p", model: "m")
    }

    @Test("a children's story written by the built-in writer is never refused for the day's model calls; the family's is")
    func childrenCostNothing() async throws {
        let clock = ManualWallClock(StoryFixtures.start)
        let meter = ModelCallMeter(ledger: InMemoryUsageLedger(), budget: ModelBudget(familyDailyCalls: 1, serviceDailyCalls: 100),
                                   clock: clock)
        _ = try await ModelCallScope.$current.withValue(ModelCallScope(family: StoryFixtures.family, kind: .text)) {
            try await meter.begin(provider: "gemini", model: "m")
        }
        let stories = StoryService(repository: InMemoryStore(clock: clock), writerLanguages: Set(StoryLanguage.allCases),
                                   childrenWriterLanguages: [.english], clock: clock, modelBudget: meter, childrenCostNothing: true,
                                   jobAdded: {})
        await #expect(throws: ModelBudgetExhausted.self) { try await stories.checkModelBudget(for: StoryFixtures.family) }
        try await stories.checkModelBudget(for: StoryFixtures.family, audience: .children)
        // The built-in writer writes English: a children's story in French is refused before anything is stored.
        var limits = StoryLimits()
        limits.audience = .children
        #expect(throws: StoryRequestError.languageNotSupportedByWriter(.french)) {
            _ = try stories.prepareStory(StoryRequestDraft(theme: "owls", language: "fr"), family: StoryFixtures.family,
                                         requester: StoryFixtures.requester, limits: limits)
        }
        limits.audience = .family
        #expect(try stories.prepareStory(StoryRequestDraft(theme: "owls", language: "fr"), family: StoryFixtures.family,
                                         requester: StoryFixtures.requester, limits: limits).request.language == .french)
    }

    @Test("requests refused before any model call cost no story but count, and the day's limit holds")
    func refusedRequestsAreCapped() async throws {
        let clock = ManualWallClock(StoryFixtures.start)
        let store = InMemoryStore(clock: clock)
        let stories = StoryService(repository: store, writerLanguages: Set(StoryLanguage.allCases), clock: clock,
                                   refusedRequests: RefusedRequestLimit(ledger: InMemoryRefusedRequestLedger(), perDay: 3, clock: clock),
                                   jobAdded: {})
        var limits = StoryLimits()
        limits.avoidList = ["spiders"]
        let anna = StoryFixtures.requester
        func ask(_ theme: String, as requester: Requester = anna, companion: String? = nil) async throws -> Story {
            try await stories.screening(requester, on: "web") {
                try stories.prepareStory(StoryRequestDraft(theme: theme, companion: companion), family: StoryFixtures.family,
                                         requester: requester, limits: limits)
            }
        }
        await #expect(throws: StoryRequestError.avoidedTopic("spiders")) { _ = try await ask("spiders in the attic") }
        await #expect(throws: StoryRequestError.self) { _ = try await ask("a sleepy owl", companion: "a knife") }
        await #expect(throws: StoryRequestError.tooLong(field: "theme", limit: 200)) { _ = try await ask(String(repeating: "a", count: 300)) }
        _ = try await ask("a sleepy owl")
        await #expect(throws: StoryRequestError.avoidedTopic("spiders")) { _ = try await ask("more spiders") }
        // Three refusals (a typing mistake is not one): even a gentle idea waits for tomorrow.
        await #expect(throws: TooManyRefusedRequests.self) { _ = try await ask("a sleepy owl") }
        await #expect(throws: TooManyRefusedRequests.self) { try await stories.checkRefusals(for: anna, on: "web") }
        _ = try await ask("a sleepy owl", as: Requester(userID: "leo", displayName: "Leo"))
        #expect(await store.quotaUsesCounting(for: anna, on: "web") == 0, "refusals cost no story")
        clock.advance(by: 86_400)
        _ = try await ask("a sleepy owl")
    }

    @Test("a collection entry whose story failed is remade at most twice a day")
    func remakesAreCapped() async throws {
        let services = FamilyServices()
        let owner = Requester(userID: "parent", displayName: "Parent")
        let family = FamilyRef(platform: "discord", externalID: "100")
        let prepared = try services.collections.prepare(goal: "bravery", heroName: "Mia", age: "5", companion: nil, storyCount: "3",
                                                        language: nil, family: family, requester: owner, limits: StoryLimits())
        try await services.collections.start(prepared, delivery: StoryFixtures.delivery(), quota: nil)
        let id = prepared.collection.id
        try await services.store.markFailed(prepared.firstStory.id, reason: "writerFailed", refundingQuota: true)
        for _ in 0..<CollectionService.defaultRemakesPerDay {
            let progress = try #require(try await services.store.collection(id))
            let story = try await services.collections.prepareNext(progress.entries[0], of: progress, limits: StoryLimits())
            #expect(try await services.collections.add(story, to: id, position: 1, delivery: .background))
            try await services.store.markFailed(story.id, reason: "writerFailed", refundingQuota: true)
        }
        let progress = try #require(try await services.store.collection(id))
        await #expect(throws: CollectionError.self) {
            _ = try await services.collections.prepareNext(progress.entries[0], of: progress, limits: StoryLimits())
        }
        services.clock.advance(by: 86_400)
        _ = try await services.collections.prepareNext(progress.entries[0], of: progress, limits: StoryLimits())
    }
}
