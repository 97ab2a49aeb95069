import Foundation
import Narration
import StoryDomain

/// Reads aloud with the Gemini API's speech generation: `generateContent` on a TTS model
/// (`gemini-2.5-flash-preview-tts`) with `responseModalities: ["AUDIO"]` and a prebuilt voice.
/// The answer is base64 PCM (`audio/L16;codec=pcm;rate=24000`, 16-bit mono). The pace and tone
/// are asked for in words, as Gemini's TTS models take them; the language is the text's own.
/// Each request is one model call, counted by the meter of the ``ProviderHTTPClient``.
public struct GeminiSpeechVoice: VoiceProvider {
    public let name = "gemini"
    public let isModelProvider = true
    /// A TTS model id.
    public let model: String
    /// A prebuilt voice name (`Sulafat`: warm).
    public let voice: String
    private let client: GeminiClient
    private let timeout: Duration

    public static let defaultModel = "gemini-2.5-flash-preview-tts"
    public static let defaultVoice = "Sulafat"
    /// Text per request: well inside the TTS models' input window, and under a minute or two of speech.
    static let maxCharacters = 3_000

    public init(configuration: GeminiConfiguration, http: ProviderHTTPClient, model: String = Self.defaultModel,
                voice: String = Self.defaultVoice) {
        client = GeminiClient(provider: "gemini", configuration: configuration, http: http)
        self.model = model
        self.voice = voice
        timeout = configuration.textTimeout
    }

    public func voiceLabel(for language: StoryLanguage) -> String { "gemini:\(voice)" }

    public func speak(_ request: NarrationRequest) async throws -> SpokenPCM {
        var clips: [PCMAudio] = []
        var usage = ProviderUsage(provider: name, model: model)
        for chunk in SpeechChunks.split(request.text, maxCharacters: Self.maxCharacters) {
            let body = Wire.Request(
                contents: [.init(parts: [.init(text: Self.prompt(chunk, language: request.language, hero: request.heroName, prosody: request.prosody))])],
                generationConfig: .init(responseModalities: ["AUDIO"],
                                        speechConfig: .init(voiceConfig: .init(prebuiltVoiceConfig: .init(voiceName: voice)))))
            let answer: Wire.Response = try await client.call("generateContent", model: model, body: body, timeout: timeout)
            guard let inline = answer.candidates?.first?.content?.parts?.compactMap(\.inlineData).first,
                  let data = Data(base64Encoded: inline.data), !data.isEmpty else {
                throw ProviderError.unusableOutput(provider: name, reason: "the answer held no audio")
            }
            guard inline.mimeType.lowercased().hasPrefix("audio/l16") || inline.mimeType.lowercased().hasPrefix("audio/pcm") else {
                throw ProviderError.unusableOutput(provider: name, reason: "unexpected audio type \(inline.mimeType)")
            }
            clips.append(PCMAudio(littleEndian: data, sampleRate: Self.rate(of: inline.mimeType)))
            usage.inputTokens += answer.usageMetadata?.promptTokenCount ?? 0
            usage.outputTokens += answer.usageMetadata?.candidatesTokenCount ?? 0
        }
        do {
            return SpokenPCM(audio: try PCMAudio.joined(clips, gap: 0.6), usage: usage)
        } catch {
            throw ProviderError.unusableOutput(provider: name, reason: "the audio pieces did not fit together")
        }
    }

    /// The style asked for, then the text. The hero's name is to be said as written.
    /// Gemini's speech takes no rate or volume parameter: a wind-down passage asks for it in words.
    static func prompt(_ text: String, language: StoryLanguage, hero: String, prosody: Prosody = .usual) -> String {
        "Read this bedtime story aloud in \(language.englishName), slowly and softly, in a calm, warm voice for a "
            + "child falling asleep, with gentle pauses between sentences. Say the name \"\(hero)\" exactly as it is "
            + "written." + WindDownWords.sentence(for: prosody) + " Read only the story text:\n\n\(text)"
    }

    /// `rate=24000` in the MIME type's parameters; 24 kHz when absent.
    static func rate(of mimeType: String) -> Int {
        for parameter in mimeType.split(separator: ";") {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "rate", let rate = Int(pair[1]), rate > 0 { return rate }
        }
        return 24_000
    }

    /// The wire shapes of a speech call (only the fields used).
    enum Wire {
        struct Request: Encodable, Sendable {
            struct Content: Encodable, Sendable { var parts: [Part] }
            struct Part: Encodable, Sendable { var text: String }
            struct GenerationConfig: Encodable, Sendable {
                var responseModalities: [String]
                var speechConfig: SpeechConfig
            }
            struct SpeechConfig: Encodable, Sendable { var voiceConfig: VoiceConfig }
            struct VoiceConfig: Encodable, Sendable { var prebuiltVoiceConfig: PrebuiltVoiceConfig }
            struct PrebuiltVoiceConfig: Encodable, Sendable { var voiceName: String }
            var contents: [Content]
            var generationConfig: GenerationConfig
        }

        struct Response: Decodable, Sendable {
            struct Candidate: Decodable, Sendable { var content: Content? }
            struct Content: Decodable, Sendable { var parts: [Part]? }
            struct Part: Decodable, Sendable { var inlineData: InlineData? }
            struct InlineData: Decodable, Sendable {
                var mimeType: String
                var data: String
            }
            struct Usage: Decodable, Sendable {
                var promptTokenCount: Int?
                var candidatesTokenCount: Int?
            }
            var candidates: [Candidate]?
            var usageMetadata: Usage?
        }
    }
}

extension StoryLanguage {
    /// The language's name in English, for prompts.
    var englishName: String {
        switch self {
        case .english: "English"
        case .spanish: "Spanish"
        case .french: "French"
        case .german: "German"
        case .italian: "Italian"
        case .portuguese: "Portuguese"
        case .dutch: "Dutch"
        case .polish: "Polish"
        }
    }
}
