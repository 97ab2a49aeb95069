/// Pictures as chats and browsers are sent them (``ChatForm``). A picture saved with its form is
/// read as it was kept (one small read, nothing encoded on a page turn). A picture saved before
/// forms were kept (or by a path that keeps none, e.g. a cast portrait) gets its form the first
/// time it is sent: chosen by the encoder, kept, and read from then on. Nothing needs migrating.
public struct ChatPictures: Sendable {
    private let repository: any StoryRepository
    private let encoder: any ChatFormEncoder

    public init(repository: any StoryRepository, encoder: any ChatFormEncoder) {
        self.repository = repository
        self.encoder = encoder
    }

    /// The picture with `id` as chats are sent it; nil when there is no such picture.
    public func picture(_ id: ImageID) async throws -> StoredImage? {
        if let kept = try await repository.chatPicture(id) { return kept }
        guard let stored = try await repository.image(id) else { return nil }
        let form = await encoder.chatForm(of: stored.data, contentType: stored.contentType)
        // Kept once; another process or send choosing it meanwhile chose the same (encoding is
        // deterministic), and the first kept stays.
        try await repository.saveChatForm(form, of: id)
        return form.picture(of: stored)
    }
}
