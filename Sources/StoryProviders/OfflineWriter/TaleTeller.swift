import Foundation
import StoryDomain

/// Tells a tale page by page: the plot's beats of each page in sentences fit for the child's age,
/// and the page's scene (where, what they do, the weather, the theme's props, the light).
struct TaleTeller {
    let theme: TaleTheme
    let shape: PlotShape
    let band: AgeBand
    let world: StoryWorld
    let sheet: CharacterSheet
    let renderer: TemplateRenderer
    let seed: UInt64

    /// One page: its text and its scene.
    struct Page {
        var text: String
        var scene: PageScene
    }

    init(theme: TaleTheme, shape: PlotShape, band: AgeBand, world: StoryWorld, sheet: CharacterSheet, seed: UInt64,
         rng: inout SeededGenerator) {
        self.theme = theme
        self.shape = shape
        self.band = band
        self.world = world
        self.sheet = sheet
        self.seed = seed
        // A thing or knight the theme is about is told as its subject ({D}), never as a pet-like companion
        // ("Goodnight, the little red car", "curled up at the foot of the bed": it has a bed of its own).
        let companion = sheet.companion.flatMap { TaleTheme.isThemeThing($0) ? nil : TaleTheme.figure(of: $0, word: nil) }
        renderer = TemplateRenderer(values: TaleSlots.values(theme: theme, shape: shape, world: world, companion: companion, rng: &rng))
    }

    /// The pages of a tale of `pageCount` pages.
    func pages(_ pageCount: Int) -> [Page] {
        let plan = PlotBeat.pages(pageCount)
        var used: Set<String> = []
        var pages: [Page] = []
        var rng = SeededGenerator(seed: seed, salt: "tale-\(shape.rawValue)-\(theme.subject.name)")
        let placeWord = theme.place?.word ?? String(world.place.split(separator: " ").last ?? "")
        let variety = TaleVariety(values: renderer.values)
        for (index, beats) in plan.enumerated() {
            let isFinal = index == plan.count - 1
            // A long story's extra pages are more tries and small moments.
            // A long story's extra pages each add a beat of their own (a setback, a second helper, a new way).
            let extraIndex = plan[..<index].filter { $0 == [.extra] }.count
            var lines = beats.flatMap { beat -> [TaleLine] in
                let told = beat == .extra ? Self.extraLines(shape, number: extraIndex) : TaleFrames.lines(shape, beat)
                // The youngest hear a short line of the beat right after its first.
                let short = TaleFrames.youngBeat(shape, beat)
                guard band == .toddler, !short.isEmpty else { return told }
                // Ages 2–4: the beat's first line, then short ones; a try and the resolution are told by the short ones only.
                // (The opening keeps its second line too: who comes along, so the hero is named on page 1.)
                if beat == .opening { return Array(told.prefix(2)) + short.prefix(1) }
                return [.firstTry, .helpTry, .extra, .resolution].contains(beat) ? short : Array(told.prefix(1)) + short
            }.filter { $0.bands.contains(band) }
            if beats.contains(.opening), theme.other != nil { lines.insert(TaleFrames.other, at: min(2, lines.count)) }
            if beats.contains(.opening) { lines.insert(TaleFrames.thing, at: min(2, lines.count)) }
            if isFinal { lines.insert(TaleFrames.goodnightAway, at: min(1, lines.count)) }
            let middle = beats.contains { [.firstTry, .helpTry, .extra].contains($0) }
            if band == .toddler, middle { lines.append(TaleFrames.saidRefrain(shape, render: renderer.render)) }
            let indoors = Self.indoors(beats: beats, theme: theme, sheet: sheet)
            var weatherLine: TaleLine?
            // The weather is told on every page before bedtime, and heard from bed on the last.
            // (A rainbow that is the theme's own object is not also the weather's.)
            if let weather = theme.weather, !isFinal, !(weather == .rainbow && theme.action?.object == "rainbow") {
                let told = TaleFrames.weather(weather, indoors: indoors)
                weatherLine = TaleLine(told.alternatives + TaleFrames.moreWeather(weather, indoors: indoors))
                lines.insert(weatherLine!, at: min(1, lines.count))
            } else if let weather = theme.weather, isFinal, let heard = TaleFrames.bedtimeWeather(weather) {
                lines.insert(heard, at: min(2, lines.count))
            }
            // The occasion is coming on the first page; it comes early on the resolution page, so even the shortest page holds it.
            if theme.occasion != nil, beats.contains(.opening) {
                lines.insert(TaleFrames.occasionSoon, at: min(1, lines.count))
            }
            if let occasion = theme.occasion, beats.contains(.resolution) {
                let held = ["picnic", "birthday", "party"].contains(occasion) ? TaleFrames.occasion(occasion) : TaleFrames.occasionHeld
                lines.insert(held, at: max(lines.count - 2, 0))
            }
            let friendLines = FriendLines.lines(for: sheet, page: index, atHome: isFinal, seed: seed)
            for (offset, line) in friendLines.enumerated() {
                lines.insert(TaleLine(line.split(separator: "|").map(String.init)), at: min(1 + offset, lines.count))
            }
            let tail = isFinal ? [band == .toddler ? TaleFrames.youngAsleep : TaleFrames.asleep] : []
            // Middle pages pad with the shape's small moments; the first page with how they set out into the place.
            let arrive = band == .older ? world.arrive.long + world.arrive.short : world.arrive.short
            let rounding = TaleFrames.rounding.filter { $0.bands.contains(band) }
            let padding = middle && band == .toddler
                ? TaleFrames.youngBeat(shape, .extra) + TaleFrames.youngBeat(shape, .helpTry) + TaleFrames.keepingOn
                : middle ? Self.extraLines(shape).filter { $0.bands.contains(band) } + TaleFrames.keepingOn
                : beats == [.opening] ? arrive.map { TaleLine([$0]) } : isFinal ? [] : rounding + TaleFrames.keepingOn
            let before = (used: used, rng: rng)
            var text = compose(lines: lines, tail: tail, padding: padding, used: &used, rng: &rng)
            // Every page before bedtime says where it happens; one that does not is told again with the place.
            if !isFinal, !Self.names(text, place: placeWord) {
                (used, rng) = before
                let setting = TaleLine((band == .toddler ? TaleFrames.youngSetting.alternatives : [])
                    + TaleFrames.setting.alternatives + TaleFrames.moreSetting.alternatives)
                lines.insert(setting, at: min(1, lines.count))
                text = compose(lines: lines, tail: tail, padding: padding, used: &used, rng: &rng)
            }
            // The picture rains only where the text does.
            let weatherTold = weatherLine.map { $0.alternatives.compactMap(renderer.render).contains(where: text.contains) } ?? false
            // The theme's noun once whole on a page, then shorter ("the race", "it").
            text = variety.varied(text)
            let scene = scene(beats: beats, index: index, count: plan.count, indoors: indoors, weather: weatherTold ? theme.weather : nil)
            pages.append(Page(text: text, scene: scene))
        }
        return pages
    }

    /// The lines of the `number`th extra page (from 0): its own beat of ``TaleFrames/longBeats``, then small moments.
    static func extraLines(_ shape: PlotShape, number: Int) -> [TaleLine] {
        let beats = TaleFrames.longBeats
        return [beats[number % beats.count]] + TaleFrames.lines(shape, .extra)
    }

    /// The small moments that pad a middle page.
    static func extraLines(_ shape: PlotShape) -> [TaleLine] {
        TaleFrames.lines(shape, .extra) + TaleFrames.lines(shape, .firstTry).dropFirst() + TaleFrames.lines(shape, .helpTry).dropFirst()
    }

    // MARK: - Text

    /// Whether `text` says the place's word ("river", "rivers"; not "farm" in "farmer").
    static func names(_ text: String, place word: String) -> Bool {
        word.isEmpty || text.range(of: "\\b\(word)s?\\b", options: [.regularExpression, .caseInsensitive]) != nil
    }

    /// The page's sentences: each line once, in order, within the band's page limit, padded from
    /// the shape's small moments when the page would be short; the tail (the last line) ends it.
    private func compose(lines: [TaleLine], tail: [TaleLine], padding: [TaleLine], used: inout Set<String>,
                         rng: inout SeededGenerator) -> String {
        let limit = band.wordsPerPage.upperBound
        var sentences: [String] = []
        var total = 0
        var tailTexts: [String] = []
        for line in tail {
            if let text = pick(line, budget: limit, used: used, repeatable: false, rng: &rng) {
                tailTexts.append(text)
                used.insert(text)
                total += TextTools.wordCount(text)
            }
        }
        for line in lines {
            guard let text = pick(line, budget: limit - total, used: used, repeatable: false, rng: &rng) else { continue }
            sentences.append(text)
            used.insert(text)
            total += TextTools.wordCount(text)
        }
        let minimum = band.wordsPerPage.lowerBound
        // Pad to the band's minimum only, so a long story keeps small moments for its later pages.
        // (Ages 2–4 are padded with their short lines before any longer one.)
        let isShort = { (line: TaleLine) in line.bands == [.toddler] }
        var extras = band == .toddler
            ? padding.filter(isShort).shuffled(using: &rng) + padding.filter { !isShort($0) }.shuffled(using: &rng)
            : padding.shuffled(using: &rng)
        while total < minimum || sentences.isEmpty && tailTexts.isEmpty, !extras.isEmpty {
            let line = extras.removeFirst()
            guard let text = pick(line, budget: limit - total, used: used, repeatable: false, rng: &rng) else { continue }
            // Small moments go before the page's last beat line, so the page still ends on its beat.
            sentences.insert(text, at: max(sentences.count - 1, 0))
            used.insert(text)
            total += TextTools.wordCount(text)
        }
        // Never an empty page: when everything has been said, a small moment is said again.
        // (Something new first: the long story's beats; only then a small moment said again.)
        if sentences.isEmpty && tailTexts.isEmpty {
            let fallback = (TaleFrames.longBeats + TaleFrames.keepingOn).filter { $0.bands.contains(band) }
            for repeatable in [false, true] where sentences.isEmpty {
                for line in fallback {
                    if let text = pick(line, budget: limit, used: used, repeatable: repeatable, rng: &rng) {
                        sentences.append(text)
                        break
                    }
                }
            }
        }
        return (sentences + tailTexts).joined(separator: " ")
    }

    /// One alternative of the line: rendered, short enough for the band and the budget, new to the
    /// story (the refrain may come back); the youngest hear the shorter ones, older children the longer.
    private func pick(_ line: TaleLine, budget: Int, used: Set<String>, repeatable: Bool, rng: inout SeededGenerator) -> String? {
        let options = line.alternatives.flatMap { $0.split(separator: "|").map(String.init) }.compactMap(renderer.render)
            .filter { (repeatable || !used.contains($0)) && TextTools.wordCount($0) <= min(band.maxWordsPerSentence, budget) }
        guard !options.isEmpty else { return nil }
        // The youngest hear the shortest sentences, 5–7 middling ones, 8–12 the long ones.
        let fitting: (ClosedRange<Int>) -> [String] = { range in options.filter { range.contains(TextTools.wordCount($0)) } }
        let preferred: [String] = switch band {
        // Ages 2–4: the shortest ways of saying it (a word more than the shortest, at most six when there are such).
        case .toddler: fitting(1...max(6, options.map(TextTools.wordCount).min().map { $0 + 1 } ?? 6))
        case .early: fitting(7...15)
        case .older: fitting(13...40).isEmpty ? fitting(10...40) : fitting(13...40)
        }
        // The refrain is said the same way every time.
        if repeatable { return options[0] }
        let pool = preferred.isEmpty ? options : preferred
        return pool[Int(rng.next(upperBound: UInt32(pool.count)))]
    }

    // MARK: - Scene

    /// Whether the page's moment is inside: bed, the theme's place when it has one ("on the moon" is
    /// outside whatever is mended there), else an indoor action or a school or home setting.
    static func indoors(beats: [PlotBeat], theme: TaleTheme, sheet: CharacterSheet) -> Bool {
        if beats.contains(.bedtime) { return true }
        if let place = theme.place, place.setting != nil { return place.indoors }
        if let action = theme.action, action.indoors { return true }
        return [.school, .home].contains(theme.action?.setting ?? sheet.setting)
    }

    /// Where the page is painted: the theme's place, else the action's, else the story's setting.
    private var paintedSetting: StorySetting { theme.place?.setting ?? theme.action?.setting ?? sheet.setting }

    /// The picture of the page's moment.
    private func scene(beats: [PlotBeat], index: Int, count: Int, indoors: Bool, weather: SceneWeather?) -> PageScene {
        let time = timeOfDay(page: index, of: count, beats: beats)
        if beats.contains(.bedtime) {
            let keep = theme.things.compactMap(TaleWords.prop).filter { ["teddy", "book", "lantern", "blanket", "pillow", "star"].contains($0) }
            return PageScene(timeOfDay: .night, action: .sleeping, focus: "a cosy bed", props: Array(keep.prefix(1)),
                             others: [], place: .home, companionAway: false, weather: nil, indoors: true)
        }
        let beat = beats.last ?? .opening
        let hidden = shape == .puzzle && beat != .resolution && beat != .opening
        var props: [String] = []
        if !hidden { props += theme.action?.props ?? [] }
        props += theme.things.compactMap(TaleWords.prop).filter { !hidden || $0 != TaleWords.prop(theme.action?.object ?? "") }
        props += beatProps(beat)
        if let weather { props += Self.weatherProps[weather] ?? [] }
        if paintedSetting == .space { props.append("rocket") }
        // The theme's thing is drawn as the character: not a second time as a prop (a tractor beside the tractor).
        let drawnAsCharacter = sheet.companion.flatMap { TaleTheme.isThemeThing($0) ? theme.subject.word : nil }
        var unique: [String] = []
        for prop in props where TaleWords.props.contains(prop) && !unique.contains(prop) && prop != drawnAsCharacter { unique.append(prop) }

        var others: [CreatureKind] = []
        let drawn = Set([sheet.hero.kind] + (sheet.companion.map { [$0.kind] } ?? []))
        for figure in [theme.subject, theme.partner, theme.other].compactMap({ $0 }) {
            // The companion is drawn as itself, never again as someone met (a car the story is about).
            guard figure.name != sheet.companion?.name else { continue }
            if let kind = figure.kind, !drawn.contains(kind) || figure.name.hasPrefix("the "), !others.contains(kind) { others.append(kind) }
        }
        let lostAway = theme.lostFigure != nil && sheet.companion != nil && beat != .resolution && beat != .opening
        let focus = hidden ? nil : (theme.lostFigure?.name ?? theme.action?.object.map(TaleWords.definite))
        return PageScene(timeOfDay: time, action: action(beat), focus: focus, props: Array(unique.prefix(3)), others: others,
                         place: paintedSetting, companionAway: lostAway, weather: weather,
                         indoors: indoors)
    }

    static let weatherProps: [SceneWeather: [String]] = [
        .rain: ["umbrella", "puddle", "boots"], .snow: ["snowman", "scarf"], .wind: ["kite"], .fog: ["lantern"], .rainbow: [],
    ]

    private func beatProps(_ beat: PlotBeat) -> [String] {
        switch (shape, beat) {
        case (.contest, .resolution): ["trophy", "ribbon"]
        case (.contest, _): ["finish line", "flags"]
        case (.fearMet, .helpTry), (.fearMet, .turn): ["lantern"]
        case (.journey, .opening): ["map"]
        case (_, .resolution) where theme.occasion == "picnic": ["picnic blanket", "basket", "sandwich"]
        case (_, .resolution) where theme.occasion != nil: ["balloon", "cake", "candles"]
        default: []
        }
    }

    /// What the characters do on a beat's page.
    private func action(_ beat: PlotBeat) -> SceneAction {
        let doing = theme.action?.sceneAction
        switch beat {
        case .opening: return shape == .journey ? .walking : .standing
        case .firstTry, .helpTry, .extra:
            switch shape {
            case .making, .firstTime: return doing ?? .making
            case .journey: return .walking
            case .fearMet: return beat == .helpTry ? .hugging : .standing
            case .wishGranted: return beat == .firstTry ? .playing : .flying
            case .helping: return .helping
            case .contest: return .racing
            case .puzzle: return .discovering
            }
        case .turn:
            switch shape {
            case .wishGranted: return .flying
            case .contest, .helping: return .helping
            case .making: return doing ?? .making
            default: return .discovering
            }
        case .resolution:
            switch shape {
            case .making, .contest, .firstTime: return .celebrating
            case .wishGranted: return .flying
            case .journey: return .playing
            case .fearMet, .helping, .puzzle: return .hugging
            }
        case .bedtime: return .sleeping
        }
    }

    /// The light of page `index` of `count`: afternoon towards night, never earlier than the page
    /// before, night on the last page; a tale of the dark meets it at dusk.
    func timeOfDay(page index: Int, of count: Int, beats: [PlotBeat]) -> TimeOfDay {
        let stages: [TimeOfDay] = [.afternoon, .goldenHour, .sunset, .dusk, .night]
        if index >= count - 1 { return .night }
        if case .fear("the dark")? = theme.trait, beats.contains(.turn) || beats.contains(.resolution) { return .dusk }
        let stage = index * (stages.count - 1) / max(count - 1, 1)
        return stages[min(stage, stages.count - 2)]
    }
}
