import StoryDomain

/// The built-in story writer: no network, no model. Writes gentle, age-appropriate English
/// bedtime stories from templates, deterministically from the request's seed. Of the family's
/// free text only the hero's and companion's names reach the story; the theme is told through
/// what ``ThemeReader`` understood of it, in the lexicon's own words.
public struct OfflineStoryWriter: StoryWriter {
    public let name = "offline"
    public let supportedLanguages: Set<StoryLanguage> = [.english]
    private let designer: CharacterSheetDesigner

    /// Creates a writer that designs its cast with `designer`.
    public init(designer: CharacterSheetDesigner = CharacterSheetDesigner()) {
        self.designer = designer
    }

    /// Variations tried, at most, for a story free of the request's avoided words.
    static let maxVariations = 32

    /// Writes exactly `request.pageCount` pages; throws ``OfflineWriterError/unsupportedLanguage(_:)``
    /// for anything but English. When the story would use a word of `request.avoid`, other
    /// variations (seeds derived from the request's, so still deterministic) are tried and the
    /// first free of them is returned; if none is, the first story is (the checker refuses it).
    public func write(_ request: StoryRequest) async throws -> WrittenStory {
        try composeAvoiding(request)
    }

    /// The synchronous core of ``write(_:)``.
    func composeAvoiding(_ request: StoryRequest) throws -> WrittenStory {
        let first = try compose(request)
        let avoided = AvoidListMatcher(request.avoid)
        guard !avoided.isEmpty, avoided.firstMatch(in: Self.texts(of: first)) != nil else { return first }
        var seeds = SeededGenerator(seed: request.seed, salt: "avoid")
        for _ in 1..<Self.maxVariations {
            var variation = request
            variation.seed = seeds.next()
            let story = try compose(variation)
            if avoided.firstMatch(in: Self.texts(of: story)) == nil { return story }
        }
        return first
    }

    static func texts(of story: WrittenStory) -> [String] {
        [story.title] + story.pages.map(\.text)
    }

    /// One story for exactly this request and seed.
    func compose(_ request: StoryRequest) throws -> WrittenStory {
        guard supportedLanguages.contains(request.language) else {
            throw OfflineWriterError.unsupportedLanguage(request.language)
        }
        let heroName = Self.displayName(request.heroName)
        let sheet = designer.design(for: request, heroName: heroName)
        let band = request.ageBand
        let pageCount = min(max(request.pageCount, 1), 12)
        let world = StoryWorld.forSetting(sheet.setting)
        // The theme is read into lexicon words; its own text goes no further.
        let reading = ThemeReader().read(request.theme)

        var rng = SeededGenerator(seed: request.seed, salt: "story")
        let (shape, script, variation) = Self.plan(request: request, sheet: sheet, reading: reading, rng: &rng)
        let cast = StoryCast(sheet: sheet, world: world, reading: reading, shape: shape, variation: variation, rng: &rng)
        let moments = StoryMoment.arc(pageCount: pageCount, script: script, variation: variation, world: world,
                                      companionFromTheme: request.companion == nil && sheet.companion.map { ![.child, .grownUp].contains($0.kind) } == true)

        let focus = ThemeFocus(reading: reading, sheet: sheet, variation: variation)
        var composer = PageComposer(band: band)
        let prompts = ImagePromptBuilder(sheet: sheet)
        var pages: [WrittenPage] = []
        for (index, moment) in moments.enumerated() {
            // The request's hero and theme salt the page too, so two families' stories of one seed
            // do not pick their sentences in step.
            var pageRNG = SeededGenerator(seed: request.seed, salt: "page-\(index)-\(heroName)-\(request.theme)")
            let isFinal = index == moments.count - 1
            let time = shape.timeOfDay(page: index, of: moments.count)
            var lines = moment.lines.enumerated().map { index, lines in
                PageComposer.Line(Self.line(lines, band: band, rng: &pageRNG), beat: moment.isConnectable(index))
            }
            if !moment.atHome, let reminder = Self.themeReminder(for: moment, focus: focus) {
                lines.insert(PageComposer.Line(Self.line(reminder, band: band, rng: &pageRNG), describes: true), at: min(index == 0 ? 3 : 1, lines.count))
            }
            if !moment.atHome {
                // The place holds on every page of the middle.
                // Early on the page, so a short page still has room for any of the place's sentences.
                let details = PageComposer.Line(Self.line(world.details, band: band, mixed: true, rng: &pageRNG), describes: true)
                if band == .toddler { lines.insert(details, at: min(index == 0 ? 2 : 1, lines.count)) } else { lines.append(details) }
                // One sound for the youngest, early on the page so it always has room.
                if band == .toddler, index == 1 || (index == 3 && moments.count > 6) {
                    lines.insert(PageComposer.Line(world.sounds.shuffled(using: &pageRNG).joined(separator: "|")), at: min(1, lines.count))
                }
            }
            // The other named heroes (the family's cast) each appear and speak, taking turns page by page.
            for (offset, friendLine) in FriendLines.lines(for: sheet, page: index, atHome: moment.atHome || isFinal,
                                                         seed: request.seed).enumerated() {
                lines.insert(PageComposer.Line(friendLine), at: min(1 + offset, lines.count))
            }
            let tail = isFinal ? [Self.line(CommonLines.sleep, band: band, rng: &pageRNG)] : []
            // Worry belongs to shapes where something is wrong: a search, a fear, someone in need.
            let worried = moment.worried && ([.quest, .smallFear, .helping].contains(shape) || variation.id == "lostKey")
            let fillers = Self.fillers(world: world, time: time, band: band, atHome: moment.atHome, worried: worried,
                                       searching: shape == .quest || variation.id == "lostKey", rng: &pageRNG)
            let renderer = moment.companionAway ? cast.awayRenderer : cast.renderer
            let text = composer.compose(lines: lines, tail: tail, fillers: fillers, renderer: renderer,
                                        connectives: !moment.atHome && index > 0, rng: &pageRNG)
            let scene = Self.scene(for: moment, index: index, isFinal: isFinal, time: time, cast: cast, world: world, sheet: sheet)
            pages.append(WrittenPage(text: text, scene: scene, imagePrompt: prompts.prompt(for: scene)))
        }
        let title = StoryTitler.title(shape: shape, variation: variation, heroName: heroName, request: request, sheet: sheet,
                                      reading: reading, cast: cast, world: world, rng: &rng)
        return WrittenStory(title: title, sheet: sheet, pages: pages)
    }

    /// The shape and variation a request is told in (what ``compose(_:)`` chooses), for tests and tools.
    func plan(_ request: StoryRequest) -> (shape: StoryShape, variation: String) {
        let sheet = designer.design(for: request, heroName: Self.displayName(request.heroName))
        var rng = SeededGenerator(seed: request.seed, salt: "story")
        let chosen = Self.plan(request: request, sheet: sheet, reading: ThemeReader().read(request.theme), rng: &rng)
        return (chosen.0, chosen.2.id)
    }

    /// The theme's want picks the shape; what the theme says picks the variation.
    static func plan(request: StoryRequest, sheet: CharacterSheet, reading: ThemeReading,
                     rng: inout SeededGenerator) -> (StoryShape, ShapeScript, ShapeScript.Variation) {
        let shape = StoryShape.choose(reading: reading, setting: sheet.setting, rng: &rng)
        let script = ShapeScript.forShape(shape)
        let variation = variation(of: script, fits: fits(reading: reading, sheet: sheet, request: request), rng: &rng)
        return (shape, script, variation)
    }

    /// What of the theme must be on every page of the middle.
    enum ThemeFocus {
        case thing, companion, critter, lostCompanion, none

        init(reading: ThemeReading, sheet: CharacterSheet, variation: ShapeScript.Variation) {
            if variation.companionLost {
                self = .lostCompanion
            } else if variation.fits.contains(.lostCritter) {
                self = .critter
            } else if reading.lostObject != nil || !reading.objects.isEmpty {
                self = .thing
            } else if let creature = reading.creatures.first {
                self = creature.kind != nil && creature.kind == sheet.companion?.kind ? .companion : .critter
            } else if !reading.people.isEmpty, sheet.companion?.kind == .grownUp {
                self = .companion
            } else {
                self = .none
            }
        }

        /// The slots that say it.
        var slots: [String] {
            switch self {
            case .thing: ["{key}", "Key}"]
            case .companion: ["{friend}", "{friendGrown}", "{we}", "{friendOrCritter}", "{friendOrHero}", "{friendProper}"]
            case .critter: ["Critter}", "{critter}", "{lost}", "{lostFull}", "{lostWhat}", "{aLostWhat}"]
            case .lostCompanion: ["{lost}", "{lostFull}", "{lostWhat}", "{aLostWhat}", "{friend}", "{we}", "{friendProper}"]
            case .none: []
            }
        }
    }

    /// A line that brings the theme's thing or creature into a page that would otherwise leave it out.
    static func themeReminder(for moment: StoryMoment, focus: ThemeFocus) -> StoryWorld.Lines? {
        let slots = focus.slots
        guard !slots.isEmpty else { return nil }
        let certain = moment.lines.contains { lines in
            (lines.short + lines.long).allSatisfy { template in slots.contains { template.contains($0) } }
        }
        if certain { return nil }
        switch focus {
        case .thing: return moment.showsKey ? CommonLines.keepsake : CommonLines.missing
        case .companion: return CommonLines.companionHere
        case .critter: return CommonLines.critterHere
        case .lostCompanion: return moment.companionAway ? CommonLines.missingFriend : CommonLines.companionHere
        case .none: return nil
        }
    }

    /// What the theme says that variations are made for: whose is the lost creature, whether a
    /// thing is lost, a wish to fly, the dark, a first day.
    static func fits(reading: ThemeReading, sheet: CharacterSheet, request: StoryRequest) -> Set<ShapeScript.Fit> {
        var fits: Set<ShapeScript.Fit> = []
        if let lost = reading.lostCreature {
            let isCompanion = request.companion == nil && lost.kind != nil && sheet.companion?.kind == lost.kind
            fits.insert(isCompanion ? .lostCompanion : .lostCritter)
        }
        if reading.lostObject != nil { fits.insert(.lostObject) }
        if reading.wants.contains(.flying) { fits.insert(.flying) }
        if reading.wants.contains(.afraidOfDark) { fits.insert(.dark) }
        if reading.wants.contains(.trying), !reading.objects.isEmpty { fits.insert(.trying) }
        if reading.wants.contains(.firstTime) { fits.insert(.firstDay) }
        if reading.wants.contains(.birthday), let kind = reading.creatures.first?.kind, sheet.companion?.kind == kind {
            fits.insert(.companionParty)
        }
        return fits
    }

    /// A variation of the shape: one made for what the theme says when there is one ("a lost
    /// penguin" is always a search for the penguin), else a general one; the seed picks among them.
    static func variation(of script: ShapeScript, fits: Set<ShapeScript.Fit>, rng: inout SeededGenerator) -> ShapeScript.Variation {
        let made = script.variations.filter { !$0.fits.isDisjoint(with: fits) }
        let general = script.variations.filter { $0.fits.contains(.general) }
        let pool = made.isEmpty ? (general.isEmpty ? script.variations : general) : made
        let roll = Int(rng.next(upperBound: UInt32(pool.count * 4)))
        return pool[roll % pool.count]
    }

    /// One sentence template with its alternatives in a seeded order: the youngest hear the short
    /// ones; older children the long ones first.
    /// Descriptions (`mixed`) mix both registers for children over 4, so a place said on every
    /// page is said a different way each time.
    static func line(_ lines: StoryWorld.Lines, band: AgeBand, mixed: Bool = false, rng: inout SeededGenerator) -> String {
        if mixed, band != .toddler {
            return (lines.long + lines.short).shuffled(using: &rng).joined(separator: "|")
        }
        let short = lines.short.shuffled(using: &rng)
        let long = lines.long.shuffled(using: &rng)
        let longFirst = switch band {
        case .toddler: false
        case .early: rng.next(upperBound: UInt32(100)) < 30
        case .older: true
        }
        let ordered: [String] = band == .toddler ? short : longFirst ? long + short : short + long
        return ordered.joined(separator: "|")
    }

    /// Words that can open a sentence of the story as it moves along (the composer puts them
    /// before some of a page's events, never before a description).
    static let connectives = ["Then", "Soon", "Next", "After that,", "Before long,", "A moment later,", "After a while,", "And"]
    static let toddlerConnectives = ["Then", "Soon", "Next", "And"]
    /// Sentence starts that take no connective: sounds, calls and words that already move the story.
    static let keepFirst = ["Earth", "Oh", "Uh", "Oops", "Whoops", "Hooray", "Ta-da", "Wow", "Look", "Ooh", "Splash",
                            "Whoosh", "Boing", "Ding", "Beep", "Moo", "Crunch", "Swish", "Clip", "Swing", "Clap",
                            "Once", "This is", "Here is", "Meet", "Goodnight", "Today", "One, two", "What", "Was",
                            "Where", "Then", "Soon", "At last", "First", "Next", "And", "But", "Back", "Far", "Beside",
                            "Close", "Outside", "Halfway", "Somewhere", "Every", "On ", "In ", "Near", "Behind", "Inside",
                            "Under", "Along", "Up", "Down", "Through", "As ", "When", "With", "Before", "By ", "Out",
                            "There was once", "There lived", "Into", "Of course", "Got", "Found", "Home", "Hello", "Just", "Yes", "No",
                            "Not", "Try", "Thank", "Surprise", "Sleep", "Shh", "Say", "Whoo", "Bump", "Snip", "Hooray",
                            "Slowly", "There would", "Far above", "All around", "Strings", "Now", "Peekaboo", "Side by side",
                            "More than", "The first", "The next", "The game", "Wheee", "Flying", "Everyone", "It was", "Ready",
                            "Again", "Still", "Bit by bit", "By the", "Together", "Using", "Working", "Learning", "Helping", "Trying",
                            "Silly", "Got it", "Everything", "It is", "Lost", "So ", "Wheee", "Hello"]

    /// A filler group: the lines' alternatives several times over, each in its own seeded order,
    /// so a page can draw more than one of them (the composer never repeats a sentence).
    static func group(_ lines: [StoryWorld.Lines], cap: Int, events: Bool = false, band: AgeBand,
                      rng: inout SeededGenerator) -> PageComposer.FillerGroup {
        var templates: [String] = []
        for _ in 0..<3 {
            // Children of 5–7 hear both registers in fillers, so a page's small moments vary widely.
            for entry in lines { templates.append(line(entry, band: band, mixed: !events || band == .early, rng: &rng)) }
        }
        return PageComposer.FillerGroup(templates: templates, cap: cap, events: events)
    }

    /// The page's filler groups: the companion, a feeling, and one more line of the place or its
    /// light (the page already has one of the place); in bed, the companion's goodnight ways and
    /// quiet bedtime lines. The page's own events come first, so fillers only round a page off.
    static func fillers(world: StoryWorld, time: TimeOfDay, band: AgeBand, atHome: Bool, worried: Bool = false,
                        searching: Bool = false, rng: inout SeededGenerator) -> [PageComposer.FillerGroup] {
        let phase = StoryWorld.Phase(time)
        let friend = atHome ? CommonLines.bedFriend : worried ? CommonLines.steadyFriend : CommonLines.friendFillers
        var groups = [group([friend], cap: 1, events: !atHome, band: band, rng: &rng)]
        if !atHome {
            groups.append(group([worried ? (searching ? CommonLines.searchingFeelings : CommonLines.steadyFeelings) : CommonLines.feelings],
                                cap: 1, events: true, band: band, rng: &rng))
        }
        if !atHome {
            // While something is wrong, the place is described, never "loved".
            let sky = world.light?[phase] ?? CommonLines.sky(phase)
            groups.append(group([worried ? world.details : CommonLines.placeFillers, sky, CommonLines.glimpse], cap: 1,
                                band: band, rng: &rng))
        } else {
            groups.append(group([CommonLines.bedFillers], cap: 2, band: band, rng: &rng))
        }
        groups.shuffle(using: &rng)
        return groups
    }

    /// What the page's picture shows.
    static func scene(for moment: StoryMoment, index: Int, isFinal: Bool, time: TimeOfDay, cast: StoryCast, world: StoryWorld,
                      sheet: CharacterSheet) -> PageScene {
        var props: [String] = []
        if moment.showsKey { props.append(cast.key) }
        if world.setting == .space, !moment.atHome, !props.contains("rocket") { props.append("rocket") }
        var others: [CreatureKind] = []
        if moment.showsCritter, let kind = cast.critterKind { others.append(kind) }
        if cast.grownUp != nil, !moment.atHome || isFinal { others.append(.grownUp) }
        if let kind = cast.personKind, index == 0 || moment.action == .hugging { others.append(kind) }
        let focus: String? = isFinal ? "a cosy bed" : moment.showsKey ? "the \(cast.key)"
            : moment.showsCritter ? (cast.critterIsNamed ? cast.critter : TextTools.withArticle(cast.critter)) : nil
        return PageScene(timeOfDay: time, action: isFinal ? .sleeping : moment.action, focus: focus,
                         props: props, others: others, place: moment.atHome && sheet.setting != .home ? .home : nil,
                         companionAway: moment.companionAway)
    }

    /// The hero's name as shown: braces removed, and an all-lower-case name capitalised ("mia" → "Mia").
    static func displayName(_ raw: String) -> String {
        let cleaned = TextTools.tidy(stripBraces(raw))
        guard !cleaned.isEmpty else { return "Pip" }
        guard cleaned == cleaned.lowercased() else { return cleaned }
        return cleaned.split(separator: " ").map { TextTools.capitalisingFirst(String($0)) }.joined(separator: " ")
    }

    static func stripBraces(_ text: String) -> String {
        String(text.filter { $0 != "{" && $0 != "}" })
    }
}
