import Foundation

/// Mono 16-bit PCM audio: what a voice speaks, before it is encoded.
public struct PCMAudio: Sendable, Equatable {
    /// Signed 16-bit samples, one channel.
    public var samples: [Int16]
    /// Samples per second (espeak-ng: 22 050; Gemini: 24 000).
    public var sampleRate: Int

    public init(samples: [Int16], sampleRate: Int) {
        self.samples = samples
        self.sampleRate = sampleRate
    }

    /// Raw little-endian 16-bit mono samples (Gemini's `audio/L16`, OpenAI's `pcm`). A trailing
    /// odd byte is ignored.
    public init(littleEndian data: Data, sampleRate: Int) {
        var samples = [Int16](repeating: 0, count: data.count / 2)
        data.withUnsafeBytes { raw in
            for index in samples.indices {
                samples[index] = Int16(bitPattern: UInt16(raw[2 * index]) | UInt16(raw[2 * index + 1]) << 8)
            }
        }
        self.init(samples: samples, sampleRate: sampleRate)
    }

    /// The length of the audio.
    public var duration: Double {
        sampleRate > 0 ? Double(samples.count) / Double(sampleRate) : 0
    }

    /// Joins clips of the same sample rate with `gap` seconds of silence between them.
    public static func joined(_ clips: [PCMAudio], gap: Double) throws(NarrationError) -> PCMAudio {
        guard let rate = clips.first?.sampleRate else { return PCMAudio(samples: [], sampleRate: 24_000) }
        guard clips.allSatisfy({ $0.sampleRate == rate }) else { throw .mixedSampleRates }
        let silence = [Int16](repeating: 0, count: Int(gap * Double(rate)))
        var samples: [Int16] = []
        samples.reserveCapacity(clips.reduce(0) { $0 + $1.samples.count + silence.count })
        for (index, clip) in clips.enumerated() {
            if index > 0 { samples += silence }
            samples += clip.samples
        }
        return PCMAudio(samples: samples, sampleRate: rate)
    }
}
