import Foundation
import MagicalStories
import Operations
import ProviderFakes
import StoryDomain
import StoryProviders
import StoryStore
import StoryTestSupport
import Synchronization
import Testing
import WebChat

/// The built-in writer, held at `gate` until the test opens it, then taking `delay` per story (a
/// model's time), noting the order in which stories were started, by theme.
private final class TimedWriter: StoryWriter {
    let name = "timed"
    let supportedLanguages: Set<StoryLanguage> = [.english]
    private let inner = OfflineStoryWriter()
    private let delay: Duration
    private let gate: AsyncGate
    private let started = Mutex<[String]>([])

    init(delay: Duration, gate: AsyncGate = AsyncGate(open: true)) {
        self.delay = delay
        self.gate = gate
    }

    var themes: [String] { started.withLock { $0 } }

    func write(_ request: StoryRequest) async throws -> WrittenStory {
        started.withLock { $0.append(request.theme) }
        await gate.wait()
        // Not a guessed wait: the writing time the scenario is about (a model that takes a while).
        try await Task.sleep(for: delay)
        return try await inner.write(request)
    }
}

/// Bounded model spend through the real service on loopback: refusals keep their slot and the
/// refused-request cap holds, failed provider calls are in the usage ledger, the family and
/// service budgets refuse kindly (and show in /metrics), and families take turns in the queue.
@Suite("Model spend end to end", .serialized)
struct ModelSpendEndToEndTests {
    typealias Name = ServiceMetrics.Name

    func gemini(_ fake: GeminiFake, _ config: inout AppConfig, pictures: Bool = true) {
        config.storyProvider = .gemini
        config.imageProvider = pictures ? .gemini : .offline
        config.gemini = .init(apiURL: fake.baseURL, apiKey: fake.apiKey, textModel: "gemini-test", imageModel: "gemini-image-test")
    }

    func today() -> Date { DailyQuota.day(containing: Date()).start }

    @Test("a theme the model refuses keeps its slot (no free retries); refused requests cost no slot and are capped")
    func refusalsKeepTheirSlot() async throws {
        let fake = GeminiFake()
        try await fake.start()
        fake.enqueue(.blockedPrompt, .safetyFinish, for: .text)
        let app = try await TestApp.start { config in
            gemini(fake, &config, pictures: false)
            config.storiesPerDay = 2
            config.spend.refusedRequestsPerDay = 3
        }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        _ = try await anna.next("history") { $0.type == "history" }
        let family = FamilyRef(platform: "web", externalID: "family")

        // Twice the same odd theme, twice refused by the model after a call: both slots are used.
        for attempt in 1...2 {
            try await anna.say("/story new theme:something odd \(attempt) name:Mia pages:3")
            _ = try await anna.next("refusal \(attempt)", timeout: .seconds(30)) {
                $0.message?.text?.contains("bedtime rules") == true && $0.message?.text?.contains("counted") == true
            }
        }
        #expect(fake.requests(kind: .text) == 2)
        #expect(try await app.app.stories.library(of: family, offset: 0, limit: 10).items.allSatisfy { $0.status == .failed })
        try await anna.say("/story new theme:something odd 3 name:Mia pages:3")
        let quota = try await anna.next("the day's stories are used") { $0.message?.text?.contains("2 stories today") == true }
        #expect(quota.message?.isPrivate == true)
        #expect(fake.requests(kind: .text) == 2, "the third try costs no model call")

        // Leo asks for what the bedtime screen refuses, before any model call: no slot, but counted.
        let leo = try await ChatTestClient.join(app, room: "family", name: "Leo")
        _ = try await leo.next("history") { $0.type == "history" }
        for attempt in 1...3 {
            try await leo.say("/story new theme:a knife fight with blood \(attempt) name:Mia")
            _ = try await leo.next("screen refusal \(attempt)") { $0.message?.isPrivate == true && $0.message?.text?.contains("bedtime story") == true }
        }
        try await leo.say("/story new theme:a sleepy owl name:Mia pages:3")
        let capped = try await leo.next("the refused-request cap") { $0.message?.text?.contains("quite a few ideas") == true }
        #expect(capped.message?.isPrivate == true)
        #expect(fake.requests(kind: .text) == 2, "no refused request reached the model")
        let stored = try await SQLiteRefusedRequestLedger(database: app.app.database!)
            .refusals(by: Requester(userID: leo.userID, displayName: "Leo"), on: "web", since: today())
        #expect(stored == 3)

        await anna.close()
        await leo.close()
        await app.stop()
        await fake.stop()
        app.removeFiles()
    }

    @Test("failed provider calls, retries and repairs are all in the usage ledger and the usage report")
    func failedCallsAreCounted() async throws {
        let fake = GeminiFake()
        try await fake.start()
        // A 503 (retried by the client), then prose instead of JSON (one repair turn), then a story.
        fake.enqueue(.unavailable, .malformedJSON, for: .text)
        fake.enqueue(.internalError, for: .image)
        let app = try await TestApp.start { config in gemini(fake, &config) }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        _ = try await anna.next("history") { $0.type == "history" }
        try await anna.say("/story new theme:a sleepy dragon name:Mia pages:3")
        let page = try await anna.next("page 1", timeout: .seconds(60)) { $0.message?.page != nil }
        let view = try #require(page.message?.page)
        try await waitUntilReady(app.app.stories, id: view.storyId, family: FamilyRef(platform: "web", externalID: "family"),
                                 timeout: .seconds(60))

        let ledger = SQLiteUsageLedger(database: app.app.database!)
        let calls = try await ledger.calls(since: .distantPast)
        #expect(calls.count == fake.requests(kind: .text) + fake.requests(kind: .image), "one row per request the provider saw")
        #expect(calls.filter { $0.call.kind == .text }.map(\.status) == [503, 200, 200])
        #expect(calls.filter { $0.call.kind == .picture }.count == 4, "three pictures, one of them tried twice")
        #expect(calls.filter { $0.outcome == "failed" }.count == 2)
        #expect(calls.allSatisfy { $0.call.family?.key == "web:family" && $0.call.storyID?.rawValue == view.storyId })

        let total = try #require(try await ledger.totals(since: .distantPast).first { $0.provider == "gemini" })
        #expect(total.calls == 7 && total.failedCalls == 2)
        let report = try await AdminConsole(config: app.app.config, database: app.app.database!).usageReport(days: 1)
        let line = try #require(report.split(separator: "\n").first { $0.hasPrefix("web:family") })
        #expect(line.split(separator: " ").dropFirst(2).prefix(2) == ["7", "2"], "calls and failed calls: \(line)")

        await anna.close()
        await app.stop()
        await fake.stop()
        app.removeFiles()
    }

    @Test("the family's and the service's daily model calls refuse kindly, pictures fall back, and /metrics shows it")
    func budgetsRefuseKindly() async throws {
        let fake = GeminiFake()
        try await fake.start()
        let app = try await TestApp.start { config in
            gemini(fake, &config)
            config.spend.familyDailyModelCalls = 4
            config.spend.maxDailyModelCalls = 6
        }
        func story(in room: String) async throws -> ChatTestClient {
            let member = try await ChatTestClient.join(app, room: room, name: "Anna")
            _ = try await member.next("history") { $0.type == "history" }
            try await member.say("/story new theme:a sleepy dragon name:Mia pages:3")
            return member
        }
        // One story in "family": one text call and three pictures, the family's whole day.
        let family = try await story(in: "family")
        let page = try await family.next("page 1", timeout: .seconds(60)) { $0.message?.page != nil }
        try await waitUntilReady(app.app.stories, id: try #require(page.message?.page?.storyId),
                                 family: FamilyRef(platform: "web", externalID: "family"), timeout: .seconds(60))
        try await family.say("/story new theme:another dragon name:Mia pages:3")
        let resting = try await family.next("the family's budget") { $0.message?.text?.contains("resting until tomorrow") == true }
        #expect(resting.message?.isPrivate == true)
        #expect(resting.message?.text?.contains("this family") == true)

        // Another room still has its own budget, until the service's runs out mid-story: the
        // pictures over it are painted by the built-in illustrator, and the story arrives.
        let other = try await story(in: "other")
        let otherPage = try await other.next("page 1", timeout: .seconds(60)) { $0.message?.page != nil }
        let otherID = try #require(otherPage.message?.page?.storyId)
        try await waitUntilReady(app.app.stories, id: otherID, family: FamilyRef(platform: "web", externalID: "other"),
                                 timeout: .seconds(60))
        #expect(fake.requests(kind: .text) == 2)
        #expect(fake.requests(kind: .image) == 4, "the service's sixth call was the other room's page 1; pages 2 and 3 are built-in")
        let third = try await story(in: "third")
        let everyone = try await third.next("the service's budget") { $0.message?.text?.contains("resting until tomorrow") == true }
        #expect(everyone.message?.text?.contains("for everyone") == true)
        #expect(fake.requests(kind: .text) == 2, "a refused request makes no model call")

        let port = try #require(await app.app.operationsPort())
        let (_, data, _) = try await HTTPGet.fetch(URL(string: "http://127.0.0.1:\(port)/metrics")!)
        let metrics = PrometheusText(String(decoding: data, as: UTF8.self))
        #expect(metrics.value(Name.modelCallsToday) == 6)
        #expect(metrics.value(Name.modelCallBudget, ["budget": "service"]) == 6)
        #expect(metrics.value(Name.modelBudgetRefusals, ["budget": "per_family", "stage": "request"]) == 1)
        #expect(metrics.value(Name.modelBudgetRefusals, ["budget": "service", "stage": "request"]) == 1)
        #expect(metrics.value(Name.modelBudgetRefusals, ["budget": "service", "stage": "call"]) == 2)
        #expect(metrics.sum(Name.modelCalls, ["provider": "gemini", "outcome": "answered"]) == 6)

        for member in [family, other, third] { await member.close() }
        await app.stop()
        await fake.stop()
        app.removeFiles()
    }

    @Test("a collection story that could not be finished is remade on view at most twice a day, whoever opens it")
    func remakesAreCapped() async throws {
        let fake = GeminiFake()
        try await fake.start()
        // The model is misconfigured (404) for the first story and both remakes: each fails for good.
        fake.enqueue(.notFound, .notFound, .notFound, for: .text)
        let app = try await TestApp.start { config in gemini(fake, &config, pictures: false) }
        try await app.app.entitlements.grant(.family(FamilyRef(platform: "web", externalID: "family")), by: "test", days: nil,
                                             reason: nil)
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        _ = try await anna.next("history") { $0.type == "history" }
        try await anna.say("/collection new goal:patience name:Mia stories:3")
        _ = try await anna.next("story 1 failed", timeout: .seconds(30)) { $0.message?.text?.contains("couldn't finish") == true }
        for remake in 1...2 {
            try await anna.say("/collection show patience")
            _ = try await anna.next("remake \(remake) started") { $0.message?.text?.contains("is on its way") == true }
            _ = try await anna.next("remake \(remake) failed", timeout: .seconds(30)) {
                $0.message?.text?.contains("couldn't finish the story") == true
            }
        }
        #expect(fake.requests(kind: .text) == 3)
        let leo = try await ChatTestClient.join(app, room: "family", name: "Leo")
        _ = try await leo.next("history") { $0.type == "history" }
        try await leo.say("/collection show patience")
        let resting = try await leo.next("the remake limit") { $0.message?.text?.contains("again 2 times today") == true }
        #expect(resting.message?.isPrivate == true)
        #expect(fake.requests(kind: .text) == 3, "no third remake, whoever asks")

        await anna.close()
        await leo.close()
        await app.stop()
        await fake.stop()
        app.removeFiles()
    }

    @Test("with one family's 60 stories queued, another family's first story starts within one story's time")
    func fairQueue() async throws {
        let gate = AsyncGate()
        let writer = TimedWriter(delay: .milliseconds(200), gate: gate)
        let app = try await TestApp.start(writer: writer) { config in
            config.storiesPerDay = 1_000
            config.workers = 2
        }
        // The flood: 60 text-only stories asked in one family (the service call the router makes).
        let flood = FamilyRef(platform: "web", externalID: "flood")
        var limits = StoryLimits()
        limits.illustrations = .off
        for index in 1...60 {
            _ = try await app.app.stories.requestStory(
                StoryRequestDraft(theme: "flood \(index)", heroName: "Max", pages: "3"), family: flood,
                requester: Requester(userID: "flooder", displayName: "Flooder"),
                delivery: DeliveryAddress(platform: "background", channelID: "-"), limits: limits)
        }
        // Another family asks in the web chat once the flood is being worked: both workers are held
        // writing flood stories until the other family's story is queued, so the count of flood
        // stories started before it is exact however slowly a loaded machine runs the test.
        try await waitFor(timeout: .seconds(30)) { writer.themes.count >= 2 ? true : nil }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        _ = try await anna.next("history") { $0.type == "history" }
        try await anna.say("/story new theme:a quiet owl name:Mia pages:3")
        _ = try await anna.next("accepted") { $0.message?.text?.contains("on its way") == true }
        let floodStartedBefore = writer.themes.count
        gate.open()
        _ = try await anna.next("page 1", timeout: .seconds(60)) { $0.message?.page != nil }

        let themes = writer.themes
        let owl = try #require(themes.firstIndex(of: "a quiet owl"))
        // Once it was queued, no flood story starts before it but those the two workers may have
        // been taking at that moment; first-come-first-served would have started the whole flood.
        #expect(owl - floodStartedBefore <= 2, "flood stories started ahead of the other family's: \(owl - floodStartedBefore)")
        #expect(themes.count < 60, "the other family's story did not wait for the flood")
        await anna.close()
        await app.stop()
        app.removeFiles()
    }
}
