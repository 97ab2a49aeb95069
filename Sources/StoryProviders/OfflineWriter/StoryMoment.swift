import StoryDomain

/// One step of a story's arc (the first page, the problem, a try, the resolution, the way to bed)
/// and what its picture shows. Short stories fold several moments onto one page; long ones add
/// wandering moments between the tries.
struct StoryMoment: Sendable {
    var lines: [StoryWorld.Lines]
    var action: SceneAction
    /// The key thing is there to be drawn (not while it is lost).
    var showsKey: Bool
    /// The creature of the story is there.
    var showsCritter: Bool
    /// The page happens at home, in bed.
    var atHome = false
    /// The companion is the one lost: not there, not drawn, and its lines are not said.
    var companionAway = false
    /// Something is wrong or being looked for: the page's small moments are steady, not merry.
    var worried = false
    /// Which of `lines` are steps of the story that may open with "Then", "Soon" … (the tries and
    /// what follows them; never the hello, the wish, the problem or the worry).
    var connectable: [Bool] = []

    /// Whether line `index` may open with a connective.
    func isConnectable(_ index: Int) -> Bool { connectable.indices.contains(index) && connectable[index] }

    /// Two moments on one page: both sets of lines, the later action, everything either shows
    /// (the companion is away only when it is away in both).
    func merged(with other: StoryMoment) -> StoryMoment {
        StoryMoment(lines: lines + other.lines, action: other.action, showsKey: showsKey || other.showsKey,
                    showsCritter: showsCritter || other.showsCritter, atHome: atHome || other.atHome,
                    companionAway: companionAway && other.companionAway, worried: worried && other.worried,
                    connectable: padded + other.padded)
    }

    private var padded: [Bool] { (0..<lines.count).map(isConnectable)
    }

    /// The moments of a whole story of `pageCount` pages, one per page.
    static func arc(pageCount: Int, script: ShapeScript, variation: ShapeScript.Variation, world: StoryWorld,
                    companionFromTheme: Bool) -> [StoryMoment] {
        let keyMissing = ["dropped", "critterLost", "lostKey", "misplaced"].contains(variation.id)
        // A story about a lost creature draws no thing: the creature is what is looked for.
        let lostCreature = variation.companionLost || variation.fits.contains(.lostCritter)
        let friend = companionFromTheme ? CommonLines.friendKind : CommonLines.friend
        let want = variation.want ?? script.want
        let arrive = StoryWorld.Lines(short: world.arrive.short + CommonLines.arrive.short, long: world.arrive.long + CommonLines.arrive.long)
        let intro = StoryMoment(lines: [CommonLines.hello, friend, CommonLines.grown, CommonLines.person, CommonLines.themePlace, want, arrive],
                                action: .walking,
                                showsKey: !lostCreature && (!keyMissing || ["lostKey", "dropped", "misplaced"].contains(variation.id)),
                                showsCritter: false)
        let away = variation.companionLost
        let problem = StoryMoment(lines: [variation.problem, variation.worry], action: .standing,
                                  showsKey: !keyMissing && !lostCreature, showsCritter: variation.aboutCritter, companionAway: away,
                                  worried: true)
        let tries = variation.tries.enumerated().map { index, lines in
            StoryMoment(lines: [lines], action: index == 0 ? .walking : (index == 1 ? .helping : .discovering),
                        showsKey: !lostCreature && (!keyMissing || index == 2), showsCritter: variation.aboutCritter || index > 0,
                        companionAway: away && index < 2, worried: index < 2, connectable: [true])
        }
        let resolution = StoryMoment(lines: [variation.resolution, variation.joy], action: .hugging,
                                     showsKey: !lostCreature, showsCritter: true, connectable: [false, true])
        let leave = StoryWorld.Lines(short: world.leave.short + CommonLines.leave.short, long: world.leave.long + CommonLines.leave.long)
        let windDown = StoryMoment(lines: [leave, CommonLines.bedtime, CommonLines.tuckIn, CommonLines.goodnight],
                                   action: .sleeping, showsKey: false, showsCritter: false, atHome: true)
        let wanders = CommonLines.wander.map {
            StoryMoment(lines: [$0], action: .walking, showsKey: !keyMissing && !lostCreature, showsCritter: false, companionAway: away,
                        worried: away)
        }

        switch pageCount {
        case ...1:
            return [StoryMoment(lines: [CommonLines.hello, friend, CommonLines.person, want, variation.resolution] + windDown.lines,
                                action: .sleeping, showsKey: true, showsCritter: false, atHome: true)]
        case 2:
            return [intro.merged(with: problem).merged(with: tries[2]).merged(with: resolution), windDown]
        default:
            break
        }
        let middle: [StoryMoment]
        switch pageCount - 2 {
        case 1: middle = [problem.merged(with: tries[2]).merged(with: resolution)]
        case 2: middle = [problem.merged(with: tries[0]), tries[2].merged(with: resolution)]
        case 3: middle = [problem, tries[0].merged(with: tries[1]), tries[2].merged(with: resolution)]
        case 4: middle = [problem, tries[0], tries[1], tries[2].merged(with: resolution)]
        default:
            // Wandering moments go between the tries, never after the resolution.
            let extra = (0..<(pageCount - 2 - 5)).map { wanders[$0 % wanders.count] }
            let half = (extra.count + 1) / 2
            middle = [problem, tries[0]] + extra.prefix(half) + [tries[1]] + extra.dropFirst(half) + [tries[2], resolution]
        }
        return [intro] + middle + [windDown]
    }
}
