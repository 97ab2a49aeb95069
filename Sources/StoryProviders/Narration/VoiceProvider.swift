import Foundation
import Narration
import StoryDomain

/// A voice that speaks text as PCM: the built-in espeak-ng voice or a model provider's speech.
/// ``SpeakingNarrator`` turns what it says into Ogg/Opus for the domain's ``Narrator`` port.
public protocol VoiceProvider: Sendable {
    /// `espeak-ng`, `gemini` or `openai`: the provider's name in the usage ledger and logs.
    var name: String { get }
    /// Whether speaking costs a model call.
    var isModelProvider: Bool { get }
    /// The voice as stored with the narration, e.g. `espeak-ng:en-us+f3` or `gemini:Sulafat`.
    func voiceLabel(for language: StoryLanguage) -> String
    /// Whether the voice reads a passage softer itself (``Prosody/volume``); when not, its audio
    /// is scaled afterwards.
    var controlsVolume: Bool { get }
    /// Speaks `request` at a calm bedtime pace, or at its ``NarrationRequest/prosody``.
    func speak(_ request: NarrationRequest) async throws -> SpokenPCM
}

extension VoiceProvider {
    public var controlsVolume: Bool { false }
}

/// What a voice said, and what it used at a provider (nil for the built-in voice).
public struct SpokenPCM: Sendable {
    public var audio: PCMAudio
    public var usage: ProviderUsage?

    public init(audio: PCMAudio, usage: ProviderUsage? = nil) {
        self.audio = audio
        self.usage = usage
    }
}

/// The domain's ``Narrator`` made of a ``VoiceProvider`` and the Ogg/Opus encoder. Encoding
/// runs on a low-priority thread, like painting: it never competes with page turns.
public struct SpeakingNarrator: Narrator {
    private let voice: any VoiceProvider
    private let encoder: OggOpusEncoder
    private let worker = LowPriorityThread(name: "narration-encoder")

    public init(voice: any VoiceProvider, encoder: OggOpusEncoder = OggOpusEncoder()) {
        self.voice = voice
        self.encoder = encoder
    }

    public var name: String { voice.name }
    public var isModelProvider: Bool { voice.isModelProvider }

    /// Speaks `request` and encodes it; a wound-down ending (``NarrationRequest/windDown``) is
    /// spoken passage by passage and followed by its gentle sound (``WindDownSpeech``).
    public func narrate(_ request: NarrationRequest) async throws -> SpokenAudio {
        let speech: WindDownSpeech.Assembled
        if let reading = request.windDown {
            let passages = try await WindDownSpeech(voice: voice).passages(request, reading: reading)
            speech = try await onWorker { try WindDownSpeech.assemble(passages, reading: reading) }
        } else {
            let spoken = try await voice.speak(request)
            speech = WindDownSpeech.Assembled(audio: spoken.audio, soundFrom: nil, usage: spoken.usage)
        }
        let encoder = self.encoder
        let encoded = try await onWorker { try encoder.narration(speech.audio, soundFrom: speech.soundFrom) }
        let label = voice.voiceLabel(for: request.language) + (request.windDown.map { " wind-down \($0.tailSeconds / 60)m" } ?? "")
        return SpokenAudio(data: encoded.ogg, duration: encoded.duration, waveform: encoded.waveform, voice: label, usage: speech.usage)
    }

    /// Runs CPU work (making sound, encoding) on the low-priority thread.
    private func onWorker<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            worker.submit { continuation.resume(with: Result { try body() }) }
        }
    }
}

/// Text cut into pieces a speech API takes in one request, at sentence ends where it can.
enum SpeechChunks {
    static func split(_ text: String, maxCharacters: Int) -> [String] {
        guard text.count > maxCharacters else { return [text] }
        var chunks: [String] = []
        var current = ""
        for sentence in sentences(text) {
            if current.count + sentence.count > maxCharacters, !current.isEmpty {
                chunks.append(current.trimmingCharacters(in: .whitespacesAndNewlines))
                current = ""
            }
            var rest = Substring(sentence)
            while rest.count > maxCharacters {
                chunks.append(String(rest.prefix(maxCharacters)))
                rest = rest.dropFirst(maxCharacters)
            }
            current += rest
        }
        if !current.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            chunks.append(current.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return chunks
    }

    /// Sentences with their trailing spaces, in order; joined they give `text` back.
    static func sentences(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        var ended = false
        for character in text {
            if ended, !character.isWhitespace {
                result.append(current)
                current = ""
                ended = false
            }
            current.append(character)
            if ".!?…".contains(character) || character == "\n" { ended = true }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }
}
