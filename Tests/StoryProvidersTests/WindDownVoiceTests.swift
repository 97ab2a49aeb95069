import AsyncHTTPClient
import Foundation
import Narration
import ProviderFakes
import StoryDomain
@testable import StoryProviders
import StoryTestSupport
import Testing

/// The last page winding down through each voice: espeak-ng for real (rate, pitch, amplitude),
/// OpenAI's `speed` and instructions and Gemini's prompt against the loopback fake, and the
/// whole file (speech, then gentle sound) through the Ogg/Opus encoder.
@Suite("Read aloud: wind-down voices")
struct WindDownVoiceTests {
    static let lastPage = """
        Pip came home at last. The sea was calm and the moon was round. Mia wrapped Pip in a blanket. \
        They listened to the waves. Pip closed his eyes. Goodnight, Pip.
        """

    static func request(tail: WindDown = .twoMinutes, text: String = "") -> NarrationRequest {
        var request = NarrationRequest(text: text, language: .english, heroName: "Mia")
        request.windDown = WindDownReading.make(lastPage: lastPage, refrain: "Be brave, little Pip!", ending: nil, windDown: tail,
                                                theme: "a crab at the sea", seed: 11)
        return request
    }

    static func words(_ text: String) -> Double { Double(text.split(whereSeparator: \.isWhitespace).count) }

    @Test("espeak-ng's arguments: rate, pitch and amplitude follow the passage; the usual reading is unchanged")
    func espeakArguments() {
        let voice = EspeakVoice()
        #expect(voice.arguments(for: .english) == ["--stdin", "--stdout", "-v", "en-us+f3", "-s", "130", "-p", "40", "-g", "2"])
        let softest = voice.arguments(for: .english, prosody: WindDownReading.stepProsody[2])
        #expect(softest == ["--stdin", "--stdout", "-v", "en-us+f3", "-s", "91", "-p", "34", "-g", "2", "-a", "35"])
        #expect(voice.controlsVolume && !GeminiSpeechVoice.prompt("x", language: .english, hero: "Mia").contains("end of the story"))
        #expect(GeminiSpeechVoice.prompt("x", language: .english, hero: "Mia", prosody: WindDownReading.stepProsody[2])
            .contains("very slowly and very softly"))
        #expect(OpenAISpeechVoice.speed(.usual) == 0.9 && OpenAISpeechVoice.speed(WindDownReading.stepProsody[2]) == 0.63)
    }

    @Test("espeak-ng winds down for real: words a minute and loudness fall step by step, then the sound fades to silence")
    func espeakWindsDown() async throws {
        guard EspeakVoice().resolvedProgram() != nil else { return }
        let request = Self.request()
        let reading = try #require(request.windDown)
        let passages = try await WindDownSpeech(voice: EspeakVoice()).passages(request, reading: reading)
        #expect(passages.count == reading.steps.count)
        let pace = zip(reading.steps, passages).map { Self.words($0.text) / $1.audio.duration * 60 }
        let loudness = passages.map(\.audio.rmsLevel)
        for index in 1..<passages.count {
            #expect(pace[index] < pace[index - 1], "words a minute \(pace)")
            #expect(loudness[index] < loudness[index - 1] * 0.85, "RMS \(loudness)")
        }
        let assembled = try WindDownSpeech.assemble(passages, reading: reading)
        let soundFrom = try #require(assembled.soundFrom)
        #expect(assembled.audio.samples.count - soundFrom == 120 * assembled.audio.sampleRate)
        let sound = PCMAudio(samples: Array(assembled.audio.samples[soundFrom...]), sampleRate: assembled.audio.sampleRate)
        let start = PCMAudio(samples: Array(sound.samples[(5 * sound.sampleRate)..<(15 * sound.sampleRate)]), sampleRate: sound.sampleRate)
        #expect(start.rmsLevel < loudness.last!, "the sound starts below the softest words")
        #expect(assembled.audio.samples.last == 0)

        let audio = try await SpeakingNarrator(voice: EspeakVoice()).narrate(request)
        let info = try OggOpusInfo(audio.data)
        #expect(abs(info.duration - assembled.audio.duration) < 0.05, "\(info.duration) s")
        #expect(audio.voice == "espeak-ng:en-us+f3 wind-down 2m")
        // 2 minutes of sound at 12 kbit/s and ~40 s of speech at 32: far under Discord's 10 MiB.
        #expect(audio.data.count < 400_000, "\(audio.data.count) bytes")
        if let folder = ProcessInfo.processInfo.environment["WIND_DOWN_SAMPLES"] {
            try audio.data.write(to: URL(fileURLWithPath: folder).appendingPathComponent("wind-down-espeak.ogg"))
        }
    }

    @Test("OpenAI: each step slower by its speed, told in instructions, and scaled softer; one call a passage")
    func openAIWindsDown() async throws {
        try await NarrationVoiceTests.withSpeechFake { fake, client in
            let voice = OpenAISpeechVoice(configuration: NarrationVoiceTests.openAI(fake), httpClient: client,
                                          logger: NarrationVoiceTests.logger)
            let request = Self.request(text: "Once upon a time.")
            let reading = try #require(request.windDown)
            let passages = try await WindDownSpeech(voice: voice).passages(request, reading: reading)
            let sent = fake.requests.compactMap(\.json)
            #expect(sent.compactMap { $0["speed"]?.number } == [0.9, 0.81, 0.72, 0.63])
            #expect(sent.first?["instructions"]?.string?.contains("end of the story") == false)
            #expect(sent.dropFirst().allSatisfy { $0["instructions"]?.string?.contains("end of the story") == true })
            #expect(sent.last?["input"]?.string == "Be brave, little Pip!\n\nBe brave, little Pip!")
            let levels = passages.map(\.audio.rmsLevel)
            for (louder, softer) in zip(levels, levels.dropFirst()) { #expect(softer < louder * 0.8, "\(levels)") }
            #expect(abs(20 * log10(levels[3] / levels[0]) + 9) < 1.5, "−9 dB by the refrain: \(levels)")
            let audio = try await SpeakingNarrator(voice: voice).narrate(request)
            #expect(abs(try OggOpusInfo(audio.data).duration - audio.duration) < 0.01)
            #expect(audio.duration > 120 && audio.usage?.provider == "openai")
        }
    }

    @Test("Gemini: the style asked for in words, stronger step by step (its API has no rate or volume)")
    func geminiWindsDown() async throws {
        try await NarrationVoiceTests.withSpeechFake { fake, client in
            var configuration = GeminiConfiguration(apiKey: fake.apiKey, textModel: "gemini-test", imageModel: "gemini-test-image",
                                                    apiURL: fake.geminiURL)
            configuration.retry = NarrationVoiceTests.noRetry()
            let meter = NarrationVoiceTests.meter(InMemoryUsageLedger())
            let voice = GeminiSpeechVoice(configuration: configuration,
                                          http: ProviderHTTPClient(httpClient: client, logger: NarrationVoiceTests.logger, meter: meter))
            let request = Self.request()
            let reading = try #require(request.windDown)
            _ = try await ModelCallScope.$current.withValue(ModelCallScope(family: NarrationVoiceTests.family, kind: .narration)) {
                try await WindDownSpeech(voice: voice).passages(request, reading: reading)
            }
            let prompts = fake.requests.compactMap { $0.json?["contents"]?[0]?["parts"]?[0]?["text"]?.string }
            #expect(prompts.count == 3)
            #expect(prompts[0].contains("a little more slowly") && prompts[1].contains("more slowly and more softly than before")
                && prompts[2].contains("almost a whisper"))
            #expect(fake.requests.allSatisfy { $0.json?["generationConfig"]?["speechConfig"]?["speed"] == nil })
        }
    }
}
