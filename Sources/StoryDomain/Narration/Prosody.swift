import Foundation

/// How a passage is spoken, relative to the voice's own calm bedtime reading: each voice turns
/// it into what it takes (espeak-ng: rate, pitch and amplitude; OpenAI: `speed`; Gemini: words in
/// its prompt), and a voice without a loudness control has its audio scaled by ``volume``.
public struct Prosody: Sendable, Equatable {
    /// Pace: 1 is the voice's bedtime pace, 0.7 is 30 % slower.
    public var rate: Double
    /// Loudness as a linear gain: 1 as usual, 0.5 is 6 dB softer.
    public var volume: Double
    /// Pitch: 1 as usual, 0.9 is a little lower (where the voice has a pitch control).
    public var pitch: Double

    public init(rate: Double = 1, volume: Double = 1, pitch: Double = 1) {
        self.rate = rate
        self.volume = volume
        self.pitch = pitch
    }

    /// The voice's own bedtime reading.
    public static let usual = Prosody()

    /// The gain of `decibels` (negative: softer).
    public static func gain(decibels: Double) -> Double { pow(10, decibels / 20) }
}
