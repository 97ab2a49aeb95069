/// What the bedtime screen found in a text. It never carries the family's own words: only the
/// category and the screen's own list entry, so it is safe to log and to keep.
public struct SafetyConcern: Sendable, Equatable, Hashable {
    public var category: SafetyCategory
    /// The entry of the screen's word list that matched, as the list spells it (for debug logs).
    public var rule: String
    /// The language of the word list the entry belongs to.
    public var listLanguage: StoryLanguage

    public init(category: SafetyCategory, rule: String, listLanguage: StoryLanguage) {
        self.category = category
        self.rule = rule
        self.listLanguage = listLanguage
    }
}
