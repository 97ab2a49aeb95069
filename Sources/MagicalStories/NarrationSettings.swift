import Configuration
import StoryProviders

/// How stories are read aloud (`/story listen`, 🔊). Read with the rest of ``AppConfig``;
/// every setting is documented in `docs/limits.md` ("Read aloud") and `docs/read-aloud.md`.
///
/// | key (JSON path)             | environment                   | default |
/// |-----------------------------|-------------------------------|---------|
/// | `narration.provider`        | `NARRATION_PROVIDER`          | `auto`: the story provider's speech when it is Gemini or OpenAI, else `offline` |
/// | `narration.geminiModel`     | `NARRATION_GEMINI_MODEL`      | `gemini-2.5-flash-preview-tts` |
/// | `narration.geminiVoice`     | `NARRATION_GEMINI_VOICE`      | `Sulafat` |
/// | `narration.openaiModel`     | `NARRATION_OPENAI_MODEL`      | `gpt-4o-mini-tts` |
/// | `narration.openaiVoice`     | `NARRATION_OPENAI_VOICE`      | `fable` |
/// | `narration.openaiFormat`    | `NARRATION_OPENAI_FORMAT`     | `pcm` (or `wav`) |
/// | `narration.espeakPath`      | `NARRATION_ESPEAK_PATH`       | `espeak-ng` (looked up on `PATH`) |
/// | `narration.wordsPerMinute`  | `NARRATION_WORDS_PER_MINUTE`  | `130` (the built-in voice's pace, 80–200) |
/// | `narration.maxConcurrent`   | `NARRATION_MAX_CONCURRENT`    | `2` narrations made at once |
public struct NarrationSettings: Sendable, Equatable, CustomStringConvertible {
    /// Who reads aloud.
    public enum Provider: String, Sendable, CaseIterable {
        case auto, offline, gemini, openai
    }

    public var provider = Provider.auto
    public var geminiModel = GeminiSpeechVoice.defaultModel
    public var geminiVoice = GeminiSpeechVoice.defaultVoice
    public var openAIModel = OpenAISpeechVoice.defaultModel
    public var openAIVoice = OpenAISpeechVoice.defaultVoice
    public var openAIFormat = OpenAISpeechVoice.AudioFormat.pcm
    public var espeakPath = "espeak-ng"
    public var wordsPerMinute = EspeakVoice.defaultWordsPerMinute
    public var maxConcurrent = 2

    public init() {}

    /// The voice actually used with `story` as the story provider.
    func resolved(storyProvider: AppConfig.TextProvider) -> Provider {
        guard provider == .auto else { return provider }
        switch storyProvider {
        case .gemini: return .gemini
        case .openai: return .openai
        case .offline: return .offline
        }
    }

    public var description: String {
        "narration: \(provider.rawValue), gemini \(geminiModel)/\(geminiVoice), openai \(openAIModel)/\(openAIVoice) \(openAIFormat.rawValue), "
            + "espeak \(espeakPath) at \(wordsPerMinute) wpm, \(maxConcurrent) at once"
    }

    init(reader: ConfigReader) throws {
        if let raw = SettingValues.nonEmpty(reader.string(forKey: "narration.provider")) {
            guard let value = Provider(rawValue: raw.lowercased()) else {
                throw AppConfigError.invalid(key: "NARRATION_PROVIDER", value: raw,
                                             expected: "one of " + Provider.allCases.map(\.rawValue).joined(separator: ", "))
            }
            provider = value
        }
        geminiModel = SettingValues.nonEmpty(reader.string(forKey: "narration.geminiModel")) ?? geminiModel
        geminiVoice = SettingValues.nonEmpty(reader.string(forKey: "narration.geminiVoice")) ?? geminiVoice
        openAIModel = SettingValues.nonEmpty(reader.string(forKey: "narration.openaiModel")) ?? openAIModel
        openAIVoice = SettingValues.nonEmpty(reader.string(forKey: "narration.openaiVoice")) ?? openAIVoice
        if let raw = SettingValues.nonEmpty(reader.string(forKey: "narration.openaiFormat")) {
            guard let format = OpenAISpeechVoice.AudioFormat(rawValue: raw.lowercased()) else {
                throw AppConfigError.invalid(key: "NARRATION_OPENAI_FORMAT", value: raw, expected: "pcm or wav")
            }
            openAIFormat = format
        }
        espeakPath = SettingValues.nonEmpty(reader.string(forKey: "narration.espeakPath")) ?? espeakPath
        wordsPerMinute = try SettingValues.integer(reader, "narration.wordsPerMinute", default: wordsPerMinute, in: 80...200,
                                                   name: "NARRATION_WORDS_PER_MINUTE")
        maxConcurrent = try SettingValues.integer(reader, "narration.maxConcurrent", default: maxConcurrent, in: 1...16,
                                                  name: "NARRATION_MAX_CONCURRENT")
    }
}
