/// The built-in child-safety screen: on in every mode with no configuration, on top of each
/// family's own avoid-list. It checks what families type (theme, names, collection inputs) and
/// everything a writer writes (built-in or model) for violence and weapons, death and dying,
/// gore, harmful horror, abuse, sexual content, self-harm, drugs and alcohol, and hate, in every
/// language the product offers stories in.
///
/// Before matching, text is read by ``SafetyNormalizer``, so case, accents, zero-width and bidi
/// characters, combining marks, look-alike letters, digits for letters and spaced or dotted
/// letters do not hide a word. Matching is by whole words and phrases with their inflections
/// ("kill" refuses "killed", not "skill"), and gentle phrases are exempt ("killer whale",
/// "water gun", "dead leaves"). Big but gentle things pass on purpose: knights, dragons, swords,
/// pirates, friendly ghosts and monsters, witches, skeletons at a museum, a shot at the doctor.
///
/// A word list applies to text of its own language, and to text in other languages unless the
/// word is an everyday word there (German "die", English "gift", Portuguese "bom"). When the
/// language is not given, it is guessed from the text's function words.
public struct BedtimeScreen: Sendable {
    private let normalizer = SafetyNormalizer()
    private let lexicon: SafetyLexicon

    public init() {
        lexicon = .standard
    }

    /// The first concern in the texts, in order, or nil when they are all fine.
    /// - Parameter language: the language the texts are in, when known (a generated story's
    ///   language, or one the family chose); nil to guess it from each text.
    public func firstConcern(in texts: [String], language: StoryLanguage? = nil) -> SafetyConcern? {
        let analysed = texts.filter { !$0.isEmpty }.map(normalizer.analyse)
        let known: Set<StoryLanguage> = language.map { [$0] } ?? []
        let overall = known.isEmpty ? SafetyLanguageHints.likelyLanguages(of: analysed.flatMap(\.words)) : known
        for text in analysed {
            var context = known
            if context.isEmpty {
                context = SafetyLanguageHints.likelyLanguages(of: text.words)
                if context.isEmpty { context = overall }
            }
            if let concern = lexicon.firstConcern(in: text, context: context) { return concern }
        }
        return nil
    }

    /// The concern in one text, or nil.
    public func concern(in text: String, language: StoryLanguage? = nil) -> SafetyConcern? {
        firstConcern(in: [text], language: language)
    }
}
