import Foundation
import Narration
import Testing

@Suite("Gentle sound after the last page")
struct GentleSoundTests {
    /// The mean power of `audio` near `frequency` (Goertzel over Hann windows of 4,096 samples).
    static func power(_ audio: PCMAudio, at frequency: Double) -> Double {
        let window = 4_096
        let coefficient = 2 * cos(2 * Double.pi * frequency / Double(audio.sampleRate))
        var total = 0.0
        var windows = 0
        var start = 0
        while start + window <= audio.samples.count {
            var previous = 0.0, beforePrevious = 0.0
            for index in 0..<window {
                let hann = 0.5 - 0.5 * cos(2 * Double.pi * Double(index) / Double(window - 1))
                let value = Double(audio.samples[start + index]) * hann + coefficient * previous - beforePrevious
                beforePrevious = previous
                previous = value
            }
            total += previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious
            windows += 1
            start += window
        }
        return total / Double(max(windows, 1))
    }

    /// The RMS level of `seconds` of `audio` starting at `from` seconds.
    static func level(_ audio: PCMAudio, from: Double, seconds: Double) -> Double {
        let start = Int(from * Double(audio.sampleRate))
        let end = min(audio.samples.count, start + Int(seconds * Double(audio.sampleRate)))
        return PCMAudio(samples: Array(audio.samples[start..<end]), sampleRate: audio.sampleRate).rmsLevel
    }

    @Test("pink noise: the spectrum falls with frequency, about 3 dB an octave below the rain's roll-off")
    func spectrumFalls() {
        let rain = GentleSound(kind: .rain, seconds: 30, sampleRate: 22_050, seed: 7, fadeIn: 0).make()
        let steady = PCMAudio(samples: Array(rain.samples.prefix(22_050 * 8)), sampleRate: 22_050)
        let powers = [125.0, 250, 500, 1_000, 2_000, 4_000, 8_000].map { Self.power(steady, at: $0) }
        for (lower, higher) in zip(powers, powers.dropFirst()) { #expect(higher < lower) }
        // Between 250 Hz and 1 kHz (two octaves, below the roll-off): about 6 dB, not white noise's 0 dB.
        let drop = 10 * log10(powers[1] / powers[3])
        #expect((3...10).contains(drop), "fell \(drop) dB over two octaves")
        let waves = GentleSound(kind: .waves, seconds: 10, sampleRate: 24_000, seed: 7, fadeIn: 0).make()
        #expect(Self.power(waves, at: 4_000) < Self.power(waves, at: 250) / 100)
    }

    @Test("fades in, then out to silence: quieter every minute, the last sample silent", arguments: [GentleSound.Kind.rain, .waves])
    func fades(kind: GentleSound.Kind) {
        let sound = GentleSound(kind: kind, seconds: 120, sampleRate: 22_050, level: 0.04, seed: 3).make()
        #expect(Self.level(sound, from: 0, seconds: 1) < Self.level(sound, from: 5, seconds: 20) / 2)
        let minutes = [5.0, 30, 60, 90, 110].map { Self.level(sound, from: $0, seconds: 9) }
        for (earlier, later) in zip(minutes, minutes.dropFirst()) { #expect(later < earlier) }
        #expect(Self.level(sound, from: 119, seconds: 1) < 0.0005)
        #expect(sound.samples.last == 0)
        // Starts near the asked level (waves: at their crests, so lower on average).
        let start = Self.level(sound, from: 5, seconds: 20)
        #expect(kind == .rain ? abs(start - 0.04 * 0.85) < 0.012 : (0.01...0.04).contains(start), "level \(start)")
    }

    @Test("exactly the asked length, at the asked rate", arguments: [(2.5, 22_050), (120, 24_000), (0, 24_000)])
    func exactDuration(seconds: Double, rate: Int) {
        let sound = GentleSound(kind: .rain, seconds: seconds, sampleRate: rate, seed: 1).make()
        #expect(sound.samples.count == Int((seconds * Double(rate)).rounded()))
        #expect(sound.sampleRate == rate)
    }

    @Test("the same seed gives the same samples; another seed, others")
    func deterministic() {
        let one = GentleSound(kind: .waves, seconds: 3, sampleRate: 24_000, seed: 42).make()
        #expect(one == GentleSound(kind: .waves, seconds: 3, sampleRate: 24_000, seed: 42).make())
        #expect(one != GentleSound(kind: .waves, seconds: 3, sampleRate: 24_000, seed: 43).make())
    }

    @Test("speech then sound: one Ogg/Opus stream of the whole length, the sound at a lower bitrate")
    func encodedWithSound() throws {
        let speech = OggOpusEncoderTests.tone(seconds: 4, rate: 22_050)
        let sound = GentleSound(kind: .rain, seconds: 120, sampleRate: 22_050, seed: 5).make()
        let both = PCMAudio(samples: speech.samples + sound.samples, sampleRate: 22_050)
        let encoded = try OggOpusEncoder().narration(both, soundFrom: speech.samples.count)
        #expect(abs(encoded.duration - 124) < 0.05, "duration \(encoded.duration)")
        let plain = try OggOpusEncoder().encode(both)
        // The sound at 12 kbit/s: 120 s is at most about 180 KB, well under the 32 kbit/s stream.
        #expect(encoded.ogg.count < 4 * 5_000 + 120 * 1_600, "\(encoded.ogg.count) bytes")
        #expect(encoded.ogg.count < plain.count * 2 / 3)
        #expect(try OggOpusEncoder().encode(both, soundFrom: speech.samples.count) == encoded.ogg)
    }

    @Test("scaling softens by the gain and clips at full scale")
    func scaling() {
        let audio = PCMAudio(samples: [1_000, -2_000, 30_000], sampleRate: 8_000)
        #expect(audio.scaled(by: 0.5).samples == [500, -1_000, 15_000])
        #expect(audio.scaled(by: 2).samples == [2_000, -4_000, 32_767])
        #expect(abs(audio.scaled(by: 0.5).rmsLevel - audio.rmsLevel / 2) < 0.001)
    }
}
