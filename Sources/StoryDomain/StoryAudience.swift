import Foundation

/// Who a story is for, as far as the service can tell: plain domain data that the composition
/// root reads to choose the providers (model providers whose terms exclude services used by
/// people under 18, such as Gemini's, never make children's stories).
public enum StoryAudience: String, Sendable, Equatable, Codable, CaseIterable {
    /// Asked for by a grown-up in a family chat.
    case family
    /// Asked for by a child member (a web chat child), or in a chat a grown-up marked as
    /// children's (`/settings set audience:children`).
    case children

    /// Reads the setting as people type it: `children`, `kids`, `child`; `family`, `everyone`.
    public init?(parsing raw: String) {
        switch raw.trimmingCharacters(in: .whitespaces).lowercased() {
        case "children", "child", "kids", "kid": self = .children
        case "family", "everyone", "grown-ups", "grownups": self = .family
        default: return nil
        }
    }
}
