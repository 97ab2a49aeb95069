/// What a bedtime brings: the next chapter of the newest story (a new story when there is none),
/// or a new story, on a theme the grown-up chose or one picked from the family's recent themes.
public enum BedtimeStoryChoice: Sendable, Hashable, Codable {
    case continueChain
    /// A new story; `theme` is the grown-up's, already cleaned (nil: one is chosen each evening).
    case new(theme: String?)

    /// `next chapter`, `a new story`, `a new story about …` (the theme quoted by the renderer).
    public var isNew: Bool { if case .new = self { true } else { false } }

    public var theme: String? { if case let .new(theme) = self { theme } else { nil } }
}
