/// How a family wants pictures on its stories.
public enum IllustrationMode: String, Sendable, Codable, CaseIterable {
    /// A painted picture on every page.
    case pictures
    /// No pictures: text only.
    case off
    /// Each page's picture drawn as text art (characters) instead of shown.
    case textArt = "text"

    public var displayName: String {
        switch self {
        case .pictures: "pictures on every page"
        case .off: "no pictures (text only)"
        case .textArt: "each picture drawn as text art"
        }
    }
}
