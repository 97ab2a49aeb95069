import Foundation
import StoryDomain

/// Narration kept in memory, keyed by story and part, like the SQLite store (the first saving of
/// a part is kept). ``forget(_:)`` stands for the story's deletion.
public actor InMemoryNarrationStore: NarrationStore {
    private var kept: [String: StoredNarration] = [:]
    private let clock: any WallClock

    public init(clock: any WallClock) { self.clock = clock }

    public func narration(of story: StoryID, part: NarrationPart) async throws -> StoredNarration? {
        kept["\(story.rawValue):\(part.key)"]
    }

    public func saveNarration(_ audio: SpokenAudio, of story: StoryID, part: NarrationPart) async throws -> StoredNarration {
        let key = "\(story.rawValue):\(part.key)"
        if let existing = kept[key] { return existing }
        let stored = StoredNarration(storyID: story, part: part, audioID: FakeContentAddress.audioID(of: audio.data), audio: audio,
                                     createdAt: clock.now())
        kept[key] = stored
        return stored
    }

    /// Every narration kept.
    public var all: [StoredNarration] { Array(kept.values) }
}

/// A voice that "reads" by recording what it was asked (with the model-call scope it was asked
/// under) and answering fixed bytes, or failing with a scripted error.
public final class ScriptedNarrator: Narrator {
    public let name: String
    public let isModelProvider: Bool
    /// Every request, with the scope current while it was read.
    public let requests = Recorder<NarrationRequest>()
    public let scopes = Recorder<ModelCallScope?>()
    private let error: (any Error)?
    private let gate: AsyncGate?

    public init(name: String = "scripted-voice", isModelProvider: Bool = false, failing error: (any Error)? = nil, gate: AsyncGate? = nil) {
        self.name = name
        self.isModelProvider = isModelProvider
        self.error = error
        self.gate = gate
    }

    public func narrate(_ request: NarrationRequest) async throws -> SpokenAudio {
        requests.append(request)
        scopes.append(ModelCallScope.current)
        if let gate { await gate.wait() }
        if let error { throw error }
        return SpokenAudio(data: Data("OggS \(name): \(request.text)".utf8), duration: Double(request.text.count) / 15,
                           waveform: Data([10, 200, 30]), voice: name,
                           usage: isModelProvider ? ProviderUsage(provider: name, model: "speech-test", inputTokens: 10) : nil)
    }
}
