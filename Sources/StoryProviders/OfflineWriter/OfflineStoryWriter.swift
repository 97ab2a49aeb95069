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

    /// One story for exactly this request and seed: the theme is read into a ``TaleTheme`` (who,
    /// their trait, the action, weather and occasion), a ``PlotShape`` is chosen for it, and a
    /// ``TaleTeller`` tells its beats page by page.
    func compose(_ request: StoryRequest) throws -> WrittenStory {
        guard supportedLanguages.contains(request.language) else {
            throw OfflineWriterError.unsupportedLanguage(request.language)
        }
        let heroName = Self.displayName(request.heroName)
        let reading = ThemeReader().read(request.theme)
        let sheet = Self.naming(designer.design(for: request, heroName: heroName), as: reading)
        let pageCount = min(max(request.pageCount, 1), 12)
        let world = StoryWorld.forSetting(sheet.setting)
        var rng = SeededGenerator(seed: request.seed, salt: "tale-\(heroName)-\(request.theme)")
        let (theme, shape) = Self.plan(request: request, reading: reading, sheet: sheet, world: world, rng: &rng)
        let teller = TaleTeller(theme: theme, shape: shape, band: request.ageBand, world: world, sheet: sheet,
                                seed: request.seed, rng: &rng)
        let prompts = ImagePromptBuilder(sheet: sheet)
        let pages = teller.pages(pageCount).map { page in
            WrittenPage(text: page.text, scene: page.scene, imagePrompt: prompts.prompt(for: page.scene))
        }
        let title = TaleTitler.title(shape: shape, renderer: teller.renderer, rng: &rng)
        return WrittenStory(title: title, sheet: sheet, pages: pages)
    }

    /// The theme as read in the story's cast, and the plot shape it is told in (for tests and tools).
    func plan(_ request: StoryRequest) -> (theme: TaleTheme, shape: PlotShape) {
        let heroName = Self.displayName(request.heroName)
        let reading = ThemeReader().read(request.theme)
        let sheet = Self.naming(designer.design(for: request, heroName: heroName), as: reading)
        var rng = SeededGenerator(seed: request.seed, salt: "tale-\(heroName)-\(request.theme)")
        return Self.plan(request: request, reading: reading, sheet: sheet, world: StoryWorld.forSetting(sheet.setting), rng: &rng)
    }

    /// The sheet with a companion that is a thing or a knight of the theme ("the car" the designer
    /// drew) named as the theme tells it ("the little red car", "the young knight"): lexicon words
    /// only, so the story and the picture speak of the same character.
    static func naming(_ sheet: CharacterSheet, as reading: ThemeReading) -> CharacterSheet {
        guard let companion = sheet.companion, companion.kind.isThing || companion.kind == .knight,
              companion.name == "the \(companion.kind.rawValue)",
              let figure = reading.figures.first(where: { $0.kind == companion.kind && !$0.isProper }) else { return sheet }
        // As the tale tells a figure of the theme: without its trait's word ("a kind tractor" is "the tractor", kind in deeds).
        let quality: String? = if case let .quality(word)? = TaleReadingAdapter(reading: reading).trait { word } else { nil }
        let describers = figure.describers.filter { $0 != quality && $0 != "lost" }
        var sheet = sheet
        sheet.companion?.name = "the " + (describers + [figure.word]).joined(separator: " ")
        return sheet
    }

    /// The theme's reading (its own text goes no further than the reader) in the cast, and its shape; a shape
    /// that needs an action the theme did not name gets the shape's general one.
    static func plan(request: StoryRequest, reading: ThemeReading, sheet: CharacterSheet, world: StoryWorld,
                     rng: inout SeededGenerator) -> (TaleTheme, PlotShape) {
        var theme = TaleTheme(reading: reading, sheet: sheet, world: world, rng: &rng)
        let chosen = PlotShape.choose(for: theme, rng: &rng)
        let shape = request.gentle == true ? chosen.gentle : chosen
        if theme.action == nil {
            let object = theme.things.first
            switch shape {
            case .making: theme.action = .general(.making, object: object ?? "surprise")
            case .contest: theme.action = .general(.contest)
            case .puzzle where theme.lostFigure == nil:
                theme.action = .general(.finding, object: object ?? world.treasures[Int(rng.next(upperBound: UInt32(world.treasures.count)))])
            default: break
            }
            if var action = theme.action {
                action.props = theme.things.compactMap(TaleWords.prop)
                theme.action = action
            }
        }
        return (theme, shape)
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
