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
        return TextTools.titleCased(chosen)
    }
}
