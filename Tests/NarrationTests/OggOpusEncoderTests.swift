import Foundation
import Narration
import Testing

@Suite("Ogg/Opus encoder")
struct OggOpusEncoderTests {
    /// A gliding tone with pauses, like speech in shape: `seconds` long at `rate`.
    static func tone(seconds: Double, rate: Int) -> PCMAudio {
        let count = Int(seconds * Double(rate))
        let samples = (0..<count).map { index -> Int16 in
            let time = Double(index) / Double(rate)
            let envelope = Int(time * 3) % 3 == 2 ? 0.0 : 0.6
            return Int16(envelope * 32_000 * sin(2 * .pi * (220 + 80 * sin(time)) * time))
        }
        return PCMAudio(samples: samples, sampleRate: rate)
    }

    @Test("pages begin with OggS, then OpusHead and OpusTags; the granule position gives the length", arguments: [22_050, 24_000, 48_000])
    func validStream(rate: Int) throws {
        let audio = Self.tone(seconds: 3.2, rate: rate)
        let ogg = try OggOpusEncoder().encode(audio)
        #expect(ogg.starts(with: Array("OggS".utf8)))
        let info = try OggOpusInfo(ogg)
        #expect(info.channels == 1)
        #expect(info.inputSampleRate == rate)
        #expect(info.preSkip > 0)
        #expect(info.pageCount >= 3)
        #expect(info.vendor.lowercased().contains("opus"))
        #expect(abs(info.duration - 3.2) < 0.03, "duration \(info.duration)")
        // 32 kbit/s speech: about 4 KB a second, never the raw PCM's size.
        #expect(ogg.count < Int(3.2 * 6_000))
    }

    @Test("the same samples give the same bytes (content-addressed storage)")
    func deterministic() throws {
        let audio = Self.tone(seconds: 1, rate: 24_000)
        #expect(try OggOpusEncoder().encode(audio) == OggOpusEncoder().encode(audio))
    }

    @Test("a damaged stream is refused: a flipped byte fails the page's CRC")
    func damaged() throws {
        var ogg = try OggOpusEncoder().encode(Self.tone(seconds: 1, rate: 24_000))
        ogg[ogg.count / 2] ^= 0x5A
        #expect(throws: NarrationError.self) { try OggOpusInfo(ogg) }
        #expect(throws: NarrationError.self) { try OggOpusInfo(Data("RIFF....WAVE".utf8)) }
    }

    @Test("no samples, or an impossible rate, is a clear error")
    func badInput() {
        #expect(throws: NarrationError.silent) { try OggOpusEncoder().encode(PCMAudio(samples: [], sampleRate: 24_000)) }
        #expect(throws: NarrationError.unsupportedSampleRate(1_000)) {
            try OggOpusEncoder().encode(PCMAudio(samples: [1, 2, 3], sampleRate: 1_000))
        }
    }

    @Test("a voice message's waveform: one byte per 100 ms, at most 256, louder is higher")
    func waveform() throws {
        let short = try OggOpusEncoder().narration(Self.tone(seconds: 2, rate: 24_000))
        #expect(short.waveform.count == 20)
        #expect(abs(short.duration - 2) < 0.03)
        let long = Waveform.amplitudes(of: Self.tone(seconds: 60, rate: 16_000))
        #expect(long.count == 256)
        // The tone's silent thirds show as zero, the sounding ones well above.
        #expect(short.waveform.contains(0))
        #expect(short.waveform.max()! > 150)
    }

    @Test("WAV from a streaming writer (sizes left unset) and little-endian L16 read the same samples")
    func wavAndL16() throws {
        let samples: [Int16] = [0, 1_000, -1_000, 32_767, -32_768]
        var pcm = Data()
        for sample in samples { withUnsafeBytes(of: sample.littleEndian) { pcm.append(contentsOf: $0) } }
        var wav = Data("RIFF".utf8) + le32(0xFFFF_FFFF) + Data("WAVEfmt ".utf8) + le32(16)
        wav += le16(1) + le16(1) + le32(22_050) + le32(44_100) + le16(2) + le16(16)
        wav += Data("data".utf8) + le32(0xFFFF_FFFF) + pcm
        let read = try WAVReader.read(wav)
        #expect(read == PCMAudio(samples: samples, sampleRate: 22_050))
        #expect(PCMAudio(littleEndian: pcm, sampleRate: 24_000).samples == samples)
        #expect(throws: NarrationError.self) { try WAVReader.read(Data("not audio".utf8)) }
    }

    private func le32(_ value: UInt32) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }
    private func le16(_ value: UInt16) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }
}
