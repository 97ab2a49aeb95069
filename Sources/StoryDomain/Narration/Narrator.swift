import Foundation

/// What a voice is asked to read.
public struct NarrationRequest: Sendable, Equatable {
    /// Plain text, as it should be spoken.
    public var text: String
    public var language: StoryLanguage
    /// The hero's name, to be said as written (never spelled out or replaced).
    public var heroName: String
    /// Who listens (``StoryAudience``): the composition root chooses the voice by it.
    public var audience: StoryAudience = .family
    /// How ``text`` is spoken (the voice's own bedtime reading unless wound down).
    public var prosody: Prosody = .usual
    /// When set, the ending read winding down: its steps follow ``text`` (which may then be
    /// empty), and its gentle sound follows them.
    public var windDown: WindDownReading?

    public init(text: String, language: StoryLanguage, heroName: String) {
        self.text = text
        self.language = language
        self.heroName = heroName
    }
}

/// A voice that reads text aloud at a calm bedtime pace (the port; the built-in offline voice
/// and the model providers' speech implement it).
public protocol Narrator: Sendable {
    /// The voice's name in the usage ledger and logs (`espeak-ng`, `gemini`, `openai`).
    var name: String { get }
    /// Whether speaking costs a model call (counted against the day's budgets).
    var isModelProvider: Bool { get }
    /// Speaks `request` and returns the encoded audio.
    func narrate(_ request: NarrationRequest) async throws -> SpokenAudio
}
