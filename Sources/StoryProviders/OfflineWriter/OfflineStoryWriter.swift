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
        let lexicon = SettingLexicon.forSetting(sheet.setting)
        // The theme is read into lexicon words; its own text goes no further.
        let reading = ThemeReader().read(request.theme)

        var rng = SeededGenerator(seed: request.seed, salt: "story")
        let shape = StoryShape.choose(reading: reading, rng: &rng)
        let cast = StoryCast(sheet: sheet, lexicon: lexicon, reading: reading, rng: &rng)
        let middle = pageCount >= 3 ? shape.middleBeats(count: pageCount - 2, rng: &rng) : []
        let hook = BeatLibrary.hook(for: shape)
        let opening = BeatLibrary.opening
        let openingBeat = Beat(opening.id, opening.action,
                               toddler: opening.toddler.dropLast() + [hook.toddler] + opening.toddler.suffix(1),
                               early: opening.early.dropLast() + [hook.early] + opening.early.suffix(1),
                               older: opening.older.dropLast() + [hook.older] + opening.older.suffix(1))
        let start = BeatLibrary.endingStart(atHome: shape.endsAtHome)
        let ending = BeatLibrary.ending.prepending(toddler: start.toddler, early: start.early, older: start.older)
        let beats = pageCount == 1 ? [ending] : [openingBeat] + middle + [ending]

        var composer = PageComposer(band: band)
        var pools = PagePools(lexicon: lexicon, rng: &rng)
        let prompts = ImagePromptBuilder(sheet: sheet, lexicon: lexicon)
        var pages: [WrittenPage] = []
        for (index, beat) in beats.enumerated() {
            var pageRNG = SeededGenerator(seed: request.seed, salt: "page-\(index)")
            let isFinal = index == beats.count - 1
            let time = shape.timeOfDay(page: index, of: beats.count)
            var lines = beat.lines(for: band)
            var tail: [String] = []
            if isFinal {
                // Goodnights and the "asleep" line close the last page, after any filler.
                if let last = lines.popLast() { tail = [last] }
                tail = lines.filter { $0.hasPrefix("Goodnight") } + tail
                lines.removeAll { $0.hasPrefix("Goodnight") }
            } else if band == .toddler {
                tail = [[.morning, .afternoon, .goldenHour].contains(time) ? "Hello, {gn}." : "Goodnight, {gn}."]
            }
            let extra = pools.pageValues(for: lines + tail)
            let renderer = cast.renderer.adding(extra)
            let fillers = pools.fillers(time: time, band: band, rng: &pageRNG)
            let text = composer.compose(lines: lines, tail: tail, fillers: fillers, renderer: renderer, rng: &pageRNG)
            let action: SceneAction = isFinal ? .sleeping : beat.action
            let focus = isFinal ? "a cosy bed" : cast.focus(beat.focus, page: extra)
            let scene = PageScene(timeOfDay: time, action: action, focus: focus)
            pages.append(WrittenPage(text: text, scene: scene, imagePrompt: prompts.prompt(for: scene)))
        }
        let title = StoryTitler.title(shape: shape, heroName: heroName, request: request, sheet: sheet,
                                      reading: reading, cast: cast, rng: &rng)
        return WrittenStory(title: title, sheet: sheet, pages: pages)
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
