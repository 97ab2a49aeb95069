import StoryDomain

/// Writes the family's stories with the family's writer and children's stories
/// (``StoryRequest/isForChildren``) with the children's (``ChildrenProviders``).
struct AudienceRoutedWriter: StoryWriter {
    let family: any StoryWriter
    let children: any StoryWriter

    var name: String { family.name }
    var supportedLanguages: Set<StoryLanguage> { family.supportedLanguages }

    func write(_ request: StoryRequest) async throws -> WrittenStory {
        try await (request.isForChildren ? children : family).write(request)
    }
}
