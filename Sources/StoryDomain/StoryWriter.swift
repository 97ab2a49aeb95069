/// Writes the text of a story: the built-in writer or a language model.
public protocol StoryWriter: Sendable {
    /// A short name for logs and the usage ledger (`offline`, `gemini`, `openai`).
    var name: String { get }
    /// Languages this writer can write.
    var supportedLanguages: Set<StoryLanguage> { get }
    /// Writes exactly `request.pageCount` pages for `request`.
    func write(_ request: StoryRequest) async throws -> WrittenStory
}
