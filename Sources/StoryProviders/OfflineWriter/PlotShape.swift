import StoryDomain

/// The shape of a tale's plot. Every shape runs: a beginning that sets up the subject's wish or
/// problem → the subject tries → the partner helps and they try again → a turn → a calm
/// resolution → bed; the shape decides what the wish, the tries and the turn are.
enum PlotShape: String, Sendable, CaseIterable {
    /// Making, fixing or growing something.
    case making
    /// Going somewhere and getting there.
    case journey
    /// Doing something for the very first time.
    case firstTime
    /// A fear met gently (the dark, a night without sleep).
    case fearMet
    /// A wish that comes true in its own way (to fly).
    case wishGranted
    /// Someone needs a hand and gets it.
    case helping
    /// A race or a contest that ends kindly.
    case contest
    /// A puzzle or something lost, worked out from clues.
    case puzzle

    /// The shape the theme asks for: the subject's trait first (a fear, a wish), then the action's
    /// kind, the occasion; a theme with none of them is told in a shape the seed picks.
    static func choose(for theme: TaleTheme, rng: inout SeededGenerator) -> PlotShape {
        switch theme.trait {
        case .fear?, .sleepless?: return .fearMet
        case .wish?: return .wishGranted
        case .firstTime?: return .firstTime
        default: break
        }
        if let kind = theme.action?.kind {
            switch kind {
            case .making, .fixing, .growing: return .making
            case .going, .visiting: return .journey
            case .contest: return .contest
            case .finding: return .puzzle
            case .helping, .sharing: return .helping
            case .learning: return .firstTime
            }
        }
        if case .quality? = theme.trait { return .helping }
        let open: [PlotShape] = theme.things.isEmpty ? [.journey, .helping, .puzzle, .contest] : [.journey, .helping, .puzzle, .making]
        return open[Int(rng.next(upperBound: UInt32(open.count)))]
    }
}

extension PlotShape {
    /// The shape told when a grown-up asked for a gentler story (🌙): no fear to meet, no race,
    /// no one lost and no long way from home — helping or making something together instead.
    var gentle: PlotShape {
        switch self {
        case .fearMet, .contest, .journey: .helping
        case .puzzle, .firstTime: .making
        case .making, .wishGranted, .helping: self
        }
    }
}

/// One step of a tale's plot; a page tells one or more of them.
enum PlotBeat: String, Sendable, CaseIterable {
    case opening, firstTry, helpTry, extra, turn, resolution, bedtime

    /// The beats of each page of a tale of `pageCount` pages (1 to 12).
    static func pages(_ pageCount: Int) -> [[PlotBeat]] {
        switch pageCount {
        case ...1: return [[.opening, .turn, .resolution, .bedtime]]
        case 2: return [[.opening, .firstTry, .turn, .resolution], [.bedtime]]
        case 3: return [[.opening, .firstTry], [.turn, .resolution], [.bedtime]]
        case 4: return [[.opening], [.firstTry, .helpTry], [.turn, .resolution], [.bedtime]]
        case 5: return [[.opening], [.firstTry], [.helpTry], [.turn, .resolution], [.bedtime]]
        default:
            let extras = Array(repeating: [PlotBeat.extra], count: pageCount - 6)
            let half = (extras.count + 1) / 2
            return [[.opening], [.firstTry]] + extras.prefix(half) + [[.helpTry]] + extras.dropFirst(half)
                + [[.turn], [.resolution], [.bedtime]]
        }
    }
}
