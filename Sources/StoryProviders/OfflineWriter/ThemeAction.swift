import StoryDomain

/// The theme's main doing ("bakes bread", "wants to win the race", "fix a boat"), in the lexicon's
/// words: the verb in every form a writer needs, what it is done to and what a picture of it shows.
struct ThemeAction: Sendable, Equatable {
    /// How the theme frames the doing.
    enum Attempt: String, Sendable {
        /// "learns to bake", "learning to skate".
        case learning
        /// "tries to fly".
        case trying
        /// "wants to fly", "dreams of sailing" (the wish is also a ``ThemeTrait``).
        case wanting
        /// "teaches a bear to knit": the subject teaches, the theme's second figure learns.
        case teaching
        /// "helps the farmer pull up the carrots": the subject helps, the theme's second figure does it.
        case helping
    }

    /// One form of the verb.
    enum Form: Sendable {
        /// "bake" (after "to", "will", "can").
        case base
        /// "bakes" (after one figure).
        case third
        /// "baked".
        case past
        /// "baking".
        case ing
        /// "baked" (after "has").
        case participle
    }

    /// "bake".
    var base: String
    /// "bakes".
    var third: String
    /// "baked".
    var past: String
    /// "baking".
    var ing: String
    /// "baked"; differs from `past` for some verbs ("flew" / "flown").
    var participle: String
    var kind: ActionKind
    /// Words that follow the verb ("for" in "look for", "up" in "tidy up"); empty for most verbs.
    var particle: String = ""
    /// What the doing is done to, as a lexicon word, singular ("bread", "boat", "race"); nil when the
    /// theme names none.
    var object: String?
    /// How the object is told after the verb ("bread", "a boat", "the race", "cookies").
    var objectPhrase: String?
    /// Words of CONTRACTS.md's PROP VOCABULARY a picture of the doing shows, the object's first
    /// ("bake bread" → ["bread", "oven"], "race" → ["finish line", "flags"]); at most three.
    var props: [String] = []
    /// Where the doing naturally happens (sailing: the seaside), if anywhere in particular. The
    /// theme's own place (``ThemeReading/places``) comes first.
    var setting: StorySetting?
    /// The doing happens inside (baking in a kitchen, knitting by the fire).
    var indoors: Bool = false
    /// How the illustrator poses figures doing it.
    var sceneAction: SceneAction
    /// How the theme frames it ("learns to", "tries to", "wants to"), nil when simply done.
    var attempt: Attempt?

    /// The verb in `form` ("baking"), with its particle ("looking for").
    func verb(_ form: Form) -> String {
        let word: String = switch form {
        case .base: base
        case .third: third
        case .past: past
        case .ing: ing
        case .participle: participle
        }
        return particle.isEmpty ? word : "\(word) \(particle)"
    }

    /// The verb in `form` and its object: "bake bread", "fixing a boat", "won the race", "sailed".
    func told(_ form: Form) -> String {
        guard let objectPhrase else { return verb(form) }
        return "\(verb(form)) \(objectPhrase)"
    }
}
