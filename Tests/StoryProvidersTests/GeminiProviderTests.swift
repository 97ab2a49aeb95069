import AsyncHTTPClient
import Foundation
import Logging
import ProviderFakes
import StoryDomain
import StoryProviders
import Synchronization
import Testing

/// The Gemini providers against ``GeminiFake`` over real loopback HTTP.
@Suite("Gemini providers")
struct GeminiProviderTests {
    static let key = "AIzaTestKey-0123456789-secret"
    static let theme = "a moonlit garden with glowing snails"
    static let story = StoryRequest(theme: theme, heroName: "Mia", age: 5, companion: "a sleepy owl", pageCount: 5,
                                    language: .english, seed: 7)

    // MARK: - Story writer

    @Test func writerSendsSchemaSafetyInstructionAndKeyHeaderOnly() async throws {
        try await GeminiHarness.run { harness in
            let writer = GeminiStoryWriter(configuration: harness.configuration(), http: harness.http)
            let written = try await writer.write(Self.story)

            let record = try #require(harness.fake.recordedRequests(kind: .text).last)
            #expect(record.problems.isEmpty)
            #expect(record.model == "gemini-2.5-flash")
            #expect(record.apiKeyHeader == Self.key)
            #expect(!record.uri.contains("key=") && !record.uri.contains(Self.key))

            let config = try #require(record.body["generationConfig"])
            #expect(config["responseMimeType"] == "application/json")
            #expect(config["temperature"]?.number.map { abs($0 - 0.9) < 0.001 } == true)
            #expect(config["maxOutputTokens"]?.int == 4096)
            let schema = try #require(config["responseSchema"])
            #expect(schema["type"] == "OBJECT")
            #expect(schema["propertyOrdering"] == ["title", "pages", "nextChoices"])
            #expect(schema["required"] == ["title", "pages", "nextChoices"])
            #expect(schema["properties"]?["nextChoices"]?["minItems"]?.int == 2 && schema["properties"]?["nextChoices"]?["maxItems"]?.int == 3)
            let pages = try #require(schema["properties"]?["pages"])
            #expect(pages["type"] == "ARRAY")
            #expect(pages["minItems"]?.int == 5 && pages["maxItems"]?.int == 5)
            #expect(pages["items"]?["propertyOrdering"] == ["text", "imagePrompt"])
            #expect(pages["items"]?["properties"]?["text"]?["type"] == "STRING")
            #expect(pages["items"]?["properties"]?["imagePrompt"]?["type"] == "STRING")

            let safety = record.body["safetySettings"]?.array ?? []
            #expect(Set(safety.compactMap { $0["category"]?.string }) == [
                "HARM_CATEGORY_HARASSMENT", "HARM_CATEGORY_HATE_SPEECH",
                "HARM_CATEGORY_SEXUALLY_EXPLICIT", "HARM_CATEGORY_DANGEROUS_CONTENT",
            ])
            #expect(safety.allSatisfy { $0["threshold"] == "BLOCK_LOW_AND_ABOVE" })

            let system = record.body["systemInstruction"]?["parts"]?[0]?["text"]?.string ?? ""
            #expect(system.contains("bedtime"))
            #expect(!system.contains(Self.theme))
            let themeLines = record.userText.split(separator: "\n").filter { $0.contains(Self.theme) }
            #expect(themeLines.count == 1)
            #expect(themeLines.first?.hasPrefix(StoryPrompt.dataLabel) == true)

            #expect(written.pages.count == 5)
            // The model's ideas for the next chapter, screened: the one not for bedtime is dropped.
            #expect(written.sheet.nextChoices?.map(\.text) == ["A boat ride to a little island", "A lantern walk with the fireflies"])
            #expect(written.sheet.nextChoices?.allSatisfy { $0.turn == nil && $0.theme == $0.text } == true)
            #expect(written.pages.allSatisfy { $0.text.contains("Mia") })
            #expect(written.title.contains("Mia"))
            #expect(written.pages.last?.scene.action == .sleeping)
            let usage = try #require(written.usage)
            #expect(usage.provider == "gemini" && usage.model == "gemini-2.5-flash")
            #expect(usage.inputTokens > 0 && usage.outputTokens > 0 && usage.images == 0)
        }
    }

    @Test func writerSupportsEveryLanguage() async throws {
        try await GeminiHarness.run { harness in
            let writer = GeminiStoryWriter(configuration: harness.configuration(), http: harness.http)
            #expect(writer.name == "gemini")
            #expect(writer.supportedLanguages == Set(StoryLanguage.allCases))
            var request = Self.story
            request.language = .german
            _ = try await writer.write(request)
            #expect(harness.fake.recordedRequests(kind: .text).last?.userText.contains("Deutsch") == true)
        }
    }

    @Test func rateLimitWaitsForTheServerHintThenSucceeds() async throws {
        try await GeminiHarness.run { harness in
            harness.fake.enqueue(.rateLimited(retryDelay: "1.5s"), for: .text)
            let writer = GeminiStoryWriter(configuration: harness.configuration(), http: harness.http)
            let written = try await writer.write(Self.story)
            #expect(written.pages.count == 5)
            #expect(harness.delays.all == [.milliseconds(1500)])
            #expect(harness.fake.requests(kind: .text) == 2)
        }
    }

    @Test func dailyQuotaIsExhaustedWithoutRetry() async throws {
        try await GeminiHarness.run { harness in
            harness.fake.enqueue(.dailyQuota, for: .text)
            let writer = GeminiStoryWriter(configuration: harness.configuration(), http: harness.http)
            let error = try await harness.providerError { try await writer.write(Self.story) }
            guard case .quotaExhausted = error else { Issue.record("expected quotaExhausted, got \(error)"); return }
            #expect(String(describing: error).contains("PerDay"))
            #expect(harness.fake.requests(kind: .text) == 1)
            #expect(harness.delays.all.isEmpty)
        }
    }

    @Test func serverErrorsAreRetriedWithBackoff() async throws {
        try await GeminiHarness.run { harness in
            harness.fake.enqueue(.unavailable, .internalError, for: .text)
            let writer = GeminiStoryWriter(configuration: harness.configuration(), http: harness.http)
            let written = try await writer.write(Self.story)
            #expect(written.pages.count == 5)
            #expect(harness.fake.requests(kind: .text) == 3)
            #expect(harness.delays.all.count == 2)
        }
    }

    @Test func serverErrorsGiveUpAfterTheLastAttempt() async throws {
        try await GeminiHarness.run { harness in
            harness.fake.enqueue(.unavailable, .unavailable, .unavailable, for: .text)
            let writer = GeminiStoryWriter(configuration: harness.configuration(), http: harness.http)
            let error = try await harness.providerError { try await writer.write(Self.story) }
            #expect(error == .unavailable(provider: "gemini", status: 503,
                                          detail: "UNAVAILABLE: The model is overloaded. Please try again later."))
            #expect(harness.fake.requests(kind: .text) == 3)
        }
    }

    @Test func badKeyIsRejectedAtOnceWithoutShowingIt() async throws {
        try await GeminiHarness.run { harness in
            let wrongKey = "AIzaWrongKey-9876543210"
            let writer = GeminiStoryWriter(configuration: harness.configuration(key: wrongKey), http: harness.http)
            let error = try await harness.providerError { try await writer.write(Self.story) }
            guard case let .rejected(_, status, detail) = error else { Issue.record("expected rejected, got \(error)"); return }
            #expect(status == 400)
            #expect(detail.contains("API_KEY_INVALID"))
            #expect(!String(describing: error).contains(wrongKey) && !String(reflecting: error).contains(wrongKey))
            #expect(harness.fake.requests(kind: .text) == 1)
            #expect(harness.fake.recordedRequests(kind: .text).first?.apiKeyHeader == wrongKey)
        }
    }

    @Test func unknownModelIsRejectedAtOnce() async throws {
        try await GeminiHarness.run { harness in
            harness.fake.enqueue(.notFound, for: .text)
            let writer = GeminiStoryWriter(configuration: harness.configuration(), http: harness.http)
            let error = try await harness.providerError { try await writer.write(Self.story) }
            guard case let .rejected(_, status, detail) = error else { Issue.record("expected rejected, got \(error)"); return }
            #expect(status == 404 && detail.hasPrefix("NOT_FOUND"))
            #expect(harness.fake.requests(kind: .text) == 1)
        }
    }

    @Test(arguments: [GeminiFakeFault.blockedPrompt, .safetyFinish])
    func blockedContentFailsKindlyWithoutRepair(fault: GeminiFakeFault) async throws {
        try await GeminiHarness.run { harness in
            harness.fake.enqueue(fault, for: .text)
            let writer = GeminiStoryWriter(configuration: harness.configuration(), http: harness.http)
            let error = try await harness.providerError { try await writer.write(Self.story) }
            guard case let .blocked(provider, reason) = error else { Issue.record("expected blocked, got \(error)"); return }
            #expect(provider == "gemini" && reason.contains("SAFETY"))
            #expect(error.failureReason == .unsafeContent)
            #expect(!error.isTransient)
            #expect(harness.fake.requests(kind: .text) == 1)
        }
    }

    @Test func truncatedAnswerIsRepairedInOneMoreTurn() async throws {
        try await GeminiHarness.run { harness in
            harness.fake.enqueue(.truncated, for: .text)
            let writer = GeminiStoryWriter(configuration: harness.configuration(), http: harness.http)
            let written = try await writer.write(Self.story)
            #expect(written.pages.count == 5)
            let requests = harness.fake.recordedRequests(kind: .text)
            #expect(requests.count == 2)
            let contents = requests.last?.body["contents"]?.array ?? []
            #expect(contents.compactMap { $0["role"]?.string } == ["user", "model", "user"])
            #expect(contents.count == 3 && contents[1]["parts"]?[0]?["text"]?.string?.hasPrefix("{") == true)
            let repair = contents.last?["parts"]?[0]?["text"]?.string ?? ""
            #expect(repair.contains("token limit") && repair.contains("exactly 5 pages"))
            #expect(requests.last?.problems.isEmpty == true)
            let usage = try #require(written.usage)
            #expect(usage.inputTokens > requests[0].userText.count / 4)
        }
    }

    @Test func wrongPageCountIsRepaired() async throws {
        try await GeminiHarness.run { harness in
            harness.fake.enqueue(.wrongPageCount, for: .text)
            let writer = GeminiStoryWriter(configuration: harness.configuration(), http: harness.http)
            let written = try await writer.write(Self.story)
            #expect(written.pages.count == 5)
            #expect(harness.fake.requests(kind: .text) == 2)
            #expect(harness.fake.recordedRequests(kind: .text).last?.userText.contains("4 pages instead of 5") == true)
        }
    }

    @Test func malformedAnswerTwiceIsUnusable() async throws {
        try await GeminiHarness.run { harness in
            harness.fake.enqueue(.malformedJSON, .malformedJSON, for: .text)
            let writer = GeminiStoryWriter(configuration: harness.configuration(), http: harness.http)
            let error = try await harness.providerError { try await writer.write(Self.story) }
            guard case .unusableOutput = error else { Issue.record("expected unusableOutput, got \(error)"); return }
            #expect(harness.fake.requests(kind: .text) == 2)
        }
    }

    @Test func truncatedTwiceIsUnusable() async throws {
        try await GeminiHarness.run { harness in
            harness.fake.enqueue(.truncated, .truncated, for: .text)
            let writer = GeminiStoryWriter(configuration: harness.configuration(), http: harness.http)
            let error = try await harness.providerError { try await writer.write(Self.story) }
            #expect(error == .unusableOutput(provider: "gemini", reason: "the answer was cut off at the token limit"))
            #expect(harness.fake.requests(kind: .text) == 2)
        }
    }

    @Test func slowAnswerTimesOut() async throws {
        try await GeminiHarness.run { harness in
            harness.fake.enqueue(.tooSlow(.seconds(3)), for: .text)
            let configuration = harness.configuration(timeout: .seconds(1), maxAttempts: 1)
            let writer = GeminiStoryWriter(configuration: configuration, http: harness.http)
            let error = try await harness.providerError { try await writer.write(Self.story) }
            // The fake would answer after 3 s: timedOut alone shows the 1 s timeout fired first (a
            // timeout that never fired would get the answer). No bound on the elapsed time: a loaded
            // machine running tests in parallel added seconds to it.
            #expect(error == .timedOut(provider: "gemini"))
        }
    }

    @Test func concurrencyLimiterCapsParallelCalls() async throws {
        try await GeminiHarness.run { harness in
            harness.fake.setLatency(.milliseconds(400), for: .text)
            let writer = GeminiStoryWriter(configuration: harness.configuration(maxConcurrentCalls: 3), http: harness.http)
            let counts = try await withThrowingTaskGroup(of: Int.self) { group in
                for seed in 0..<6 {
                    var request = Self.story
                    request.seed = UInt64(seed)
                    group.addTask { try await writer.write(request).pages.count }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(counts == Array(repeating: 5, count: 6))
            #expect(harness.fake.requests(kind: .text) == 6)
            #expect(harness.fake.maxConcurrent(kind: .text) == 3)
        }
    }

    // MARK: - Illustrator

    @Test func illustratorSendsThePreviousPictureAndReturnsAValidatedPNG() async throws {
        try await GeminiHarness.run { harness in
            let illustrator = GeminiIllustrator(configuration: harness.configuration(), http: harness.http)
            let first = try await illustrator.illustrate(Self.picture(page: 1, previous: nil))
            #expect(first.contentType == "image/png")
            // The fake's thought sketch (64×64) comes first and must be skipped.
            #expect(first.width == 96 && first.height == 64)
            #expect(first.data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            #expect(first.usage == ProviderUsage(provider: "gemini", model: "gemini-2.5-flash-image",
                                                 inputTokens: first.usage?.inputTokens ?? -1,
                                                 outputTokens: first.usage?.outputTokens ?? -1, images: 1))

            let second = try await illustrator.illustrate(Self.picture(page: 2, previous: first))
            #expect(second.width == 96 && second.height == 64)
            #expect(second.data != first.data)

            let requests = harness.fake.recordedRequests(kind: .image)
            #expect(requests.count == 2 && requests.allSatisfy(\.problems.isEmpty))
            #expect(requests[0].sentImage == false && requests[1].sentImage == true)
            #expect(requests[1].apiKeyHeader == Self.key && !requests[1].uri.contains("key="))
            let body = requests[1].body
            #expect(body["generationConfig"]?["responseModalities"] == ["TEXT", "IMAGE"])
            #expect(body["generationConfig"]?["imageConfig"]?["aspectRatio"] == "3:2")
            let parts = body["contents"]?[0]?["parts"]?.array ?? []
            #expect(parts.first?["text"]?.string?.contains("picture-book") == true)
            #expect(parts.last?["inlineData"]?["mimeType"] == "image/png")
            #expect(parts.last?["inlineData"]?["data"]?.string == first.data.base64EncodedString())
        }
    }

    @Test("a cast member's kept portrait goes with every page as a reference, and their look is in the prompt")
    func illustratorSendsCastReferences() async throws {
        try await GeminiHarness.run { harness in
            let illustrator = GeminiIllustrator(configuration: harness.configuration(), http: harness.http)
            let portrait = try await illustrator.illustrate(Self.picture(page: 1, previous: nil))
            var request = Self.picture(page: 1, previous: nil)
            let leo = CastMember(name: "Leo", kind: .child, age: 5, look: "a red jumper", createdBy: "u1",
                                 createdAt: Date(timeIntervalSince1970: 0))
            request.sheet = CharacterSheetDesigner.casting([CastMember(name: "Mia", kind: .child, age: 5, createdBy: "u1",
                                                                       createdAt: Date(timeIntervalSince1970: 0)), leo],
                                                           on: request.sheet, heroName: "Mia")
            request.references = [portrait]
            _ = try await illustrator.illustrate(request)
            let parts = harness.fake.recordedRequests(kind: .image).last?.body["contents"]?[0]?["parts"]?.array ?? []
            #expect(parts.last?["inlineData"]?["data"]?.string == portrait.data.base64EncodedString())
            let prompt = parts.first?["text"]?.string ?? ""
            #expect(prompt.contains("The second hero: a child of 5: a red jumper"))
            #expect(!prompt.contains("Leo"), "names are never in a picture prompt")
        }
    }

    @Test func missingPictureIsRetriedOnceWithoutThePreviousOne() async throws {
        try await GeminiHarness.run { harness in
            let illustrator = GeminiIllustrator(configuration: harness.configuration(), http: harness.http)
            let first = try await illustrator.illustrate(Self.picture(page: 1, previous: nil))
            harness.fake.enqueue(.noImage, for: .image)
            let second = try await illustrator.illustrate(Self.picture(page: 2, previous: first))
            #expect(second.width == 96)
            let requests = harness.fake.recordedRequests(kind: .image)
            #expect(requests.count == 3)
            #expect(requests[1].sentImage && !requests[2].sentImage)
            #expect(requests[2].userText != requests[1].userText)
            #expect(!requests[2].userText.contains("Mia"))
        }
    }

    @Test func pictureRefusedTwiceFails() async throws {
        try await GeminiHarness.run { harness in
            harness.fake.enqueue(.imageSafety, .noImage, for: .image)
            let illustrator = GeminiIllustrator(configuration: harness.configuration(), http: harness.http)
            let error = try await harness.providerError { try await illustrator.illustrate(Self.picture(page: 1, previous: nil)) }
            #expect(error == .unusableOutput(provider: "gemini", reason: "the answer held no picture"))
            #expect(harness.fake.requests(kind: .image) == 2)

            harness.fake.enqueue(.noImage, .imageSafety, for: .image)
            let blocked = try await harness.providerError { try await illustrator.illustrate(Self.picture(page: 1, previous: nil)) }
            guard case .blocked = blocked else { Issue.record("expected blocked, got \(blocked)"); return }
            #expect(harness.fake.requests(kind: .image) == 4)
        }
    }

    @Test func illustratorLimitsParallelCalls() async throws {
        try await GeminiHarness.run { harness in
            harness.fake.setLatency(.milliseconds(300), for: .image)
            let illustrator = GeminiIllustrator(configuration: harness.configuration(maxConcurrentCalls: 3), http: harness.http)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for page in 1...6 {
                    group.addTask { _ = try await illustrator.illustrate(Self.picture(page: page, previous: nil)) }
                }
                try await group.waitForAll()
            }
            #expect(harness.fake.requests(kind: .image) == 6)
            #expect(harness.fake.maxConcurrent(kind: .image) == 3)
        }
    }

    // MARK: - Imagen (legacy)

    @Test func retiredImagenPointsToGeminiImages() async throws {
        try await GeminiHarness.run { harness in
            harness.fake.enqueue(.notFound, for: .imagen)
            let illustrator = ImagenIllustrator(configuration: harness.configuration(imageModel: "imagen-4.0-generate-001"),
                                                http: harness.http)
            let error = try await harness.providerError { try await illustrator.illustrate(Self.picture(page: 1, previous: nil)) }
            guard case let .rejected(_, status, _) = error else { Issue.record("expected rejected, got \(error)"); return }
            #expect(status == 404)
            #expect(String(describing: error).contains("IMAGE_PROVIDER=gemini"))
            #expect(harness.fake.requests(kind: .imagen) == 1)
        }
    }

    @Test func imagenPaintsAndReportsFilteredPictures() async throws {
        try await GeminiHarness.run { harness in
            let illustrator = ImagenIllustrator(configuration: harness.configuration(imageModel: "imagen-4.0-generate-001"),
                                                http: harness.http)
            let picture = try await illustrator.illustrate(Self.picture(page: 1, previous: nil))
            #expect(picture.width == 96 && picture.height == 72 && picture.usage?.images == 1)
            let body = try #require(harness.fake.lastRequest(kind: .imagen))
            #expect(body["instances"]?[0]?["prompt"]?.string?.isEmpty == false)
            #expect(body["parameters"] == ["sampleCount": 1, "aspectRatio": "4:3", "personGeneration": "dont_allow",
                                           "safetySetting": "block_low_and_above", "includeRaiReason": true])

            harness.fake.enqueue(.safetyFinish, for: .imagen)
            let error = try await harness.providerError { try await illustrator.illustrate(Self.picture(page: 1, previous: nil)) }
            guard case let .blocked(_, reason) = error else { Issue.record("expected blocked, got \(error)"); return }
            #expect(reason.contains("safety filter"))
        }
    }

    // MARK: - Secrets

    @Test func configurationNeverShowsTheKey() {
        let configuration = GeminiConfiguration(apiKey: Self.key, textModel: "t", imageModel: "i")
        var dumped = ""
        dump(configuration, to: &dumped)
        for text in [String(describing: configuration), String(reflecting: configuration), dumped] {
            #expect(!text.contains(Self.key))
            #expect(text.contains("<redacted>"))
        }
        #expect(configuration.apiURL == "https://generativelanguage.googleapis.com/v1beta")
        #expect(configuration.textTimeout >= .seconds(120) && configuration.imageTimeout >= .seconds(180))
        #expect(configuration.maxConcurrentCalls == 3)
    }

    // MARK: - Fixtures

    static func picture(page: Int, previous: Illustration?) -> IllustrationRequest {
        let sheet = CharacterSheetDesigner().design(theme: theme, heroName: "Mia", companion: "a sleepy owl", age: 5, seed: 7)
        let written = WrittenPage(text: "Mia walks through the garden.", scene: PageScene(timeOfDay: .goldenHour, action: .walking),
                                  imagePrompt: "a girl and an owl walking between glowing snails")
        return IllustrationRequest(title: "Mia and the Snails", sheet: sheet, page: written, pageNumber: page, pageCount: 5,
                                   previous: previous, seed: 7)
    }
}

/// A started ``GeminiFake``, a real HTTP client, and configurations that point at the fake and
/// record retry delays instead of sleeping. Their timeout is generous (tests about the timeout
/// pass their own): a call slowed by tests in parallel is not timed out and retried.
struct GeminiHarness: Sendable {
    let fake: GeminiFake
    let http: ProviderHTTPClient
    let delays = DelayRecorder()

    func configuration(key: String = GeminiProviderTests.key, imageModel: String = "gemini-2.5-flash-image",
                       timeout: Duration = .seconds(120), maxAttempts: Int = 3,
                       maxConcurrentCalls: Int = 3) -> GeminiConfiguration {
        let delays = delays
        return GeminiConfiguration(apiKey: key, textModel: "gemini-2.5-flash", imageModel: imageModel, apiURL: fake.baseURL,
                                   textTimeout: timeout, imageTimeout: timeout, maxConcurrentCalls: maxConcurrentCalls,
                                   retry: ProviderRetry(maxAttempts: maxAttempts, sleep: { delays.record($0) }))
    }

    /// The ``ProviderError`` `body` throws (recording an issue if it throws nothing or something
    /// else), checked never to show the configured key.
    func providerError(_ body: () async throws -> some Any,
                       sourceLocation: SourceLocation = #_sourceLocation) async throws -> ProviderError {
        do {
            _ = try await body()
        } catch let error as ProviderError {
            #expect(!String(describing: error).contains(GeminiProviderTests.key), sourceLocation: sourceLocation)
            #expect(!String(reflecting: error).contains(GeminiProviderTests.key), sourceLocation: sourceLocation)
            return error
        }
        Issue.record("expected a ProviderError", sourceLocation: sourceLocation)
        throw NothingThrown()
    }

    struct NothingThrown: Error {}

    static func run(_ body: (GeminiHarness) async throws -> Void) async throws {
        let fake = GeminiFake(apiKey: GeminiProviderTests.key)
        try await fake.start()
        let client = HTTPClient()
        let harness = GeminiHarness(fake: fake, http: ProviderHTTPClient(httpClient: client, logger: Logger(label: "test")))
        do {
            try await body(harness)
        } catch {
            await fake.stop()
            try await client.shutdown()
            throw error
        }
        await fake.stop()
        try await client.shutdown()
    }
}

/// Retry delays asked for, in order.
final class DelayRecorder: Sendable {
    private let delays = Mutex<[Duration]>([])

    func record(_ delay: Duration) { delays.withLock { $0.append(delay) } }
    var all: [Duration] { delays.withLock { $0 } }
}
