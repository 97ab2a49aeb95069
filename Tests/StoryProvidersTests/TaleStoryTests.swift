import Foundation
@testable import StoryProviders
import StoryDomain
import Testing

/// The built-in writer tells the tale that was asked for: the theme's action is the plot, the
/// subject keeps its trait, weather and occasion are kept, the shape follows the theme and the age,
/// and every page's scene shows its moment. Engine tests run on hand-built themes; end-to-end tests
/// on the writer.
@Suite("Built-in writer: the tale that was asked for")
struct TaleStoryTests {
    static let bake = TaleAction(kind: .making, base: "bake", ing: "baking", past: "baked", third: "bakes", object: "bread",
                                 props: ["bread", "oven"], setting: .home, indoors: true, sceneAction: .making)

    /// A sheet whose companion is of `kind` (or none), for hand-built themes.
    static func sheet(companion theme: String?, setting: StorySetting = .meadow) -> CharacterSheet {
        var sheet = CharacterSheetDesigner().design(theme: theme ?? "a day", heroName: "Mia", companion: nil, age: 6, seed: 3)
        if theme == nil { sheet.companion = nil }
        sheet.setting = setting
        return sheet
    }

    /// A hand-built theme told in `shape` for `band`.
    static func tell(_ build: (CharacterSheet) -> TaleTheme, companion: String? = "a robot", shape: PlotShape, band: AgeBand,
                     pages: Int = 5, setting: StorySetting = .meadow, seed: UInt64 = 7) -> [TaleTeller.Page] {
        let sheet = sheet(companion: companion, setting: setting)
        var rng = SeededGenerator(seed: seed)
        let teller = TaleTeller(theme: build(sheet), shape: shape, band: band, world: StoryWorld.forSetting(setting), sheet: sheet,
                                seed: seed, rng: &rng)
        return teller.pages(pages)
    }

    static func robotBakes(_ sheet: CharacterSheet) -> TaleTheme {
        let robot = TaleFigure(name: sheet.companion?.name ?? "Bolt", word: "robot", pronouns: nil, kind: .robot)
        return TaleTheme(subject: robot, partner: TaleFigure(name: "Mia", word: nil, pronouns: nil, kind: .child), subjectIsHero: false,
                         hero: TaleFigure(name: "Mia", word: nil, pronouns: nil, kind: .child), action: bake, things: ["bread"])
    }

    @Test("a robot who bakes bread: the baking is the plot, the robot tries, the pictures show bread in the kitchen",
          arguments: AgeBand.allCases)
    func actionIsThePlot(band: AgeBand) {
        for seed: UInt64 in 1...6 {
            let pages = Self.tell(Self.robotBakes, shape: .making, band: band, seed: seed)
            let robot = Self.sheet(companion: "a robot").companion?.name ?? ""
            for page in pages.dropLast() {
                #expect(page.text.contains("bread") || page.text.contains("bak"), "\(band), seed \(seed): \(page.text)")
                #expect(page.scene.props.first == "bread" && page.scene.props.contains("oven"), "\(page.scene.props)")
                #expect(page.scene.indoors && page.scene.place == .home)
            }
            #expect(pages[1].text.hasPrefix(robot) || pages[1].text.contains("\(robot) tried") || pages[1].text.contains("\(robot) began"),
                    "the robot tries: \(pages[1].text)")
            #expect(pages[1].scene.action == .making && pages[2].scene.action == .making)
            let last = pages[4].scene
            #expect(last.place == .home && last.action == .sleeping && last.indoors && last.timeOfDay == .night)
        }
    }

    @Test("the subject keeps its trait: the dragon is the one afraid of the dark, the kitten the one who wants to fly")
    func traitStaysWithTheSubject() async throws {
        let writer = OfflineStoryWriter()
        for seed: UInt64 in 1...6 {
            for age in [3, 6, 10] {
                let dark = try await writer.write(StoryRequest(theme: "a sleepy dragon who is afraid of the dark", heroName: "Mia",
                                                                age: age, pageCount: 5, seed: seed))
                let dragon = try #require(dark.sheet.companion?.name)
                #expect(dark.sheet.companion?.kind == .dragon)
                let sentences = dark.pages.flatMap { StorytellerSupport.sentences($0.text) }
                #expect(sentences.contains { $0.hasPrefix(dragon) && ($0.contains("afraid of the dark") || $0.contains("like the dark")) },
                        "age \(age), seed \(seed): \(sentences)")
                #expect(!sentences.contains { $0.hasPrefix("Mia was afraid") || $0.hasPrefix("Mia did not like the dark") })
                for page in dark.pages where page.text.contains("stars") {
                    #expect([.dusk, .night].contains(page.scene.timeOfDay), "stars at \(page.scene.timeOfDay)")
                }

                let fly = try await writer.write(StoryRequest(theme: "a kitten who wants to fly", heroName: "Mia", age: age,
                                                               pageCount: 5, seed: seed))
                let kitten = try #require(fly.sheet.companion?.name)
                let flying = fly.pages.flatMap { StorytellerSupport.sentences($0.text) }
                #expect(flying.contains { $0.contains(kitten) && $0.contains("fly") }, "\(flying)")
                for wish in ["Mia wanted to fly", "Mia wished", "Mia dreamed of flying", "Mia tried to fly", "Mia was flying"] {
                    #expect(!flying.contains { $0.hasPrefix(wish) }, "the child does not take the kitten's wish: \(flying)")
                }
            }
        }
    }

    @Test("a rainy day rains: the weather is told and drawn on the pages that tell it, never in bed")
    func weatherIsKept() {
        for band in AgeBand.allCases {
            let pages = Self.tell({ sheet in
                var theme = Self.robotBakes(sheet)
                theme.action = nil
                theme.weather = .rain
                return theme
            }, shape: .journey, band: band, setting: .town)
            #expect(pages[0].scene.weather == .rain)
            #expect(pages[0].text.lowercased().contains("rain") || pages[0].text.contains("puddle"), "\(pages[0].text)")
            for page in pages where page.scene.weather == .rain {
                #expect(page.text.lowercased().contains("rain") || page.text.contains("puddle"), "\(page.text)")
            }
            #expect(pages.last?.scene.weather == nil)
            #expect(pages[0].scene.props.contains("umbrella"))
        }
    }

    @Test("a picnic has a picnic: the resolution holds it, and its props are drawn")
    func occasionIsKept() {
        for band in AgeBand.allCases {
            let pages = Self.tell({ sheet in
                var theme = Self.robotBakes(sheet)
                theme.action = TaleTheme.occasionAction("picnic")
                theme.occasion = "picnic"
                return theme
            }, shape: .making, band: band)
            #expect(pages[3].text.contains("picnic"), "\(pages[3].text)")
            #expect(pages[3].scene.props.contains("picnic blanket") || pages[3].scene.props.contains("basket"))
        }
    }

    @Test("ages 2–4 hear a refrain, said by someone, on every middle page; 8–12 a real choice; 5–7 a turn without one")
    func shapeByAge() {
        func theme(_ shape: PlotShape) -> (CharacterSheet) -> TaleTheme {
            { sheet in
                var theme = Self.robotBakes(sheet)
                if shape == .fearMet { theme.trait = .fear("the dark") }
                if shape == .wishGranted { theme.trait = .wish(TaleAction(kind: .learning, base: "fly", ing: "flying", past: "flew", third: "flies", sceneAction: .flying)) }
                return theme
            }
        }
        for shape in PlotShape.allCases {
            let robotBakes = theme(shape)
            let toddler = Self.tell(robotBakes, shape: shape, band: .toddler)
            // The same refrain, said by someone ("\"Bake, bake, bake!\" sang Mia."), its words the same on every middle page.
            let refrains = toddler[1...2].map { page in page.text.split(separator: "\"").dropLast().last.map(String.init) ?? "" }
            #expect(!refrains[0].isEmpty && refrains[0] == refrains[1], "\(shape): \(toddler.map(\.text))")
            #expect(toddler[1...2].allSatisfy { $0.text.range(of: #"" [a-z]+ [A-Za-z ]+\.$"#, options: .regularExpression) != nil },
                    "\(shape): the refrain is said by someone: \(toddler.map(\.text))")
            let older = Self.tell(robotBakes, shape: shape, band: .older)
            let turn = older[3].text
            #expect(turn.contains(" could ") && (turn.contains(" chose ") || turn.contains(" waited") || turn.contains(" stopped")),
                    "\(shape): no choice: \(turn)")
            let early = Self.tell(robotBakes, shape: shape, band: .early)
            #expect(["Then", "Suddenly", "remembered", "At last"].contains(where: early[3].text.contains), "\(shape): \(early[3].text)")
        }
    }

    @Test("the theme picks the shape: a fear, a wish, the action's kind; with none, the seed picks among several")
    func shapeFollowsTheTheme() {
        let mia = TaleFigure(name: "Mia", word: nil, pronouns: nil, kind: .child)
        func theme(trait: TaleTheme.Trait? = nil, kind: TaleAction.Kind? = nil) -> TaleTheme {
            TaleTheme(subject: mia, partner: mia, subjectIsHero: true, hero: mia, trait: trait, action: kind.map { TaleAction.general($0) })
        }
        var rng = SeededGenerator(seed: 1)
        #expect(PlotShape.choose(for: theme(trait: .fear("the dark"), kind: .making), rng: &rng) == .fearMet)
        #expect(PlotShape.choose(for: theme(trait: .sleepless), rng: &rng) == .fearMet)
        #expect(PlotShape.choose(for: theme(trait: .wish(.general(.going))), rng: &rng) == .wishGranted)
        let kinds: [(TaleAction.Kind, PlotShape)] = [(.making, .making), (.fixing, .making), (.growing, .making), (.going, .journey),
                                                     (.visiting, .journey), (.contest, .contest), (.finding, .puzzle),
                                                     (.helping, .helping), (.sharing, .helping), (.learning, .firstTime)]
        for (kind, shape) in kinds { #expect(PlotShape.choose(for: theme(kind: kind), rng: &rng) == shape, "\(kind)") }
        let open = Set((0..<40).map { _ in PlotShape.choose(for: theme(), rng: &rng) })
        #expect(open.count >= 3)
    }

    @Test("an unknown verb still drives the plot through its general action, on every middle page", arguments: TaleAction.Kind.allCases)
    func generalActions(kind: TaleAction.Kind) {
        let action = TaleAction.general(kind, object: [.going, .contest, .helping].contains(kind) ? nil : "kite")
        let mia = TaleFigure(name: "Mia", word: nil, pronouns: nil, kind: .child)
        var rng = SeededGenerator(seed: 2)
        let theme = TaleTheme(subject: mia, partner: TaleFigure(name: "the crab", word: "crab", pronouns: nil, kind: nil),
                              subjectIsHero: true, hero: mia, action: action, things: action.object.map { [$0] } ?? [])
        let shape = PlotShape.choose(for: theme, rng: &rng)
        let pages = Self.tell({ _ in theme }, companion: nil, shape: shape, band: .early)
        let words = [action.base, action.ing, action.past, "kite", "race", "help", "way", "meadow"]
        for page in pages.dropLast() {
            #expect(words.contains { page.text.lowercased().contains($0) }, "\(kind)/\(shape): \(page.text)")
        }
    }

    @Test("every scene agrees with its page: times never go back, props are drawable, the last page is bed", arguments: [3, 5, 8, 12])
    func scenes(pages count: Int) async throws {
        let writer = OfflineStoryWriter()
        for (index, theme) in ["a sleepy dragon who is afraid of the dark", "a kitten who wants to fly", "a lost penguin under the sea",
                               "a picnic in the meadow", "a birthday cake on the farm", "a race at the farm"].enumerated() {
            let story = try await writer.write(StoryRequest(theme: theme, heroName: "Ava", age: [3, 6, 10][index % 3], pageCount: count, seed: 5))
            let order = TimeOfDay.allCases
            let times = story.pages.map { order.firstIndex(of: $0.scene.timeOfDay) ?? 0 }
            #expect(times == times.sorted(), "\(theme)")
            for page in story.pages {
                #expect(page.scene.props.allSatisfy(TaleWords.props.contains), "\(theme): \(page.scene.props)")
                #expect(page.scene.props.count <= 3)
                if ["night", "stars", "moonlight"].contains(where: page.text.contains) {
                    #expect([.dusk, .night].contains(page.scene.timeOfDay), "\(theme): \(page.scene.timeOfDay): \(page.text)")
                }
            }
            let last = try #require(story.pages.last?.scene)
            #expect(last.place == .home && last.action == .sleeping && last.indoors && last.weather == nil)
        }
    }

    @Test("a named child without pronouns is never a singular they; with pronouns set, they are used")
    func pronounsFromTheDesign() async throws {
        let writer = OfflineStoryWriter()
        for seed: UInt64 in 1...8 {
            let story = try await writer.write(StoryRequest(theme: "a trip to the moon", heroName: "Ava", age: 10, pageCount: 6, seed: seed))
            for page in story.pages {
                #expect(!page.text.contains(" their ") && !page.text.contains("Ava closed Ava's"), "\(page.text)")
            }
        }
        var she = StoryRequest(theme: "a kite at the beach", heroName: "Ava", age: 10, pageCount: 5, seed: 3)
        var sheet = CharacterSheetDesigner().design(for: she)
        sheet.hero.pronouns = .she
        she.heroSheet = sheet
        let told = try await writer.write(she)
        #expect(!told.pages.map(\.text).joined().contains("Ava's eyes"))
    }

    /// Sentences with every name replaced by X.
    static func anonymised(_ story: WrittenStory, hero: String) -> [String] {
        let names = [hero] + [story.sheet.companion?.name].compactMap { $0 }
        return story.pages.flatMap { StorytellerSupport.sentences($0.text) }.map { sentence in
            names.reduce(sentence) { $0.replacingOccurrences(of: $1, with: "X") }
        }
    }

    @Test("across themes, at most 10 % of sentence uses also occur in a story of another theme")
    func sentencesAreTheThemes() async throws {
        let writer = OfflineStoryWriter()
        var byTheme: [[String]] = []
        for (index, entry) in StorytellerSupport.entries.enumerated() {
            var sentences: [String] = []
            for age in [3, 6, 10] {
                let request = StorytellerSupport.request(entry, index: index, age: age, seed: 7)
                sentences += Self.anonymised(try await writer.write(request), hero: request.heroName)
            }
            byTheme.append(sentences)
        }
        var owners: [String: Set<Int>] = [:]
        for (index, sentences) in byTheme.enumerated() { for sentence in sentences { owners[sentence, default: []].insert(index) } }
        let total = byTheme.reduce(0) { $0 + $1.count }
        let shared = byTheme.reduce(0) { sum, sentences in sum + sentences.filter { (owners[$0]?.count ?? 0) > 1 }.count }
        let share = Double(shared) / Double(total)
        let top = owners.filter { $0.value.count > 1 }.sorted { $0.value.count > $1.value.count }.prefix(40).map { "\($0.value.count)× \($0.key)" }
        print("cross-theme sentences: \(shared) of \(total) uses (\(Int((share * 100).rounded())) %); most shared: \(top)")
        #expect(share <= 0.10)
    }
}
