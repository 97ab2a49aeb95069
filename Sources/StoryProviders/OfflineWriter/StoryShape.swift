import StoryDomain

/// The arc a story follows. Every shape runs: who, where and what they want → a problem → two or
/// three tries or meetings in the theme's place → a warm resolution → winding down to sleep; the
/// shape decides what the problem and the tries are, and each shape has several variations.
enum StoryShape: String, Sendable, CaseIterable {
    /// Something is lost and looked for, and found.
    case quest
    /// Someone needs a hand and gets it.
    case helping
    /// A small fear is faced, gently.
    case smallFear
    /// Doing something for the very first time.
    case firstTime
    /// Getting ready for a party or a birthday.
    case celebration
    /// Going somewhere new and seeing its wonder.
    case journey

    /// Wants of a theme that suggest a shape, in the order they are tried.
    private static let hints: [(StoryShape, Set<ThemeWant>)] = [
        (.quest, [.lost]),
        (.smallFear, [.afraidOfDark, .bravery, .sleepless]),
        (.firstTime, [.firstTime, .flying, .growing, .trying, .patience]),
        (.celebration, [.birthday, .music, .party]),
        (.helping, [.helping, .friendship, .sharing, .sorry]),
        (.journey, [.journey]),
    ]

    /// Shapes a theme with no telling want may take.
    private static let open: [StoryShape] = [.journey, .quest, .helping, .celebration]

    /// Picks a shape: a hint from the theme's wants wins most of the time, otherwise the seed decides.
    static func choose(reading: ThemeReading, setting: StorySetting, rng: inout SeededGenerator) -> StoryShape {
        let wants = Set(reading.wants)
        let roll = rng.next(upperBound: UInt32(100))
        var pool = open
        if setting == .school { pool.append(.firstTime) }
        let pick = pool[Int(rng.next(upperBound: UInt32(pool.count)))]
        if roll < 85, let hinted = hints.first(where: { !$0.1.isDisjoint(with: wants) })?.0 { return hinted }
        return pick
    }

    /// The light across the story, from first page to last.
    var lightStages: [TimeOfDay] { [.afternoon, .goldenHour, .sunset, .dusk, .night] }

    /// The time of day of page `index` (0-based) of `count`: never earlier than the page before,
    /// and `.night` exactly on the last page.
    func timeOfDay(page index: Int, of count: Int) -> TimeOfDay {
        let stages = lightStages
        if index >= count - 1 { return .night }
        let stage = index * (stages.count - 1) / max(count - 1, 1)
        return stages[min(stage, stages.count - 2)]
    }
}
