import AsyncHTTPClient
import Foundation
import Logging
import Narration
import ProviderFakes
import StoryDomain
import StoryProviders
import StoryTestSupport
import Testing

/// The voices that read stories aloud, end to end: the built-in espeak-ng voice for real, and
/// the Gemini and OpenAI speech APIs against a loopback fake, each through the Ogg/Opus encoder.
@Suite("Read aloud: voices")
struct NarrationVoiceTests {
    static let logger = Logger(label: "NarrationVoiceTests")
    static let family = FamilyRef(platform: .web, externalID: "voices")

    /// A calm page of about sixty words, with the hero's name written in capitals.
    static let page = """
        MIA looked up at the sleepy moon. The little dragon yawned, curled his tail around the warm stones, \
        and whispered goodnight to the stars. Far away, the sea hummed a soft song, and the wind carried it \
        over the hills to the window where Mia lay dreaming of clouds, of lanterns, and of a boat made of \
        leaves that floated slowly home.
        """

    static func words(_ text: String) -> Int { text.split(whereSeparator: \.isWhitespace).count }

    static func request(_ text: String = page, language: StoryLanguage = .english) -> NarrationRequest {
        NarrationRequest(text: SpokenText.clean(text, heroName: "MIA"), language: language, heroName: "MIA")
    }

    /// Checks that `audio` is valid Ogg/Opus whose length is within ±25 % of `expected` seconds.
    static func expectValid(_ audio: SpokenAudio, expected: Double, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let info = try OggOpusInfo(audio.data)
        #expect(info.channels == 1, sourceLocation: sourceLocation)
        #expect(abs(info.duration - audio.duration) < 0.01, sourceLocation: sourceLocation)
        #expect(abs(audio.duration - expected) <= expected * 0.25, "\(audio.duration) s against \(expected) s", sourceLocation: sourceLocation)
        #expect((1...256).contains(audio.waveform.count), sourceLocation: sourceLocation)
        #expect(audio.waveform.contains { $0 > 60 }, "the waveform shows speech", sourceLocation: sourceLocation)
    }

    // MARK: Built-in voice

    @Test("espeak-ng reads a page at the bedtime pace: valid Ogg/Opus within ±25 % of the words at 130 a minute")
    func espeakEndToEnd() async throws {
        let voice = EspeakVoice()
        try #require(voice.resolvedProgram() != nil, "espeak-ng is not installed: run scripts/setup.sh (Debian package espeak-ng)")
        let audio = try await SpeakingNarrator(voice: voice).narrate(Self.request())
        let expected = Double(Self.words(Self.page)) / Double(EspeakVoice.defaultWordsPerMinute) * 60
        try Self.expectValid(audio, expected: expected)
        #expect(audio.voice == "espeak-ng:en-us+f3")
        #expect(audio.usage == nil, "the built-in voice is not a model call")
    }

    @Test("espeak-ng speaks the story's language with the language's voice", arguments: [StoryLanguage.german, .spanish, .polish])
    func espeakLanguages(language: StoryLanguage) async throws {
        let voice = EspeakVoice()
        try #require(voice.resolvedProgram() != nil, "espeak-ng is not installed: run scripts/setup.sh")
        let text = switch language {
        case .german: "Der kleine Drache gähnt und schläft unter den Sternen ein."
        case .spanish: "El pequeño dragón bosteza y se duerme bajo las estrellas."
        default: "Mały smok ziewa i zasypia pod gwiazdami."
        }
        let audio = try await SpeakingNarrator(voice: voice).narrate(Self.request(text, language: language))
        try Self.expectValid(audio, expected: Double(Self.words(text)) / 130 * 60 + 0.5)
        #expect(audio.voice.hasPrefix("espeak-ng:\(language.rawValue)"))
    }

    @Test("text goes to standard input, never to a shell: command syntax is only read aloud")
    func espeakNoShell() async throws {
        let voice = EspeakVoice()
        try #require(voice.resolvedProgram() != nil, "espeak-ng is not installed: run scripts/setup.sh")
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("voice-shell-\(UUID().uuidString)")
        let text = "Goodnight $(touch \(marker.path)); `touch \(marker.path)` && touch \(marker.path) -- --version"
        let audio = try await SpeakingNarrator(voice: voice).narrate(NarrationRequest(text: text, language: .english, heroName: "Mia"))
        #expect(!FileManager.default.fileExists(atPath: marker.path))
        #expect(audio.duration > 2, "the words were read, not taken as options")
    }

    @Test("a missing program is a clear error, not a crash")
    func espeakMissing() async throws {
        let voice = EspeakVoice(program: "/nonexistent/espeak-ng")
        await #expect(throws: EspeakError.notInstalled("/nonexistent/espeak-ng")) {
            try await voice.speak(Self.request())
        }
    }

    @Test("a name written in capitals is said as a name, and emoji and markdown marks are not read out")
    func spokenText() {
        #expect(SpokenText.clean("**MIA** waves 🌙 at *the moon*.", heroName: "MIA") == "Mia waves at the moon.")
        #expect(SpokenText.clean("Zoë sleeps.", heroName: "Zoë") == "Zoë sleeps.")
    }

    // MARK: Gemini

    static func withSpeechFake(_ body: (SpeechFake, HTTPClient) async throws -> Void) async throws {
        let fake = SpeechFake()
        try await fake.start()
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)
        do {
            try await body(fake, client)
        } catch {
            try await client.shutdown()
            await fake.stop()
            throw error
        }
        try await client.shutdown()
        await fake.stop()
    }

    static func meter(_ ledger: InMemoryUsageLedger, familyCalls: Int = 60) -> ModelCallMeter {
        ModelCallMeter(ledger: ledger, budget: ModelBudget(familyDailyCalls: familyCalls, serviceDailyCalls: 200), clock: ManualWallClock())
    }

    static func noRetry() -> ProviderRetry { ProviderRetry(maxAttempts: 1, sleep: { _ in }) }

    @Test("Gemini speech: AUDIO modality, the configured voice, the key in a header; PCM made Ogg/Opus; one narration call counted")
    func geminiSpeech() async throws {
        try await Self.withSpeechFake { fake, client in
            let ledger = InMemoryUsageLedger()
            var configuration = GeminiConfiguration(apiKey: fake.apiKey, textModel: "gemini-test", imageModel: "gemini-test-image",
                                                    apiURL: fake.geminiURL)
            configuration.retry = Self.noRetry()
            let voice = GeminiSpeechVoice(configuration: configuration,
                                          http: ProviderHTTPClient(httpClient: client, logger: Self.logger, meter: Self.meter(ledger)),
                                          voice: "Leda")
            let request = Self.request()
            let audio = try await ModelCallScope.$current.withValue(ModelCallScope(family: Self.family, kind: .narration)) {
                try await SpeakingNarrator(voice: voice).narrate(request)
            }
            try Self.expectValid(audio, expected: fake.seconds(for: request.text))
            #expect(audio.voice == "gemini:Leda")
            #expect(audio.usage?.provider == "gemini" && audio.usage?.model == GeminiSpeechVoice.defaultModel)
            let sent = try #require(fake.requests.last)
            #expect(sent.path.hasSuffix("/models/\(GeminiSpeechVoice.defaultModel):generateContent"))
            #expect(sent.headers["x-goog-api-key"] == fake.apiKey)
            #expect(!sent.path.contains(fake.apiKey))
            let prompt = try #require(sent.json?["contents"]?[0]?["parts"]?[0]?["text"]?.string)
            #expect(prompt.contains("slowly") && prompt.contains("\"MIA\"") && prompt.contains("Mia looked up"))
            let calls = await ledger.calls
            #expect(calls.count == 1)
            #expect(calls.first?.call.kind == .narration && calls.first?.call.family == Self.family)
            #expect(calls.first?.outcome == .answered)
        }
    }

    @Test("Gemini speech over the day's budget is not sent: the budget error reaches the caller")
    func geminiOverBudget() async throws {
        try await Self.withSpeechFake { fake, client in
            let ledger = InMemoryUsageLedger()
            var configuration = GeminiConfiguration(apiKey: fake.apiKey, textModel: "t", imageModel: "i", apiURL: fake.geminiURL)
            configuration.retry = Self.noRetry()
            let voice = GeminiSpeechVoice(configuration: configuration,
                                          http: ProviderHTTPClient(httpClient: client, logger: Self.logger,
                                                                   meter: Self.meter(ledger, familyCalls: 0)))
            await #expect(throws: ModelBudgetExhausted.self) {
                try await ModelCallScope.$current.withValue(ModelCallScope(family: Self.family, kind: .narration)) {
                    try await voice.speak(Self.request())
                }
            }
            #expect(fake.requests.isEmpty)
        }
    }

    @Test("a failed Gemini speech call is a provider error, and counted as failed")
    func geminiFailure() async throws {
        try await Self.withSpeechFake { fake, client in
            let ledger = InMemoryUsageLedger()
            var configuration = GeminiConfiguration(apiKey: fake.apiKey, textModel: "t", imageModel: "i", apiURL: fake.geminiURL)
            configuration.retry = Self.noRetry()
            let voice = GeminiSpeechVoice(configuration: configuration,
                                          http: ProviderHTTPClient(httpClient: client, logger: Self.logger, meter: Self.meter(ledger)))
            fake.failNext(status: 500)
            await #expect(throws: ProviderError.self) { try await voice.speak(Self.request()) }
            #expect(await ledger.calls.first?.outcome == .failed)
        }
    }

    // MARK: OpenAI

    static func openAI(_ fake: SpeechFake) -> OpenAIConfiguration {
        var configuration = OpenAIConfiguration.openAI(apiKey: fake.apiKey, textModel: "gpt-test", imageModel: nil, apiURL: fake.openAIURL)
        configuration.retry = Self.noRetry()
        return configuration
    }

    @Test("OpenAI /audio/speech as pcm and as wav: Bearer key, the configured voice, a slower speed, bedtime instructions",
          arguments: [OpenAISpeechVoice.AudioFormat.pcm, .wav])
    func openAISpeech(format: OpenAISpeechVoice.AudioFormat) async throws {
        try await Self.withSpeechFake { fake, client in
            let ledger = InMemoryUsageLedger()
            var configuration = Self.openAI(fake)
            configuration.meter = Self.meter(ledger)
            let voice = OpenAISpeechVoice(configuration: configuration, httpClient: client, logger: Self.logger, voice: "nova", format: format)
            let request = Self.request()
            let audio = try await ModelCallScope.$current.withValue(ModelCallScope(family: Self.family, kind: .narration)) {
                try await SpeakingNarrator(voice: voice).narrate(request)
            }
            try Self.expectValid(audio, expected: fake.seconds(for: request.text, speed: 0.9))
            #expect(audio.voice == "openai:nova")
            let sent = try #require(fake.requests.last?.json)
            #expect(sent["voice"]?.string == "nova" && sent["response_format"]?.string == format.rawValue)
            #expect(sent["model"]?.string == OpenAISpeechVoice.defaultModel)
            #expect(sent["speed"]?.number == 0.9)
            #expect(sent["instructions"]?.string?.contains("bedtime") == true)
            #expect(fake.requests.last?.headers["authorization"] == "Bearer \(fake.apiKey)")
            #expect(await ledger.calls.map(\.call.kind) == [.narration])
        }
    }

    @Test("text over the API's 4 096 characters is read in pieces (one call each) and joined into one file")
    func openAILongText() async throws {
        try await Self.withSpeechFake { fake, client in
            let voice = OpenAISpeechVoice(configuration: Self.openAI(fake), httpClient: client, logger: Self.logger, model: "tts-1")
            let long = Array(repeating: Self.page, count: 13).joined(separator: "\n\n")
            #expect(long.count > 4_096)
            let audio = try await SpeakingNarrator(voice: voice).narrate(Self.request(long))
            #expect(fake.requests.count >= 2)
            #expect(fake.requests.allSatisfy { ($0.json?["input"]?.string?.count ?? 0) <= 4_096 })
            #expect(fake.requests.allSatisfy { $0.json?["instructions"] == nil }, "tts-1 takes no instructions")
            try Self.expectValid(audio, expected: fake.seconds(for: SpokenText.clean(long, heroName: "MIA"), speed: 0.9))
        }
    }

    @Test("a wrong key is refused, and the key never appears in the error")
    func openAIBadKey() async throws {
        try await Self.withSpeechFake { fake, client in
            let configuration = OpenAIConfiguration.openAI(apiKey: "sk-wrong-key-123456", textModel: "t", imageModel: nil,
                                                           apiURL: fake.openAIURL)
            let voice = OpenAISpeechVoice(configuration: configuration, httpClient: client, logger: Self.logger)
            do {
                _ = try await voice.speak(Self.request())
                Issue.record("a wrong key was accepted")
            } catch let error as ProviderError {
                #expect(!String(describing: error).contains("sk-wrong-key-123456"))
            }
        }
    }
}
