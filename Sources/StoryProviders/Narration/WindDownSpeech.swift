import Foundation
import Narration
import StoryDomain

/// Speaks a wound-down ending (``WindDownReading``) with one voice: the request's plain text as
/// usual, then each step at its ``Prosody`` (its audio scaled when the voice has no loudness
/// control), then the gentle sound, made here, starting at the RMS level of the softest words
/// (about 8 dB under them in LUFS: speech is louder than its RMS with pauses, and K-weighting
/// favours the highs rain lacks).
struct WindDownSpeech {
    let voice: any VoiceProvider

    /// Seconds of silence between passages, and before the sound.
    static let gap = 0.8
    static let pauseBeforeSound = 1.5

    /// The passages as spoken, in order: the plain text (when there is any), then every step.
    func passages(_ request: NarrationRequest, reading: WindDownReading) async throws -> [SpokenPCM] {
        var plain = request
        plain.windDown = nil
        var spoken: [SpokenPCM] = []
        if !request.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            spoken.append(try await voice.speak(plain))
        }
        for step in reading.steps {
            var passage = plain
            passage.text = step.text
            passage.prosody = step.prosody
            var said = try await voice.speak(passage)
            if !voice.controlsVolume { said.audio = said.audio.scaled(by: step.prosody.volume) }
            spoken.append(said)
        }
        return spoken
    }

    /// Audio ready to encode: speech, then (from `soundFrom`, when set) sound.
    struct Assembled: Sendable {
        var audio: PCMAudio
        var soundFrom: Int?
        var usage: ProviderUsage?
    }

    /// The passages joined, then the sound.
    static func assemble(_ passages: [SpokenPCM], reading: WindDownReading) throws -> Assembled {
        let speech = try PCMAudio.joined(passages.map(\.audio), gap: gap)
        let softest = passages.last?.audio.rmsLevel ?? 0.05
        let sound = GentleSound(kind: reading.sound == .waves ? .waves : .rain, seconds: Double(reading.tailSeconds),
                                sampleRate: speech.sampleRate, level: min(0.08, max(0.01, softest)), seed: reading.seed).make()
        let pause = [Int16](repeating: 0, count: Int(pauseBeforeSound * Double(speech.sampleRate)))
        let soundFrom = speech.samples.count + pause.count
        let audio = PCMAudio(samples: speech.samples + pause + sound.samples, sampleRate: speech.sampleRate)
        let usages = passages.compactMap(\.usage)
        let usage = usages.first.map { first in
            usages.dropFirst().reduce(into: first) { total, next in
                total.inputTokens += next.inputTokens
                total.outputTokens += next.outputTokens
            }
        }
        return Assembled(audio: audio, soundFrom: soundFrom, usage: usage)
    }
}
