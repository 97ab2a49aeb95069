import StoryDomain

/// What the built-in writer understood of a theme, in the order the theme names things. Every
/// word in it comes from ``ThemeLexicon``: nothing here is the family's own text, so any of it may
/// be told in a story.
struct ThemeReading: Sendable, Equatable {
    /// A creature or person of the theme, with the lexicon words that describe it.
    struct Figure: Sendable, Equatable {
        var word: String
        /// How the illustrator can draw it, for a creature it knows.
        var kind: CreatureKind?
        var isPerson: Bool
        /// Said like a name, without an article ("Grandma").
        var isProper: Bool
        /// At most two words ("sleepy", "little").
        var describers: [String]
        /// The theme names more than one ("two otters", "the bunnies").
        var isPlural: Bool = false

        /// "sleepy dragon", "little brother", "Grandma".
        var phrase: String { isProper ? word : (describers + [word]).joined(separator: " ") }

        /// "a sleepy dragon" / "the sleepy dragon" / "Grandma".
        func phrase(definite: Bool) -> String {
            isProper ? word : definite ? "the \(phrase)" : TextTools.withArticle(phrase)
        }
    }

    /// Where the theme happens.
    struct Place: Sendable, Equatable {
        var word: String
        /// "the moon", "a castle".
        var phrase: String
        var setting: StorySetting?
    }

    var figures: [Figure] = []
    var places: [Place] = []
    /// Things that matter, singular ("bell", "pair of glasses").
    var objects: [String] = []
    var wants: [ThemeWant] = []
    /// Every describing word of the theme, whether or not it describes a figure.
    var moods: [String] = []
    /// The thing the theme says is lost, if it names one.
    var lostObject: String?
    /// The creature the theme says is lost ("a lost penguin", "a puppy who got lost"), if it names one.
    var lostCreature: Figure?

    /// Who the theme is about: the figure its traits, wish and action belong to ("a sleepy dragon
    /// who is afraid of the dark" → the dragon; "Grandma teaches a bear to knit" → Grandma, the
    /// bear being a second figure). Nil when the theme names no figure, or starts with the doing
    /// ("helping a lost kitten": the story's hero does it). Always one of `figures`.
    var subject: Figure?
    /// What the theme says its figures are, fear, wish for or struggle with, in theme order; each
    /// names its owner (the subject's, unless the theme gives it to another figure). A quality that
    /// is a describer ("shy") also stays in that figure's `describers`: tell one or the other.
    var traits: [ThemeTrait] = []
    /// The theme's main doing ("bakes bread", "learns to dance", "wants to win the race"), nil when
    /// it names none.
    var action: ThemeAction?
    /// The weather the theme names ("a rainy day", "snowy", "windy", "foggy").
    var weather: SceneWeather?
    /// The occasion the theme names (a picnic, a birthday, a sleepover), with its props.
    var occasion: ThemeOccasion?

    /// The traits of the figure with lexicon word `word`.
    func traits(of word: String) -> [ThemeTrait] { traits.filter { $0.owner == word } }

    /// The subject's trait that drives a plot: its first fear, wish or problem, else its first quality.
    var mainTrait: ThemeTrait? {
        let own = traits.filter { $0.owner == subject?.word }
        return own.first { $0.kind != .quality } ?? own.first
    }

    var creatures: [Figure] { figures.filter { !$0.isPerson } }
    var people: [Figure] { figures.filter(\.isPerson) }

    /// True when nothing of the theme was understood.
    var isEmpty: Bool {
        figures.isEmpty && places.isEmpty && objects.isEmpty && wants.isEmpty && moods.isEmpty && traits.isEmpty
            && action == nil && weather == nil && occasion == nil
    }

    /// The first creature of the theme that is of `kind`.
    func creature(of kind: CreatureKind) -> Figure? {
        creatures.first { $0.kind == kind }
    }

    /// "a sleepy dragon and a lost bell", "the moon", "a birthday": what the story is about, for
    /// "This is a story about …"; nil when nothing was understood. A place is told only when it
    /// can be where a story in `setting` happens.
    func about(in setting: StorySetting) -> String? {
        let parts = mainParts(in: setting).map(\.indefinite)
        if !parts.isEmpty { return parts.joined(separator: " and ") }
        return wants.first?.phrase
    }

    /// "The Sleepy Dragon and the Lost Bell": a title made of the theme's main creatures, people
    /// and things (not its place, nor a person said like a name), or nil.
    func title(in setting: StorySetting) -> String? {
        let parts = mainParts(in: setting).filter { $0.isThing }.map(\.definite)
        guard !parts.isEmpty else { return nil }
        return TextTools.titleCased(TextTools.capitalisingFirst(parts.joined(separator: " and ")))
    }

    /// The first figure, the lost (or first) object and, if room is left, the place: two at most.
    private func mainParts(in setting: StorySetting) -> [(indefinite: String, definite: String, isThing: Bool)] {
        var parts: [(indefinite: String, definite: String, isThing: Bool)] = []
        if let figure = figures.first {
            // A name-like person ("Grandma") is told, but makes no title on its own.
            parts.append((figure.phrase(definite: false), figure.phrase(definite: true), !figure.isProper))
        }
        if let lost = lostObject {
            parts.append((TextTools.withArticle("lost \(lost)"), "the lost \(lost)", true))
        } else if let lost = lostCreature, lost.word != figures.first?.word {
            parts.append((TextTools.withArticle("lost \(lost.word)"), "the lost \(lost.word)", true))
        } else if let object = objects.first {
            parts.append((TextTools.withArticle(object), "the \(object)", true))
        }
        if parts.count < 2, let place = places.first(where: { $0.setting == nil || $0.setting == setting }) {
            parts.append((place.phrase, place.phrase, false))
        }
        return Array(parts.prefix(2))
    }
}
