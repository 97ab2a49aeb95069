import StoryDomain

/// An occasion a theme names (a picnic, a birthday, a sleepover), with what a picture of it shows.
struct ThemeOccasion: Sendable, Equatable {
    /// The lexicon's word: "picnic", "birthday", "tea party", "school trip".
    var word: String
    /// Told after "about" or "it was": "a picnic", "a birthday party", "a sleepover".
    var phrase: String
    /// Words of CONTRACTS.md's PROP VOCABULARY that show it ("picnic blanket", "basket", "sandwich").
    var props: [String]
    /// Where it usually happens, if anywhere in particular.
    var setting: StorySetting?
    /// It usually happens inside (a sleepover, a tea party).
    var indoors: Bool
}
