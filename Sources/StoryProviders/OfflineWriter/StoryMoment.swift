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

    /// Two moments on one page: both sets of lines, the later action, everything either shows.
    func merged(with other: StoryMoment) -> StoryMoment {
        StoryMoment(lines: lines + other.lines, action: other.action, showsKey: showsKey || other.showsKey,
                    showsCritter: showsCritter || other.showsCritter, atHome: atHome || other.atHome)
    }

    /// The moments of a whole story of `pageCount` pages, one per page.
    static func arc(pageCount: Int, script: ShapeScript, variation: ShapeScript.Variation, world: StoryWorld,
                    companionFromTheme: Bool) -> [StoryMoment] {
        let keyMissing = ["dropped", "critterLost", "lostKey"].contains(variation.id)
        let friend = companionFromTheme ? CommonLines.friendKind : CommonLines.friend
        let intro = StoryMoment(lines: [CommonLines.hello, friend, CommonLines.grown, CommonLines.person, CommonLines.themePlace, script.want, world.arrive],
                                action: .walking, showsKey: !keyMissing || variation.id == "lostKey" || variation.id == "dropped",
                                showsCritter: false)
        let problem = StoryMoment(lines: [variation.problem, variation.worry], action: .standing,
                                  showsKey: !keyMissing, showsCritter: variation.aboutCritter)
        let tries = variation.tries.enumerated().map { index, lines in
            StoryMoment(lines: [lines], action: index == 0 ? .walking : (index == 1 ? .helping : .discovering),
                        showsKey: !keyMissing || index == 2, showsCritter: variation.aboutCritter || index > 0)
        }
        let resolution = StoryMoment(lines: [variation.resolution, variation.joy], action: .hugging,
                                     showsKey: true, showsCritter: true)
        let windDown = StoryMoment(lines: [world.leave, CommonLines.bedtime, CommonLines.tuckIn, CommonLines.goodnight],
                                   action: .sleeping, showsKey: false, showsCritter: false, atHome: true)
        let wanders = CommonLines.wander.map {
            StoryMoment(lines: [$0], action: .walking, showsKey: !keyMissing, showsCritter: false)
        }

        switch pageCount {
        case ...1:
            return [StoryMoment(lines: [CommonLines.hello, friend, CommonLines.person, script.want, variation.resolution] + windDown.lines,
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
