import Foundation
import MagicalStories
import Operations
import StoryProviders
import Testing

@Suite("Read aloud: settings")
struct NarrationSettingsTests {
    @Test("defaults: auto (the built-in voice with the built-in writer), 130 words a minute, 2 at once")
    func defaults() async throws {
        let config = try await AppConfig.load(file: nil, environment: [:])
        #expect(config.narration.provider == .auto)
        #expect(config.narration.wordsPerMinute == 130 && config.narration.maxConcurrent == 2)
        #expect(config.narration.geminiVoice == "Sulafat" && config.narration.openAIVoice == "fable")
    }

    @Test("environment variables set the voice; blank is absent")
    func environment() async throws {
        let config = try await AppConfig.load(file: nil, environment: [
            "NARRATION_PROVIDER": "OpenAI", "OPENAI_API_KEY": "sk-test", "NARRATION_OPENAI_VOICE": "nova",
            "NARRATION_OPENAI_FORMAT": "wav", "NARRATION_WORDS_PER_MINUTE": "120", "NARRATION_MAX_CONCURRENT": "4",
            "NARRATION_GEMINI_VOICE": " ",
        ])
        #expect(config.narration.provider == .openai && config.narration.openAIVoice == "nova")
        #expect(config.narration.openAIFormat == .wav && config.narration.wordsPerMinute == 120 && config.narration.maxConcurrent == 4)
        #expect(config.narration.geminiVoice == "Sulafat")
    }

    @Test("invalid values, and a model voice without its key, are refused by name", arguments: [
        ["NARRATION_PROVIDER": "robot"], ["NARRATION_WORDS_PER_MINUTE": "400"], ["NARRATION_MAX_CONCURRENT": "0"],
        ["NARRATION_OPENAI_FORMAT": "mp3"], ["NARRATION_PROVIDER": "gemini"], ["NARRATION_PROVIDER": "openai"],
    ])
    func invalid(environment: [String: String]) async throws {
        do {
            _ = try await AppConfig.load(file: nil, environment: environment)
            Issue.record("accepted \(environment)")
        } catch let error as AppConfigError {
            guard case let .invalid(key, _, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(key.hasPrefix("NARRATION_") || key.hasSuffix("_API_KEY"), "\(key)")
        }
    }
}
