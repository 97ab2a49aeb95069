import Foundation

extension PCMAudio {
    /// The audio with every sample multiplied by `gain` (clipped to 16 bits): how a voice with no
    /// loudness control of its own is read softer.
    public func scaled(by gain: Double) -> PCMAudio {
        guard gain != 1 else { return self }
        return PCMAudio(samples: samples.map { Int16(max(-32_767, min(32_767, (Double($0) * gain).rounded()))) },
                        sampleRate: sampleRate)
    }

    /// The RMS level of the samples, 0–1 of full scale (0 for no samples).
    public var rmsLevel: Double {
        guard !samples.isEmpty else { return 0 }
        let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        return (sum / Double(samples.count)).squareRoot() / 32_767
    }
}
