import StoryDomain

/// What a story shape says: the wish on the first page, and variations, each with its own
/// problem, three tries and resolution. Each field is one sentence with alternatives (short for
/// the youngest, long for older children); the seed picks among them.
struct ShapeScript: Sendable {
    typealias Lines = StoryWorld.Lines

    /// One way a shape can go.
    struct Variation: Sendable {
        var id: String
        /// Whether the variation turns on the key thing (drawn on the problem page) or a creature.
        var aboutCritter: Bool
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
