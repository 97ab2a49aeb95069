import Foundation

/// Gentle sound made on the machine, for after a story's last words: pink noise (equal energy in
/// every octave, the spectrum falling 3 dB an octave, like rain) shaped as steady rain or as waves
/// that swell and ebb, fading in over a few seconds and then slowly out to silence. Nothing is
/// shipped or fetched; the same seed always gives the same samples.
public struct GentleSound: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        /// Steady rain: pink noise with its highest frequencies rolled off.
        case rain
        /// Waves: darker pink noise swelling and ebbing every 8–11 seconds.
        case waves
    }

    public var kind: Kind
    /// Exactly this many seconds of samples.
    public var seconds: Double
    public var sampleRate: Int
    /// The loudness it starts at, as an RMS level (0–1 of full scale) after the fade-in.
    public var level: Double
    public var seed: UInt64
    /// Seconds of fade-in from silence.
    public var fadeIn: Double

    public init(kind: Kind, seconds: Double, sampleRate: Int, level: Double = 0.04, seed: UInt64, fadeIn: Double = 4) {
        self.kind = kind
        self.seconds = max(0, seconds)
        self.sampleRate = sampleRate
        self.level = min(1, max(0, level))
        self.seed = seed
        self.fadeIn = max(0, fadeIn)
    }

    /// The samples: `seconds × sampleRate` of them, the last one silent.
    public func make() -> PCMAudio {
        let count = Int((seconds * Double(sampleRate)).rounded())
        var samples = [Int16](repeating: 0, count: count)
        guard count > 0, sampleRate > 0 else { return PCMAudio(samples: samples, sampleRate: sampleRate) }
        var noise = PinkNoise(seed: seed)
        // A one-pole low-pass (rain keeps up to about 3.5 kHz, waves about 900 Hz) and a one-pole
        // high-pass at 60 Hz (no rumble below hearing to spend bits on).
        let cutoff = kind == .rain ? 3_500.0 : 900.0
        let smoothing = exp(-2 * Double.pi * min(cutoff, Double(sampleRate) / 2.5) / Double(sampleRate))
        let rumble = exp(-2 * Double.pi * 60 / Double(sampleRate))
        var highPassed = 0.0, previousLowPassed = 0.0
        // Each kind is scaled to `level` by the RMS its filters leave.
        let gain = level / (kind == .rain ? Self.rainRMS : Self.wavesRMS)
        var swell = Swell(seed: seed, sampleRate: sampleRate)
        var lowPassed = 0.0
        let total = Double(count - 1)
        let fadeInSamples = fadeIn * Double(sampleRate)
        for index in 0..<count {
            lowPassed = smoothing * lowPassed + (1 - smoothing) * noise.next()
            highPassed = lowPassed - previousLowPassed + rumble * highPassed
            previousLowPassed = lowPassed
            let position = Double(index)
            // In over `fadeIn` seconds; out as (1 − t)², about −12 dB halfway and 0 at the end.
            let fadingIn = fadeInSamples > 0 ? min(1, position / fadeInSamples) : 1
            let remaining = 1 - position / max(total, 1)
            var value = highPassed * gain * fadingIn * remaining * remaining
            if kind == .waves { value *= swell.next() }
            samples[index] = Int16(max(-32_767, min(32_767, (value * 32_767).rounded())))
        }
        samples[count - 1] = 0
        return PCMAudio(samples: samples, sampleRate: sampleRate)
    }

    /// The RMS of the filtered noise before scaling (measured once over 20 s at 22,050 and
    /// 24,000 Hz; ``make()`` divides by it).
    static let rainRMS = 0.1296
    static let wavesRMS = 0.1053
}

/// Pink noise by Paul Kellet's filter: white noise (xorshift) through six one-pole filters
/// whose sum falls 3 dB an octave across the audible range; values within about ±1.
struct PinkNoise {
    private var state: UInt64
    private var b0 = 0.0, b1 = 0.0, b2 = 0.0, b3 = 0.0, b4 = 0.0, b5 = 0.0, b6 = 0.0

    init(seed: UInt64) {
        // SplitMix64 once, so nearby seeds start far apart (and 0 is a usable seed).
        var z = seed &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        state = (z ^ (z >> 31)) | 1
    }

    /// White noise in [-1, 1).
    mutating func white() -> Double {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Double(state >> 11) / Double(1 << 52) - 1
    }

    mutating func next() -> Double {
        let white = self.white()
        b0 = 0.99886 * b0 + white * 0.0555179
        b1 = 0.99332 * b1 + white * 0.0750759
        b2 = 0.96900 * b2 + white * 0.1538520
        b3 = 0.86650 * b3 + white * 0.3104856
        b4 = 0.55000 * b4 + white * 0.5329522
        b5 = -0.7616 * b5 - white * 0.0168980
        let pink = b0 + b1 + b2 + b3 + b4 + b5 + b6 + white * 0.5362
        b6 = white * 0.115926
        return pink * 0.11
    }
}

/// The rise and fall of waves: each wave lasts 8–11 seconds (drawn from the seed), rising
/// smoothly to its crest and falling back to a quiet floor.
struct Swell {
    private var generator: PinkNoise
    private let sampleRate: Double
    private var phase = 0.0
    private var length = 0.0

    init(seed: UInt64, sampleRate: Int) {
        generator = PinkNoise(seed: seed ^ 0x5741_5645)
        self.sampleRate = Double(sampleRate)
        length = nextLength()
    }

    private mutating func nextLength() -> Double { (9.5 + 1.5 * generator.white()) * sampleRate }

    /// The level now: 0.25 between waves, 1 at a crest.
    mutating func next() -> Double {
        let shape = 0.5 - 0.5 * cos(2 * Double.pi * phase / length)
        phase += 1
        if phase >= length {
            phase = 0
            length = nextLength()
        }
        return 0.25 + 0.75 * shape * shape.squareRoot()
    }
}
