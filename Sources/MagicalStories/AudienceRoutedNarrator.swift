import StoryDomain

/// Reads aloud for the family with the family's voice and for children
/// (``NarrationRequest/audience``) with the children's (``ChildrenProviders``).
struct AudienceRoutedNarrator: Narrator {
    let family: any Narrator
    let children: any Narrator

    var name: String { family.name }
    var isModelProvider: Bool { family.isModelProvider || children.isModelProvider }

    func narrate(_ request: NarrationRequest) async throws -> SpokenAudio {
        try await (request.audience == .children ? children : family).narrate(request)
    }
}
