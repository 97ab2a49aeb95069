import Foundation

/// The waveform a Discord voice message shows: one byte (0–255) per slice of the audio, at
/// most one slice per 100 ms and at most 256 slices, each the slice's peak level on a
/// square-root scale (quiet speech stays visible).
public enum Waveform {
    public static let maxPoints = 256

    public static func amplitudes(of audio: PCMAudio) -> Data {
        guard !audio.samples.isEmpty, audio.sampleRate > 0 else { return Data([0]) }
        let tenths = Int((audio.duration * 10).rounded(.up))
        let points = max(1, min(maxPoints, tenths))
        let per = max(1, (audio.samples.count + points - 1) / points)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(points)
        var start = 0
        while start < audio.samples.count, bytes.count < points {
            let end = min(audio.samples.count, start + per)
            var peak: Int32 = 0
            for index in start..<end { peak = max(peak, abs(Int32(audio.samples[index]))) }
            let level = (Double(min(peak, 32_767)) / 32_767).squareRoot()
            bytes.append(UInt8((level * 255).rounded()))
            start = end
        }
        return Data(bytes)
    }
}
