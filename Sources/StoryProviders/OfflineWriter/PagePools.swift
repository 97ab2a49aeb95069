import StoryDomain

/// Hands out page-level words (a new thing to find, a passing creature, a greeting) without
/// repeats, and orders each page's filler sentences.
struct PagePools {
    private var things: [String]
    private var passers: [String]
    private var greetings: [String]
    private let details: [String]

    private static let spareThings = ["smooth round pebble", "feather as soft as a whisper", "tiny snail shell", "heart-shaped leaf"]
    private static let sparePassers = ["fluffy caterpillar", "friendly snail", "little ladybird"]
    private static let spareGreetings = ["fluffy clouds", "busy day", "soft breeze", "big sky", "sleepy flowers", "little birds", "wide world"]

    init(lexicon: SettingLexicon, rng: inout SeededGenerator) {
        things = lexicon.things.shuffled(using: &rng) + Self.spareThings.shuffled(using: &rng)
        passers = lexicon.critters.shuffled(using: &rng) + Self.sparePassers.shuffled(using: &rng)
        greetings = lexicon.greetings.shuffled(using: &rng) + Self.spareGreetings.shuffled(using: &rng)
        details = lexicon.details
    }

    /// Fresh values for one page (`thing`, `theThing`, `passing`, `thePassing`, `gn`), drawn only
    /// for the slots the page's templates use, so long stories never run out.
    mutating func pageValues(for templates: [String]) -> [String: String] {
        let text = templates.joined(separator: " ")
        var values: [String: String] = [:]
        if text.contains("hing}"), !things.isEmpty {
            let thing = things.removeFirst()
            values["thing"] = TextTools.withArticle(thing)
            values["theThing"] = "the \(thing)"
        }
        if text.contains("assing}"), !passers.isEmpty {
            let passer = passers.removeFirst()
            values["passing"] = TextTools.withArticle(passer)
            values["thePassing"] = "the \(passer)"
        }
        if text.contains("{gn}"), !greetings.isEmpty { values["gn"] = greetings.removeFirst() }
        return values
    }

    /// Filler groups for a page: the sky at this time, the place, the companion and calm moments,
    /// in a shuffled order, each capped so no page piles up one kind of sentence.
    func fillers(time: TimeOfDay, band: AgeBand, rng: inout SeededGenerator) -> [PageComposer.FillerGroup] {
        var groups = [
            PageComposer.FillerGroup(templates: PaddingLibrary.sky(time, band: band, rng: &rng), cap: 1),
            PageComposer.FillerGroup(templates: details.shuffled(using: &rng), cap: 1),
            PageComposer.FillerGroup(templates: PaddingLibrary.friend(band: band, rng: &rng), cap: 1),
            PageComposer.FillerGroup(templates: PaddingLibrary.calm(band: band, rng: &rng), cap: 2),
        ]
        groups.shuffle(using: &rng)
        return groups
    }
}
