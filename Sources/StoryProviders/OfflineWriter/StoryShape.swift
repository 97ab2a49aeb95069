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

    /// The shape each telling want asks for, in order of precedence: a theme that loses something
    /// is a quest even when it also has a birthday in it.
    static let byWant: [(ThemeWant, StoryShape)] = [
        (.lost, .quest),
        (.afraidOfDark, .smallFear), (.sleepless, .smallFear), (.bravery, .smallFear),
        (.firstTime, .firstTime), (.flying, .firstTime), (.trying, .firstTime), (.growing, .firstTime),
        (.birthday, .celebration), (.party, .celebration), (.music, .celebration),
        (.helping, .helping), (.friendship, .helping), (.sharing, .helping), (.sorry, .helping),
        (.journey, .journey), (.patience, .firstTime),
    ]

    /// Shapes a theme with no telling want may take.
    private static let open: [StoryShape] = [.journey, .quest, .helping, .celebration]

    /// The shape the theme's want asks for, if it has a telling want.
    static func wanted(by wants: [ThemeWant]) -> StoryShape? {
        byWant.first { wants.contains($0.0) }?.1
    }

    /// Picks a shape: the theme's want decides whenever it has one (always: "a lost penguin" is a
    /// quest for the penguin); a theme with none is told in a shape the seed picks.
    static func choose(reading: ThemeReading, setting: StorySetting, rng: inout SeededGenerator) -> StoryShape {
        var pool = open
        if setting == .school { pool.append(.firstTime) }
        let pick = pool[Int(rng.next(upperBound: UInt32(pool.count)))]
        return wanted(by: reading.wants) ?? pick
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
