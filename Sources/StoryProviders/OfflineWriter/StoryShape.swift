import StoryDomain

/// The overall arc of a story. Each shape has its own middle beats; extra beats stretch it to
/// any page count, and compact beats squeeze it into a three-page story.
enum StoryShape: String, Sendable, CaseIterable {
    /// Set out, meet something, find the way home, sleep.
    case journey
    /// Someone needs help, kindness solves it, everyone settles.
    case helping
    /// The day slows; each page one calm bedtime ritual.
    case windDown
    /// A favourite thing goes missing and is calmly found again.
    case lostAndFound

    /// Wants of a theme that suggest a shape, in the order they are tried.
    private static let hints: [(StoryShape, Set<ThemeWant>)] = [
        (.helping, [.helping]),
        (.lostAndFound, [.lost]),
        (.windDown, [.bedtime, .sleepless, .afraidOfDark]),
        (.journey, [.journey]),
    ]

    /// Picks a shape: a hint from the theme's wants wins most of the time, otherwise the seed decides.
    static func choose(reading: ThemeReading, rng: inout SeededGenerator) -> StoryShape {
        let wants = Set(reading.wants)
        let roll = rng.next(upperBound: UInt32(100))
        let pick = allCases[Int(rng.next(upperBound: UInt32(allCases.count)))]
        if roll < 85, let hinted = hints.first(where: { !$0.1.isDisjoint(with: wants) })?.0 { return hinted }
        return pick
    }

    /// The core middle beats in story order, and how important each is (lower keeps first).
    private var core: [(beat: Beat, priority: Int)] {
        switch self {
        case .journey:
            [(BeatLibrary.setOut, 2), (BeatLibrary.meet, 1), (BeatLibrary.discover, 0), (BeatLibrary.wayHome, 3)]
        case .helping:
            [(BeatLibrary.notice, 0), (BeatLibrary.comfort, 4), (BeatLibrary.idea, 2),
             (BeatLibrary.helpWalk, 3), (BeatLibrary.thanks, 1)]
        case .windDown:
            [(BeatLibrary.walkHome, 3), (BeatLibrary.tidy, 8), (BeatLibrary.bath, 0), (BeatLibrary.pyjamas, 2),
             (BeatLibrary.snack, 5), (BeatLibrary.teeth, 6), (BeatLibrary.song, 7), (BeatLibrary.book, 1),
             (BeatLibrary.window, 4)]
        case .lostAndFound:
            [(BeatLibrary.lost, 0), (BeatLibrary.searchNear, 2), (BeatLibrary.searchFar, 3), (BeatLibrary.found, 1)]
        }
    }

    /// A single beat that tells the whole middle when only one page is available.
    private var compact: Beat? {
        switch self {
        case .helping: CompactBeats.helping
        case .lostAndFound: CompactBeats.lostAndFound
        case .journey, .windDown: nil
        }
    }

    /// Exactly `count` middle beats (count ≥ 1), never repeating one.
    func middleBeats(count: Int, rng: inout SeededGenerator) -> [Beat] {
        if count == 1, let compact { return [compact] }
        let chosenIDs = Set(core.sorted { $0.priority < $1.priority }.prefix(count).map(\.beat.id))
        let selected = core.map(\.beat).filter { chosenIDs.contains($0.id) }
        var extras = BeatLibrary.extras
        extras.shuffle(using: &rng)
        let needed = max(0, count - selected.count)
        let chosenExtras = Array(extras.prefix(needed))
        let gaps = extraGaps(in: selected)
        var buckets = Array(repeating: [Beat](), count: selected.count + 1)
        for (index, extra) in chosenExtras.enumerated() {
            buckets[gaps[index % gaps.count]].append(extra)
        }
        var result: [Beat] = []
        for index in 0...selected.count {
            result += buckets[index]
            if index < selected.count { result.append(selected[index]) }
        }
        return result
    }

    /// Where extra beats may go: index i means "before selected[i]" (i == count: after the last).
    private func extraGaps(in selected: [Beat]) -> [Int] {
        switch self {
        case .journey:
            let gaps = (1...selected.count).filter { selected[$0 - 1].id != "wayHome" }
            return gaps.isEmpty ? [0] : gaps
        case .helping:
            return [0, selected.count]
        case .windDown:
            return [0]
        case .lostAndFound:
            let found = selected.firstIndex { $0.id == "found" } ?? selected.count
            return [0, found]
        }
    }

    /// True when the story ends at home already (no walk home on the last page).
    var endsAtHome: Bool { self == .windDown }

    /// The light across the story, from first page to last.
    var lightStages: [TimeOfDay] {
        self == .windDown ? [.goldenHour, .sunset, .dusk, .night] : [.afternoon, .goldenHour, .sunset, .dusk, .night]
    }

    /// The time of day of page `index` (0-based) of `count`: never earlier than the page before,
    /// and `.night` exactly on the last page.
    func timeOfDay(page index: Int, of count: Int) -> TimeOfDay {
        let stages = lightStages
        if index >= count - 1 { return .night }
        let stage = index * (stages.count - 1) / max(count - 1, 1)
        return stages[min(stage, stages.count - 2)]
    }
}
