import AsyncHTTPClient
import Foundation
import Logging
import Narration
import StoryDomain

/// Reads aloud with an OpenAI-compatible `POST /audio/speech` (OpenAI's `gpt-4o-mini-tts` or
/// `tts-1`, or a local server speaking the same API). Asks for `pcm` (24 kHz 16-bit mono) or
/// `wav`, a little slower than normal speech, and — for models that take instructions — a calm
/// bedtime tone. Text over the API's 4 096 characters is read in pieces, each one model call
/// counted by the configuration's meter.
public struct OpenAISpeechVoice: VoiceProvider {
    /// What the server is asked to send back.
    public enum AudioFormat: String, Sendable, Equatable {
        /// Raw 24 kHz 16-bit little-endian mono samples.
        case pcm
        case wav
    }

    public let name = "openai"
    public let isModelProvider = true
    public let model: String
    public let voice: String
    public let format: AudioFormat
    private let configuration: OpenAIConfiguration
    private let http: ProviderHTTPClient
    private let classifier: OpenAIErrorClassifier

    public static let defaultModel = "gpt-4o-mini-tts"
    public static let defaultVoice = "fable"
    /// The API's limit on `input`, less a margin.
    static let maxCharacters = 4_000
    /// `speed`: 1.0 is normal; a little slower for bedtime.
    static let bedtimeSpeed = 0.9

    public init(configuration: OpenAIConfiguration, httpClient: HTTPClient, logger: Logger, model: String = Self.defaultModel,
                voice: String = Self.defaultVoice, format: AudioFormat = .pcm) {
        self.configuration = configuration
        http = ProviderHTTPClient(httpClient: httpClient, logger: logger, meter: configuration.meter)
        classifier = OpenAIErrorClassifier(provider: name, redactor: SecretRedactor(secret: configuration.apiKey))
        self.model = model
        self.voice = voice
        self.format = format
    }

    public func voiceLabel(for language: StoryLanguage) -> String { "openai:\(voice)" }

    public func speak(_ request: NarrationRequest) async throws -> SpokenPCM {
        var clips: [PCMAudio] = []
        for chunk in SpeechChunks.split(request.text, maxCharacters: Self.maxCharacters) {
            let body = Body(model: model, input: chunk, voice: voice, responseFormat: format.rawValue, speed: Self.speed(request.prosody),
                            instructions: Self.takesInstructions(model) ? Self.instructions(request) : nil)
            let payload = try JSONEncoder().encode(body)
            let accept = [("Accept", format == .pcm ? "audio/pcm" : "audio/wav")]
            let headers = accept + (configuration.apiKey.map { [("Authorization", "Bearer \($0)")] } ?? [])
            let audio = try await configuration.retry.run { [http, classifier, configuration, model, name] _ in
                let response = try await http.postJSON(provider: name, operation: model, url: "\(configuration.apiURL)/audio/speech",
                                                       headers: headers, body: payload, timeout: configuration.textTimeout)
                guard (200..<300).contains(response.status) else {
                    throw classifier.error(status: response.status, headers: response.headers, body: response.body)
                }
                return response.body
            }
            clips.append(try decode(audio))
        }
        do {
            return SpokenPCM(audio: try PCMAudio.joined(clips, gap: 0.6),
                             usage: ProviderUsage(provider: name, model: model, inputTokens: request.text.count / 4 + 1))
        } catch {
            throw ProviderError.unusableOutput(provider: name, reason: "the audio pieces did not fit together")
        }
    }

    private func decode(_ data: Data) throws -> PCMAudio {
        guard !data.isEmpty else { throw ProviderError.unusableOutput(provider: name, reason: "the answer held no audio") }
        switch format {
        case .pcm:
            // A server that sends WAV anyway is read as WAV.
            if data.starts(with: Array("RIFF".utf8)), let wav = try? WAVReader.read(data) { return wav }
            return PCMAudio(littleEndian: data, sampleRate: 24_000)
        case .wav:
            do {
                return try WAVReader.read(data)
            } catch {
                throw ProviderError.unusableOutput(provider: name, reason: "the answer was not 16-bit WAV audio")
            }
        }
    }

    /// `speed` for a passage: the bedtime speed times the passage's rate, within the API's 0.25–4.
    static func speed(_ prosody: Prosody) -> Double {
        min(4, max(0.25, ((bedtimeSpeed * prosody.rate) * 100).rounded() / 100))
    }

    /// OpenAI's `gpt-4o-*-tts` models take `instructions`; `tts-1` and most local servers do not.
    static func takesInstructions(_ model: String) -> Bool {
        model.lowercased().hasPrefix("gpt-")
    }

    static func instructions(_ request: NarrationRequest) -> String {
        "You are reading a bedtime story to a child falling asleep. Speak slowly, softly and warmly in "
            + "\(request.language.englishName), with gentle pauses between sentences. Pronounce the name "
            + "\"\(request.heroName)\" exactly as written." + WindDownWords.sentence(for: request.prosody)
    }

    struct Body: Encodable {
        var model: String
        var input: String
        var voice: String
        var responseFormat: String
        var speed: Double
        var instructions: String?

        enum CodingKeys: String, CodingKey {
            case model, input, voice, speed, instructions
            case responseFormat = "response_format"
        }
    }
}
