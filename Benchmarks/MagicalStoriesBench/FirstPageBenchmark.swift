import AsyncHTTPClient
import Foundation
import Logging
import ProviderFakes
import StoryDomain
import StoryProviders
import StoryStore
import Synchronization

/// `magical-stories-bench --first-page`: time to page 1 and to the whole story with a slow
/// model provider (the loopback Gemini fake answering in 2 s per text call and 3 s per
/// picture), 5 pages, painting chained page by page versus anchored on page 1 in parallel.
enum FirstPageBenchmark {
    /// Records when page 1 was shown.
    final class Timing: StoryProgressListener {
        let firstPage = Mutex<ContinuousClock.Instant?>(nil)

        func story(_ story: Story, didProgress progress: StoryProgress, delivery: DeliveryAddress) async throws -> DeliveryOutcome {
            if progress == .firstPage { firstPage.withLock { $0 = .now } }
            return .shown(movedTo: nil)
        }
    }

    static func run() async throws {
        let fake = GeminiFake()
        try await fake.start()
        fake.setLatency(.seconds(2), for: .text)
        fake.setLatency(.seconds(3), for: .image)
        let httpClient = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)
        var logger = Logger(label: "bench")
        logger.logLevel = .error
        let http = ProviderHTTPClient(httpClient: httpClient, logger: logger)
        let configuration = GeminiConfiguration(apiKey: fake.apiKey, textModel: "gemini-bench", imageModel: "gemini-image-bench",
                                                apiURL: fake.baseURL)
        print("Time to first page and whole story, 5 pages, provider taking 2 s per text call and 3 s per picture:")
        for (label, strategy) in [("sequential chaining", IllustrationStrategy.chained),
                                  ("shipped: page 1, then anchored ×3", .anchored(concurrency: 3))] {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-first-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            let database = try AppDatabase.open(path: directory.appendingPathComponent("b.sqlite").path)
            let clock = SystemWallClock()
            let repository = SQLiteStoryRepository(database: database, clock: clock)
            let queue = SQLiteJobQueue(database: database, clock: clock)
            let timing = Timing()
            let pipeline = StoryPipeline(
                parts: .init(repository: repository, queue: queue, writer: GeminiStoryWriter(configuration: configuration, http: http),
                             illustrator: GeminiIllustrator(configuration: configuration, http: http), listener: timing),
                clock: clock, strategy: strategy)
            let stories = StoryService(repository: repository, writerLanguages: Set(StoryLanguage.allCases), clock: clock, jobAdded: {})
            var limits = StoryLimits()
            limits.maxPages = 12
            _ = try await stories.requestStory(StoryRequestDraft(theme: "a sleepy dragon", heroName: "Mia", age: "5", pages: "5"),
                                               family: FamilyRef(platform: "bench", externalID: "f"),
                                               requester: Requester(userID: "u", displayName: "U"),
                                               delivery: DeliveryAddress(platform: "bench", channelID: "c"), limits: limits)
            guard let job = try await queue.claimNext(now: Date()) else { fatalError("no job") }
            let start = ContinuousClock.now
            let outcome = await pipeline.process(job)
            let whole = ContinuousClock.now - start
            let first = timing.firstPage.withLock { $0 }.map { $0 - start }
            print("  \(label.padding(toLength: 36, withPad: " ", startingAt: 0)) first page \(format(first)) · whole story \(format(whole)) (\(outcome))")
        }
        try await httpClient.shutdown()
        await fake.stop()
    }

    static func format(_ duration: Duration?) -> String {
        guard let duration else { return "—" }
        return String(format: "%.2f s", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }
}
