/// What a model call makes: the three things the service pays a provider for.
public enum ModelCallKind: String, Sendable, Codable, CaseIterable {
    /// A story's text (first drafts, repairs and safety rewrites alike).
    case text
    /// A page's picture.
    case picture
    /// A page read aloud.
    case narration
}
