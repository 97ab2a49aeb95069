import COpusEnc
import Foundation

/// Encodes mono PCM as an Ogg/Opus file (RFC 7845) with libopusenc: 48 kHz Opus tuned for
/// speech, any input rate resampled by the library. The same samples always give the same
/// bytes (a fixed stream serial number), so stored narration can be addressed by its hash.
public struct OggOpusEncoder: Sendable {
    /// Bits per second; 32 kbit/s is clear speech at about 4 KB a second.
    public var bitrate: Int32
    /// Opus complexity 0–10 (10: best quality per bit, a little more CPU).
    public var complexity: Int32

    /// Bits per second for gentle sound after the words (``encode(_:soundFrom:)``): soft noise
    /// needs fewer bits than speech, and 10 minutes of it stay near 1 MB.
    public var soundBitrate: Int32
    /// Opus complexity for that sound (noise gains nothing from the slowest search).
    public var soundComplexity: Int32

    public init(bitrate: Int32 = 32_000, complexity: Int32 = 10, soundBitrate: Int32 = 12_000, soundComplexity: Int32 = 5) {
        self.bitrate = bitrate
        self.complexity = complexity
        self.soundBitrate = soundBitrate
        self.soundComplexity = soundComplexity
    }

    /// The Ogg/Opus bytes of `audio`; from sample `soundFrom` on (when given) it is encoded as
    /// sound rather than speech, at ``soundBitrate``.
    public func encode(_ audio: PCMAudio, soundFrom: Int? = nil) throws(NarrationError) -> Data {
        guard (8_000...192_000).contains(audio.sampleRate) else { throw .unsupportedSampleRate(audio.sampleRate) }
        guard !audio.samples.isEmpty else { throw .silent }
        guard let comments = ope_comments_create() else { throw .encoderFailed(OPE_ALLOC_FAIL) }
        defer { ope_comments_destroy(comments) }
        _ = ope_comments_add(comments, "TITLE", "Magical Stories narration")
        var error: Int32 = OPE_OK
        guard let encoder = ope_encoder_create_pull(comments, Int32(audio.sampleRate), 1, 0, &error), error == OPE_OK else {
            throw .encoderFailed(error)
        }
        defer { ope_encoder_destroy(encoder) }
        for status in [ms_ope_set_serialno(encoder, 0x4D53_4E52), ms_ope_set_bitrate(encoder, bitrate),
                       ms_ope_set_voice_signal(encoder), ms_ope_set_complexity(encoder, complexity)] where status != OPE_OK {
            throw .encoderFailed(status)
        }
        var output = Data()
        output.reserveCapacity(Int(audio.duration * Double(bitrate) / 8) + 4_096)
        let chunk = audio.sampleRate / 10
        var start = 0
        var soundStarted = false
        while start < audio.samples.count {
            let end = soundStarted ? audio.samples.count : min(audio.samples.count, soundFrom ?? audio.samples.count)
            if !soundStarted, let soundFrom, start >= soundFrom {
                for status in [ms_ope_set_bitrate(encoder, soundBitrate), ms_ope_set_music_signal(encoder),
                               ms_ope_set_complexity(encoder, soundComplexity)] where status != OPE_OK {
                    throw .encoderFailed(status)
                }
                soundStarted = true
                continue
            }
            let count = min(chunk, max(1, end - start))
            let status = audio.samples.withUnsafeBufferPointer { buffer in
                ope_encoder_write(encoder, buffer.baseAddress! + start, Int32(count))
            }
            guard status == OPE_OK else { throw .encoderFailed(status) }
            Self.takePages(from: encoder, into: &output, flush: false)
            start += count
        }
        let drained = ope_encoder_drain(encoder)
        guard drained == OPE_OK else { throw .encoderFailed(drained) }
        Self.takePages(from: encoder, into: &output, flush: true)
        return output
    }

    /// Encodes `audio` and measures what a voice message shows: its length and waveform.
    public func narration(_ audio: PCMAudio, soundFrom: Int? = nil) throws(NarrationError) -> EncodedNarration {
        let ogg = try encode(audio, soundFrom: soundFrom)
        let info = try OggOpusInfo(ogg)
        return EncodedNarration(ogg: ogg, duration: info.duration, waveform: Waveform.amplitudes(of: audio))
    }

    private static func takePages(from encoder: OpaquePointer, into output: inout Data, flush: Bool) {
        var page: UnsafeMutablePointer<UInt8>?
        var length: Int32 = 0
        while ope_encoder_get_page(encoder, &page, &length, flush ? 1 : 0) != 0 {
            if let page, length > 0 { output.append(page, count: Int(length)) }
        }
    }
}

/// Narration ready to store and send: Ogg/Opus bytes, their length, and a voice message's waveform.
public struct EncodedNarration: Sendable, Equatable {
    public var ogg: Data
    /// Seconds of audio (from the stream's last granule position, less the pre-skip).
    public var duration: Double
    /// Up to 256 amplitude bytes (0–255), as Discord's voice messages show them.
    public var waveform: Data

    public init(ogg: Data, duration: Double, waveform: Data) {
        self.ogg = ogg
        self.duration = duration
        self.waveform = waveform
    }
}
