/// The limits a request is checked against. Defaults follow PRODUCT.md; the plan and the
/// family's parental controls narrow `maxPages` and `allowedLanguages`.
public struct StoryLimits: Sendable, Equatable {
    public var maxThemeLength = 200
    public var maxNameLength = 40
    public var maxCompanionLength = 40
    public var ages: ClosedRange<Int> = 2...12
    public var pages: ClosedRange<Int> = 3...12
    /// The most pages this family may ask for (plan and settings).
    public var maxPages = 5
    /// On the free plan: the most pages premium would allow here (settings included), when
    /// that is more than `maxPages` (for the refusal).
    public var premiumMaxPages: Int?
    public var defaultPages = 5
    public var defaultAge = 5
    public var defaultHeroName = "Pip"
    public var allowedLanguages: Set<StoryLanguage> = Set(StoryLanguage.allCases)
    /// Stories each person may start per day (nil: no limit).
    public var dailyQuota: DailyQuota?
    /// Words and topics refused in requests and generated text (the family's parental controls).
    public var avoidList: [String] = []
    public var illustrations: IllustrationMode = .pictures
    /// Who the stories asked for under these limits are for: the family's setting, made
    /// children's by the router when the asker is a child.
    public var audience: StoryAudience = .family

    public init() {}
}
