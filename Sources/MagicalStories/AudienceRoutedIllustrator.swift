import StoryDomain

/// Paints the family's pictures with the family's illustrator and children's
/// (``IllustrationRequest/audience``) with the children's (``ChildrenProviders``).
struct AudienceRoutedIllustrator: Illustrator {
    let family: any Illustrator
    let children: any Illustrator

    var name: String { family.name }
    var usesPreviousPicture: Bool { family.usesPreviousPicture || children.usesPreviousPicture }

    func illustrate(_ request: IllustrationRequest) async throws -> Illustration {
        try await (request.audience == .children ? children : family).illustrate(request)
    }
}
