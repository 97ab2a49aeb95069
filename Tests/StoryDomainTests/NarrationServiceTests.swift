import Foundation
import StoryDomain
import StoryTestSupport
import Testing

/// Reading aloud in the domain: what is read, made once and kept, under a narration scope, and
/// the built-in voice when a model voice's budget is spent.
@Suite("Read aloud: narration service")
struct NarrationServiceTests {
    struct Harness {
        let clock = ManualWallClock()
        let stories: InMemoryStore
        let store: InMemoryNarrationStore
        let usage = InMemoryUsageLedger()
        let story: Story

        init(pages: [String] = ["MIA sees the moon. 🌙", "The owl says *hush*.", "Mia sleeps."], written: Bool = true) async throws {
            stories = InMemoryStore(clock: clock)
            store = InMemoryNarrationStore(clock: clock)
            var request = StoryFixtures.request(pages: pages.count)
            request.heroName = "MIA"
            let story = StoryFixtures.story(request: request)
            _ = try await stories.createStory(story, delivery: StoryFixtures.delivery(), quota: nil)
            if written {
                try await stories.saveText(StoryFixtures.written(title: "Owl Night", pages: pages), for: story.id)
                try await stories.setStatus(.ready, for: story.id, reason: nil)
            }
            self.story = try #require(try await stories.story(story.id))
        }

        func service(_ narrator: any Narrator, fallback: (any Narrator)? = nil) -> NarrationService {
            NarrationService(stories: stories, store: store, narrator: narrator, fallback: fallback, usage: usage, clock: clock)
        }
    }

    @Test("a page is read from its text, cleaned for the voice, in the story's language, with the hero's name as written")
    func pageText() async throws {
        let harness = try await Harness()
        let narrator = ScriptedNarrator()
        let kept = try await harness.service(narrator).narration(of: harness.story, part: .page(1))
        let asked = try #require(narrator.requests.all.first)
        #expect(asked.text == "Mia sees the moon.")
        #expect(asked.heroName == "MIA" && asked.language == .english)
        #expect(kept.part == .page(1) && kept.storyID == harness.story.id)
    }

    @Test("the whole story is its title, every page in order, and The End")
    func wholeText() async throws {
        let harness = try await Harness()
        let narrator = ScriptedNarrator()
        _ = try await harness.service(narrator).narration(of: harness.story, part: .whole)
        #expect(narrator.requests.all.first?.text == "Owl Night.\n\nMia sees the moon.\n\nThe owl says hush.\n\nMia sleeps.\n\nThe End.")
    }

    @Test("made once: a second listen, and listens at the same time, reuse the kept narration")
    func madeOnce() async throws {
        let harness = try await Harness()
        let gate = AsyncGate()
        let narrator = ScriptedNarrator(gate: gate)
        let service = harness.service(narrator)
        let story = harness.story
        try await withThrowingTaskGroup(of: StoredNarration.self) { group in
            for _ in 0..<3 { group.addTask { try await service.narration(of: story, part: .page(2)) } }
            _ = await narrator.requests.wait(count: 1)
            gate.open()
            let results = try await group.reduce(into: [StoredNarration]()) { $0.append($1) }
            #expect(Set(results.map(\.audioID)).count == 1)
        }
        _ = try await service.narration(of: story, part: .page(2))
        #expect(narrator.requests.count == 1)
        #expect(await harness.store.all.count == 1)
        #expect(try await service.stored(story.id, part: .page(2)) != nil)
        #expect(try await service.stored(story.id, part: .page(3)) == nil)
    }

    @Test("a model voice reads under a narration scope for the family and story; its usage is recorded")
    func scopeAndUsage() async throws {
        let harness = try await Harness()
        let narrator = ScriptedNarrator(name: "gemini", isModelProvider: true)
        _ = try await harness.service(narrator).narration(of: harness.story, part: .page(3))
        let scope = try #require(narrator.scopes.all.first ?? nil)
        #expect(scope.kind == .narration && scope.family == harness.story.family && scope.storyID == harness.story.id)
        let entries = await harness.usage.entries
        #expect(entries.map(\.usage.provider) == ["gemini"] && entries.first?.storyID == harness.story.id)
    }

    @Test("when the model voice's day budget is spent, the built-in voice reads instead")
    func budgetFallback() async throws {
        let harness = try await Harness()
        let spent = ModelBudgetExhausted(scope: .family, limit: 1, resetsAt: harness.clock.now().addingTimeInterval(60), now: harness.clock.now())
        let model = ScriptedNarrator(name: "gemini", isModelProvider: true, failing: spent)
        let builtIn = ScriptedNarrator(name: "espeak-ng")
        let kept = try await harness.service(model, fallback: builtIn).narration(of: harness.story, part: .page(1))
        #expect(kept.audio.voice == "espeak-ng")
        await #expect(throws: ModelBudgetExhausted.self) {
            _ = try await harness.service(model).narration(of: harness.story, part: .page(2))
        }
    }

    @Test("a voice that fails is a read-aloud failure; a story not written yet, or a page it lacks, is refused")
    func refusals() async throws {
        let harness = try await Harness()
        let broken = ScriptedNarrator(failing: TestDoubleError.scripted("no voice"))
        await #expect(throws: ReadAloudError.voiceFailed(String(describing: TestDoubleError.scripted("no voice")))) {
            _ = try await harness.service(broken).narration(of: harness.story, part: .page(1))
        }
        await #expect(throws: ReadAloudError.noSuchPage(9)) {
            _ = try await harness.service(ScriptedNarrator()).narration(of: harness.story, part: .page(9))
        }
        let unwritten = try await Harness(written: false)
        await #expect(throws: ReadAloudError.storyNotReady) {
            _ = try await unwritten.service(ScriptedNarrator()).narration(of: unwritten.story, part: .whole)
        }
    }

    @Test("parts have stable keys: p1…p100 and whole; anything else is not a part")
    func partKeys() {
        #expect(NarrationPart(key: "p3") == .page(3) && NarrationPart(key: "whole") == .whole)
        for bad in ["p0", "p101", "p03", "3", "", "wholes", "p-1"] { #expect(NarrationPart(key: bad) == nil, "\(bad)") }
    }
}
