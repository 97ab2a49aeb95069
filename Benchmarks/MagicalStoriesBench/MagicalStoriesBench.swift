import Foundation
import HTTPTypes
import Logging
import MagicalStories
import NIOWebSocket
import ServiceLifecycle
import StoryBot
import StoryDomain
import StoryProviders
import StoryStore
import Synchronization
import WSClient

/// `swift run -c release magical-stories-bench [iterations]` (or `--first-page`, see
/// ``FirstPageBenchmark``, `--web-chat HOST:PORT`, see ``WebChatWorkload``, `--textify`, see
/// ``TextifyBenchmark``, `--store-statements [runs]`, see ``StoreStatementBenchmark``, `--slow-readers [stuck] [messages]`, see ``SlowReaderBenchmark``,
/// `--storyteller [stories]`, see ``StorytellerBenchmark``, or `--storyteller-dump FILE.json`, see
/// ``StorytellerDump``)
///
/// Measures, with the built-in providers:
/// - writing a 5-page story, painting one page, and writing + painting a whole 5-page story;
/// - the same story made through the real pipeline and SQLite (text and pictures saved);
/// - accepting a story request: the quota count and the story, job and ledger rows;
/// - serving a page view from SQLite (read + render), the hot path of every page turn;
/// - deciding whether a command's answer is private, before acknowledging it;
/// - a page turn over the web chat's WebSocket on loopback, round trip.
@main
struct MagicalStoriesBench {
    static func main() async throws {
        let arguments = CommandLine.arguments
        if arguments.contains("--storyteller-dump") {
            try await StorytellerDump.run(arguments: arguments)
            return
        }
        if arguments.contains("--storyteller") {
            try await StorytellerBenchmark.run(arguments: arguments)
            return
        }
        if let flag = CommandLine.arguments.firstIndex(of: "--textify") {
            try await TextifyBenchmark.run(iterations: CommandLine.arguments.dropFirst(flag + 1).first.flatMap(Int.init) ?? 200)
            return
        }
        if let flag = CommandLine.arguments.firstIndex(of: "--slow-readers") {
            var logger = Logger(label: "bench")
            logger.logLevel = .error
            let numbers = CommandLine.arguments.dropFirst(flag + 1).prefix { Int($0) != nil }.compactMap { Int($0) }
            try await SlowReaderBenchmark.run(stuck: numbers.first ?? 3, messages: numbers.dropFirst().first ?? 8_000, logger: logger)
            return
        }
        if let flag = CommandLine.arguments.firstIndex(of: "--store-statements") {
            try await StoreStatementBenchmark.run(iterations: CommandLine.arguments.dropFirst(flag + 1).first.flatMap(Int.init) ?? 5_000)
            return
        }
        if CommandLine.arguments.contains("--first-page") {
            try await FirstPageBenchmark.run()
            return
        }
        if let flag = CommandLine.arguments.firstIndex(of: "--web-chat"), flag + 1 < CommandLine.arguments.count {
            var logger = Logger(label: "bench")
            logger.logLevel = .error
            let stories = CommandLine.arguments.dropFirst(flag + 2).first.flatMap(Int.init) ?? 24
            let invites = CommandLine.arguments.firstIndex(of: "--invites").flatMap { index in
                CommandLine.arguments.dropFirst(index + 1).first.map { $0.split(separator: ",").map(String.init) }
            } ?? []
            do {
                try await WebChatWorkload.run(address: CommandLine.arguments[flag + 1], stories: stories, invites: invites, logger: logger)
            } catch {
                FileHandle.standardError.write(Data("web chat workload failed: \(error)\n".utf8))
                exit(1)
            }
            return
        }
        let iterations = CommandLine.arguments.dropFirst().compactMap { Int($0) }.first ?? 30
        var logger = Logger(label: "bench")
        logger.logLevel = .error
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }

        #if DEBUG
        print("⚠️  debug build: run `swift run -c release magical-stories-bench` for real figures\n")
        #endif
        print(BenchmarkStats.header)

        let writer = OfflineStoryWriter()
        let illustrator = OfflineIllustrator()
        func request(_ seed: Int) -> StoryRequest {
            StoryRequest(theme: "a sleepy dragon", heroName: "Mia", age: 5, companion: nil, pageCount: 5, seed: UInt64(seed))
        }

        // Warm up caches, fonts and lazily loaded libraries.
        let warm = try await writer.write(request(0))
        _ = try await illustrator.illustrate(IllustrationRequest(title: warm.title, sheet: warm.sheet, page: warm.pages[0],
                                                                 pageNumber: 1, pageCount: 5, previous: nil, seed: 0))

        print(try await measure("write a 5-page story (offline writer)", iterations) { i in
            _ = try await writer.write(request(i))
        }.line)
        print(try await measure("paint one 768×512 page (offline)", iterations) { i in
            _ = try await illustrator.illustrate(IllustrationRequest(title: warm.title, sheet: warm.sheet, page: warm.pages[i % 5],
                                                                     pageNumber: i % 5 + 1, pageCount: 5, previous: nil, seed: UInt64(i)))
        }.line)
        let exporter = StoryBookExporter(writer: writer, illustrator: illustrator)
        print(try await measure("write + paint a 5-page story (offline)", iterations) { i in
            _ = try await exporter.make(request(i))
        }.line)
        // Through the real pipeline and SQLite.
        let database = try AppDatabase.open(path: directory.appendingPathComponent("bench.sqlite").path)
        let clock = SystemWallClock()
        let repository = SQLiteStoryRepository(database: database, clock: clock)
        let queue = SQLiteJobQueue(database: database, clock: clock)
        let stories = StoryService(repository: repository, writerLanguages: [.english], clock: clock, jobAdded: {})
        let pipeline = StoryPipeline(repository: repository, queue: queue, writer: writer, illustrator: illustrator,
                                     listener: SilentListener(), clock: clock)
        let family = FamilyRef(platform: "bench", externalID: "family")
        let requester = Requester(userID: "u", displayName: "Bench")
        var limits = StoryLimits()
        limits.maxPages = 12
        var storyIDs: [StoryID] = []
        print(try await measure("5-page story through pipeline + SQLite", iterations) { i in
            let story = try await stories.requestStory(StoryRequestDraft(theme: "a sleepy dragon", heroName: "Mia", age: "5", pages: "5"),
                                                       family: family, requester: requester,
                                                       delivery: DeliveryAddress(platform: "bench", channelID: "c"), limits: limits,
                                                       seed: UInt64(i))
            guard let job = try await queue.claimNext(now: Date()) else { fatalError("no job") }
            let outcome = await pipeline.process(job)
            precondition(outcome == .delivered, "story not delivered: \(outcome)")
            storyIDs.append(story.id)
        }.line)

        // The write behind every `/story new`: the quota count, then the story, job and ledger rows.
        var quotaLimits = limits
        quotaLimits.dailyQuota = DailyQuota(storiesPerDay: 1_000_000)
        let requests = max(iterations * 20, 500)
        print(try await measure("accept a story request (quota + rows)", requests) { i in
            _ = try await stories.requestStory(StoryRequestDraft(theme: "a sleepy dragon", heroName: "Mia", age: "5", pages: "5"),
                                               family: family, requester: Requester(userID: "q\(i % 50)", displayName: "Bench"),
                                               delivery: DeliveryAddress(platform: "bench", channelID: "c"), limits: quotaLimits,
                                               seed: UInt64(i))
        }.line)

        let renderer = ReplyRenderer()
        let pageTurns = max(iterations * 100, 1_000)
        print(try await measure("page view from SQLite (read + render)", pageTurns) { i in
            let id = storyIDs[i % storyIDs.count]
            guard let snapshot = try await stories.page(id, number: i % 5 + 1, family: family) else { fatalError("missing page") }
            _ = renderer.page(snapshot)
        }.line)

        print(try await AcknowledgementDecisionBenchmark.run(directory: directory, logger: logger, iterations: max(iterations * 20, 500)).line)
        print(try await webSocketPageTurns(directory: directory, logger: logger, turns: max(iterations * 10, 200)).line)
    }

    /// Times `iterations` runs of `body`.
    @MainActor
    static func measure(_ name: String, _ iterations: Int, _ body: (Int) async throws -> Void) async rethrows -> BenchmarkStats {
        var durations: [Duration] = []
        durations.reserveCapacity(iterations)
        let clock = ContinuousClock()
        for i in 0..<iterations {
            let start = clock.now
            try await body(i)
            durations.append(clock.now - start)
        }
        return BenchmarkStats(name: name, durations: durations)
    }

    /// Starts the real service on loopback, makes one story, then turns its pages over a
    /// WebSocket and times each round trip (press → updated page received).
    static func webSocketPageTurns(directory: URL, logger: Logger, turns: Int) async throws -> BenchmarkStats {
        var config = AppConfig()
        config.httpPort = 0
        config.operations.metricsPort = 0
        config.databasePath = directory.appendingPathComponent("service.sqlite").path
        // WSClient sends `Origin: ws://127.0.0.1` without the port: allow it as a proxy's origin.
        config.webAccess.allowedOrigins = ["ws://127.0.0.1"]
        let app = try MagicalStoriesApp(config: config, logger: logger)
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let group = app.serviceGroup(onWebChatRunning: { portContinuation.yield($0) }, announce: { _ in })
        let service = Task { try await group.run() }
        var portIterator = ports.makeAsyncIterator()
        guard let port = await portIterator.next() else { fatalError("service did not start") }

        // A member of a room, as an invite makes one: the WebSocket authenticates by the session cookie.
        let room = try await app.rooms.createRoom(named: "bench")
        let invite = try await app.rooms.invite(to: room.key, role: .grownUp, by: "bench")
        let joined = try await app.rooms.join(invite: invite.code.rawValue, name: "Bench")
        let durations = Mutex<[Duration]>([])
        var clientConfig = WebSocketClientConfiguration()
        clientConfig.maxFrameSize = 1 << 22
        clientConfig.additionalHeaders = [.cookie: "ms_session=\(joined.session.rawValue)"]
        try await WebSocketClient.connect(url: "ws://127.0.0.1:\(port)/ws",
                                          configuration: clientConfig, logger: logger) { inbound, outbound, _ in
            try await outbound.write(.text(#"{"type":"say","text":"/story new theme:a sleepy dragon name:Mia age:5"}"#))
            var messageID: String?
            var storyID: String?
            var page = 1
            var sent = ContinuousClock.now
            for try await frame in inbound.messages(maxSize: 1 << 22) {
                guard case let .text(text) = frame, text.contains("\"page\":{"),
                      let data = text.data(using: .utf8),
                      let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                      let message = json["message"] as? [String: Any],
                      let pageView = message["page"] as? [String: Any]
                else { continue }
                let elapsed = ContinuousClock.now - sent
                let count = durations.withLock { recorded in
                    if messageID != nil { recorded.append(elapsed) }
                    return recorded.count
                }
                messageID = message["id"] as? String
                storyID = pageView["storyId"] as? String
                guard count < turns, let messageID, let storyID else { break }
                page = page % 5 + 1
                sent = ContinuousClock.now
                try await outbound.write(.text(#"{"type":"press","buttonId":"ms:p:\#(storyID):\#(page)","messageId":"\#(messageID)"}"#))
            }
            try await outbound.close(.normalClosure, reason: nil)
        }
        await group.triggerGracefulShutdown()
        _ = await service.result
        return BenchmarkStats(name: "page turn over WebSocket (round trip)", durations: durations.withLock { $0 })
    }
}

/// Ignores progress: the benchmark measures making, not delivering.
struct SilentListener: StoryProgressListener {
    func story(_ story: Story, didProgress progress: StoryProgress, delivery: DeliveryAddress) async throws -> DeliveryOutcome {
        .shown(movedTo: nil)
    }
}
