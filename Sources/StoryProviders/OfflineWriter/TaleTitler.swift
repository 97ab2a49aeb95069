import StoryDomain

/// A storybook title for a tale, in the tale's own slots ("Bolt and the Bread", "The Day Dozy
/// Flew", "Where Is the Bell?"): besides names, every word is the writer's or the lexicon's.
enum TaleTitler {
    static func templates(_ shape: PlotShape) -> [String] {
        switch shape {
        case .making: ["{D} and {theObj}", "How {D} Learned to {act}", "The Day {D} {acted}"]
        case .journey: ["{D} Goes {toPlace}", "The Long Way {toPlace}", "{D} and the Way {toPlace}"]
        case .firstTime: ["{D} Learns to {learn}", "{D}'s Brand-New Day {firstPlace}", "{D} Tries Something New {inPlace}"]
        case .fearMet: ["{D} and {dark}", "{D} Is Not Afraid of {fear}", "The Night {D} Was {awake}", "Brave {D} {inPlace}"]
        case .wishGranted: ["{D} Learns to {wish}", "The Day {D} {wished}", "{D}'s Wish to {wish}"]
        case .helping: ["{D} Helps {needy}", "A Friend for {needy}", "{D} Lends a Hand {inPlace}"]
        case .contest: ["{D} and {contest}", "The Kindest {contestWord} {inPlace}"]
        case .puzzle: ["{D} and the Missing {obj}", "Where Is {theObj}?", "The Puzzle of {theObj}"]
        }
    }

    static func title(shape: PlotShape, renderer: TemplateRenderer, rng: inout SeededGenerator) -> String {
        let options = templates(shape).compactMap(renderer.render)
        guard !options.isEmpty else { return renderer.render("{H}'s Story") ?? "A Bedtime Story" }
        let chosen = options[Int(rng.next(upperBound: UInt32(options.count)))]
        return TextTools.titleCased(once(hero: renderer.values["D"] ?? "", in: chosen))
    }

    /// The title with the hero's name or kind said once: a later repeat of one of its words
    /// (a theme's object that names the hero's kind: "How the Bear Learned to Bake the Bear
    /// Birthday Cake") is left out ("… to Bake the Birthday Cake").
    static func once(hero: String, in title: String) -> String {
        let heroWords = Set(hero.split(separator: " ").map(comparable).filter { $0.count >= 3 && $0 != "the" })
        guard !heroWords.isEmpty else { return title }
        var seen = Set<String>()
        let words = title.split(separator: " ").filter { word in
            let key = comparable(word)
            guard heroWords.contains(key) else { return true }
            return seen.insert(key).inserted
        }
        return words.joined(separator: " ")
    }

    private static func comparable(_ word: Substring) -> String {
        String(word.lowercased().filter(\.isLetter))
    }
}
