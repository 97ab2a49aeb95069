import StoryDomain

/// What a story shape says: the wish on the first page, and variations, each with its own
/// problem, three tries and resolution. Each field is one sentence with alternatives (short for
/// the youngest, long for older children); the seed picks among them.
struct ShapeScript: Sendable {
    typealias Lines = StoryWorld.Lines

    /// What a theme must say for a variation to be told. A variation made for something the theme
    /// says (a lost companion, a wish to fly) is always chosen over the general ones when it fits.
    enum Fit: Sendable, Hashable {
        /// Told when no variation made for the theme fits.
        case general
        /// The theme's lost creature is the hero's companion ("a lost penguin": Waddles is lost).
        case lostCompanion
        /// The theme's lost creature is someone else's, met on the way.
        case lostCritter
        /// The theme names a lost object ("the lost bell").
        case lostObject
        /// The theme wants to fly.
        case flying
        /// The theme is afraid of the dark.
        case dark
        /// The theme is about trying or learning something, with a thing to try ("learning to ride a bike").
        case trying
        /// A first day somewhere new.
        case firstDay
        /// The party is for the theme's creature, who is the hero's companion ("an octopus birthday party").
        case companionParty
    }

    /// One way a shape can go.
    struct Variation: Sendable {
        var id: String
        /// When it is told.
        var fits: Set<Fit> = [.general]
        /// The companion is the one lost, away from the problem until it is found.
        var companionLost = false
        /// Whether the variation turns on the key thing (drawn on the problem page) or a creature.
        var aboutCritter: Bool
        /// The wish on the first page, when this variation has its own.
        var want: Lines? = nil
        var problem: Lines
        /// How it feels, right after the problem.
        var worry: Lines
        var tries: [Lines]
        var resolution: Lines
        /// The happy moment after the resolution.
        var joy: Lines
    }

    /// The wish, said on the first page.
    var want: Lines
    var variations: [Variation]

    static func forShape(_ shape: StoryShape) -> ShapeScript {
        switch shape {
        case .quest: quest
        case .helping: helping
        case .smallFear: smallFear
        case .firstTime: firstTime
        case .celebration: celebration
        case .journey: journey
        }
    }
}
