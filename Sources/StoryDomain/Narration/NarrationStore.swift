/// Where narration is kept: with its story, its bytes stored once however many stories share
/// them (addressed by their hash), deleted with the story.
public protocol NarrationStore: Sendable {
    /// The stored narration of `part`, or nil.
    func narration(of story: StoryID, part: NarrationPart) async throws -> StoredNarration?
    /// Keeps `audio` as `part`'s narration; when one is already kept (made at the same time
    /// elsewhere), that one is kept and returned.
    func saveNarration(_ audio: SpokenAudio, of story: StoryID, part: NarrationPart) async throws -> StoredNarration
}
