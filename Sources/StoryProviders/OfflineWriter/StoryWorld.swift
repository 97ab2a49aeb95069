import StoryDomain

/// A place a story happens in, with the words that keep it on every page: how the characters get
/// there and home again, where to look, who lives there, what there is to see and hear, and (for
/// places with their own light, like the sea or the moon) how the light changes.
///
/// Templates use `{…}` slots filled by ``StoryCast``; nouns are stored without articles where a
/// slot adds one.
struct StoryWorld: Sendable {
    /// Sentence templates in two registers: short for the youngest, long for older children
    /// (children of 5–7 get both, within their sentence length).
    struct Lines: Sendable {
        var short: [String]
        var long: [String]
    }

    /// The light of a page in three steps.
    enum Phase: Sendable { case day, evening, night }

    let setting: StorySetting
    /// "the sea"
    let place: String
    /// "under the sea"
    let inPlace: String
    /// "down under the sea" (after "went")
    let toPlace: String
    /// What the characters hope to do there: "see the fish" / a richer version.
    let goal: (short: String, long: String)
    /// How the characters get into the place (first page).
    let arrive: Lines
    /// How they leave it for home and bed (last page).
    let leave: Lines
    /// Where the wind-down happens: "the little house by the shore".
    let home: String
    /// Places to look or go, each with its preposition: "behind the pink coral".
    let spots: [String]
    /// Creatures met there, and how the illustrator draws them (nil: not drawn).
    let critters: [(word: String, kind: CreatureKind?)]
    /// Things to see: "a forest of swaying seaweed".
    let sights: [String]
    /// Sentences that keep the place on the page.
    let details: Lines
    /// Sounds for the youngest listeners: "Blub, blub, blub went the bubbles."
    let sounds: [String]
    /// Something to lose or find when the theme names nothing.
    let treasures: [String]
    /// What gets a goodnight at the end ("coral", "little fish").
    let greetings: [String]
    /// The place's own light, when the open sky does not fit (under the sea, on the moon, indoors).
    let light: [Phase: Lines]?
    /// A title-case place name for titles ("Coral Sea").
    let titlePlace: String
}

extension StoryWorld.Phase {
    init(_ time: TimeOfDay) {
        switch time {
        case .morning, .afternoon: self = .day
        case .goldenHour, .sunset: self = .evening
        case .dusk, .night: self = .night
        }
    }
}
