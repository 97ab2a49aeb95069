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
        let shape = StoryShape.choose(reading: reading, setting: sheet.setting, rng: &rng)
        let script = ShapeScript.forShape(shape)
        let variation = Self.variation(of: script, reading: reading, rng: &rng)
        let cast = StoryCast(sheet: sheet, world: world, reading: reading, shape: shape, variation: variation, rng: &rng)
        let moments = StoryMoment.arc(pageCount: pageCount, script: script, variation: variation, world: world,
                                      companionFromTheme: request.companion == nil && sheet.companion.map { ![.child, .grownUp].contains($0.kind) } == true)

        let focus = ThemeFocus(reading: reading, sheet: sheet)
        var composer = PageComposer(band: band)
        let prompts = ImagePromptBuilder(sheet: sheet)
        var pages: [WrittenPage] = []
        for (index, moment) in moments.enumerated() {
            var pageRNG = SeededGenerator(seed: request.seed, salt: "page-\(index)")
            let isFinal = index == moments.count - 1
            let time = shape.timeOfDay(page: index, of: moments.count)
            var lines = moment.lines.map { Self.line($0, band: band, rng: &pageRNG) }
            if !moment.atHome, let reminder = Self.themeReminder(for: moment, focus: focus) {
                lines.insert(Self.line(reminder, band: band, rng: &pageRNG), at: min(index == 0 ? 3 : 1, lines.count))
            }
            if !moment.atHome {
                // The place holds on every page of the middle.
                lines.append(Self.line(world.details, band: band, rng: &pageRNG))
                if band == .toddler, index % 2 == 0 { lines.append(world.sounds.shuffled(using: &pageRNG).joined(separator: "|")) }
            }
            let tail = isFinal ? [Self.line(CommonLines.sleep, band: band, rng: &pageRNG)] : []
            let fillers = Self.fillers(world: world, time: time, band: band, atHome: moment.atHome, rng: &pageRNG)
            let text = composer.compose(lines: lines, tail: tail, fillers: fillers, renderer: cast.renderer, rng: &pageRNG)
            let scene = Self.scene(for: moment, index: index, isFinal: isFinal, time: time, cast: cast, world: world, sheet: sheet)
            pages.append(WrittenPage(text: text, scene: scene, imagePrompt: prompts.prompt(for: scene)))
        }
        let title = StoryTitler.title(shape: shape, heroName: heroName, request: request, sheet: sheet,
                                      reading: reading, cast: cast, world: world, rng: &rng)
        return WrittenStory(title: title, sheet: sheet, pages: pages)
    }

    /// What of the theme must be on every page of the middle.
    enum ThemeFocus {
        case thing, companion, critter, none

        init(reading: ThemeReading, sheet: CharacterSheet) {
            if reading.lostObject != nil || !reading.objects.isEmpty {
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
            case .critter: ["Critter}", "{critter}"]
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
        case .none: return nil
        }
    }

    /// A variation of the shape: the seed picks, but a creature-less theme with a thing prefers
    /// variations about the thing, and a theme with a creature those about the creature.
    static func variation(of script: ShapeScript, reading: ThemeReading, rng: inout SeededGenerator) -> ShapeScript.Variation {
        let roll = Int(rng.next(upperBound: UInt32(script.variations.count * 4)))
        return script.variations[roll % script.variations.count]
    }

    /// One sentence template with its alternatives in a seeded order: the youngest hear the short
    /// ones; older children the long ones first.
    static func line(_ lines: StoryWorld.Lines, band: AgeBand, rng: inout SeededGenerator) -> String {
        let short = lines.short.shuffled(using: &rng)
        let long = lines.long.shuffled(using: &rng)
        let longFirst = switch band {
        case .toddler: false
        case .early: rng.next(upperBound: UInt32(100)) < 30
        case .older: true
        }
        let ordered: [String] = band == .toddler ? short : longFirst ? long + short : short + long
        return ordered.map { connected($0, band: band, rng: &rng) }.joined(separator: "|")
    }

    /// Words that can open a sentence of the story as it moves along.
    static let connectives = ["Then", "Soon", "Next", "After that,", "Just then,", "Before long,", "Now", "A moment later,",
                              "And so", "Right away,", "All the while,", "Meanwhile,", "After a bit,", "And"]
    private static let toddlerConnectives = ["Then", "Now", "Soon", "Next", "And"]
    /// Sentence starts that take no connective: sounds, calls and words said like names.
    private static let keepFirst = ["Earth", "Oh", "Uh", "Oops", "Whoops", "Hooray", "Ta-da", "Wow", "Look", "Ooh", "Splash",
                                    "Whoosh", "Boing", "Ding", "Beep", "Moo", "Crunch", "Swish", "Clip", "Swing", "Clap",
                                    "Once", "This is", "Here is", "Meet", "Goodnight", "Today", "One, two", "What", "Was",
                                    "Where", "Then", "Soon", "At last", "First", "Next", "And", "But", "Back", "Far", "Beside",
                                    "Close", "Outside", "Halfway", "Somewhere", "Every", "On ", "In ", "Near", "Behind", "Inside",
                                    "Under", "Along", "Up", "Down", "Through", "As ", "When", "With", "Before", "By ", "Out",
                                    "There was once", "There lived", "Into", "Of course", "Got", "Found", "Home", "Hello", "Just", "Yes", "No",
                                    "Not", "Try", "Thank", "Surprise", "Sleep", "Shh", "Say", "Whoo", "Bump", "Snip", "Hooray",
                                    "Slowly", "There would", "Far above", "All around", "Strings", "Soon", "Now"]

    /// Half the time, a plain sentence opens with a connective ("Soon Mia looked behind the pink
    /// coral."): the same moment told a little differently. The composer counts "Soon Mia smiled."
    /// and "Mia smiled." as one sentence, so a story still never repeats itself.
    static func connected(_ template: String, band: AgeBand, rng: inout SeededGenerator) -> String {
        guard !template.contains("\""), !template.hasSuffix("?"), !keepFirst.contains(where: template.hasPrefix),
              !(template.hasPrefix("{") && template.prefix(while: { $0 != "}" }).hasSuffix("Cap")),
              rng.next(upperBound: UInt32(5)) < 3 else { return template }
        let words = band == .toddler ? toddlerConnectives : connectives
        let word = words[Int(rng.next(upperBound: UInt32(words.count)))]
        let rest = template.hasPrefix("{") ? Substring(template) : template.prefix(1).lowercased() + template.dropFirst()
        return "\(word) \(rest)"
    }

    /// A filler group: the lines' alternatives several times over, each in its own seeded order,
    /// so a page can draw more than one of them (the composer never repeats a sentence).
    static func group(_ lines: [StoryWorld.Lines], cap: Int, band: AgeBand, rng: inout SeededGenerator) -> PageComposer.FillerGroup {
        var templates: [String] = []
        for _ in 0..<3 {
            for entry in lines { templates.append(line(entry, band: band, rng: &rng)) }
        }
        return PageComposer.FillerGroup(templates: templates, cap: cap)
    }

    /// The page's filler groups: the place, its light, the companion and feelings.
    static func fillers(world: StoryWorld, time: TimeOfDay, band: AgeBand, atHome: Bool,
                        rng: inout SeededGenerator) -> [PageComposer.FillerGroup] {
        let phase = StoryWorld.Phase(time)
        var groups = [
            group([CommonLines.friendFillers], cap: 1, band: band, rng: &rng),
            group([CommonLines.feelings], cap: 2, band: band, rng: &rng),
        ]
        if !atHome {
            groups.append(group([world.details, CommonLines.placeFillers], cap: 1, band: band, rng: &rng))
            let sky = world.light?[phase] ?? CommonLines.sky(phase)
            groups.append(group([sky], cap: 1, band: band, rng: &rng))
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
            : moment.showsCritter ? TextTools.withArticle(cast.critter) : nil
        return PageScene(timeOfDay: time, action: isFinal ? .sleeping : moment.action, focus: focus,
                         props: props, others: others, place: moment.atHome && sheet.setting != .home ? .home : nil)
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
