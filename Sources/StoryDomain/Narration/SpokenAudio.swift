import Foundation

/// Narration as a voice made it: Ogg/Opus bytes, their length and a voice message's waveform.
public struct SpokenAudio: Sendable, Equatable {
    /// An Ogg/Opus file (`audio/ogg`).
    public var data: Data
    /// Seconds of audio.
    public var duration: Double
    /// Up to 256 amplitude bytes (0–255), for Discord's voice message.
    public var waveform: Data
    /// The voice that spoke, e.g. `espeak-ng:en` or `gemini:Sulafat`.
    public var voice: String
    /// What the speech used at a model provider (nil for the built-in voice).
    public var usage: ProviderUsage?

    public init(data: Data, duration: Double, waveform: Data, voice: String, usage: ProviderUsage? = nil) {
        self.data = data
        self.duration = duration
        self.waveform = waveform
        self.voice = voice
        self.usage = usage
    }

    public static let contentType = "audio/ogg"
}

/// The SHA-256 (64 lowercase hex digits) of a stored narration's bytes.
public struct AudioID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init?(rawValue: String) {
        guard rawValue.count == 64, rawValue.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else { return nil }
        self.rawValue = rawValue
    }

    public var description: String { rawValue }
}

/// A narration kept with its story.
public struct StoredNarration: Sendable, Equatable {
    public var storyID: StoryID
    public var part: NarrationPart
    public var audioID: AudioID
    public var audio: SpokenAudio
    public var createdAt: Date

    public init(storyID: StoryID, part: NarrationPart, audioID: AudioID, audio: SpokenAudio, createdAt: Date) {
        self.storyID = storyID
        self.part = part
        self.audioID = audioID
        self.audio = audio
        self.createdAt = createdAt
    }
}
