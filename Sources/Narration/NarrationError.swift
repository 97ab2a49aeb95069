/// Why audio could not be read, encoded or checked.
public enum NarrationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not a RIFF/WAVE file of 16-bit mono PCM.
    case unreadableWAV(String)
    /// The sample rate is outside what the encoder takes (8 000–192 000 Hz).
    case unsupportedSampleRate(Int)
    /// No samples to encode.
    case silent
    /// Clips to be joined have different sample rates.
    case mixedSampleRates
    /// libopusenc refused (its error code).
    case encoderFailed(Int32)
    /// Not a valid Ogg/Opus stream.
    case notOggOpus(String)

    public var description: String {
        switch self {
        case let .unreadableWAV(reason): "unreadable WAV audio (\(reason))"
        case let .unsupportedSampleRate(rate): "unsupported sample rate \(rate) Hz"
        case .silent: "no audio to encode"
        case .mixedSampleRates: "clips of different sample rates"
        case let .encoderFailed(code): "the Opus encoder failed (\(code))"
        case let .notOggOpus(reason): "not Ogg/Opus audio (\(reason))"
        }
    }
}
