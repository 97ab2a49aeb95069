import Foundation
import StoryDomain
import StoryProviders
import Testing

/// Every page's picture shows that page: its own composition, its room or weather, the hero in
/// bed at bedtime, and nothing cut off by the frame. Checked on what the illustrator lays out
/// (``PagePicture``) and, where it matters, on the painted pixels.
@Suite("Built-in illustrator: each page its own picture")
struct PageCompositionTests {
    let illustrator = OfflineIllustrator(width: 384, height: 256)
    static let hero = OfflineIllustratorTests.hero
    static let dragon = OfflineIllustratorTests.dragon
    static let grandma = CharacterDesign(name: "Gran", kind: .grownUp, bodyColor: RGB(235, 200, 175), accentColor: RGB(120, 90, 170),
                                         detailColor: RGB(220, 220, 225), looks: "a grandma in a purple cardigan", trait: "kind")
    static let friend = CharacterDesign(name: "Leo", kind: .child, bodyColor: RGB(200, 150, 110), accentColor: RGB(40, 150, 90),
                                        detailColor: RGB(30, 25, 20), looks: "a boy in a green jumper", trait: "brave")

    static func sheet(setting: StorySetting = .meadow, companion: CharacterDesign? = dragon,
                      friends: [CharacterDesign] = []) -> CharacterSheet {
        CharacterSheet(hero: hero, companion: companion, setting: setting, settingDescription: "a place",
                       palette: Palette(sky: RGB(150, 200, 240), ground: RGB(120, 180, 90), accent: RGB(240, 120, 80)), friends: friends)
    }

    static func request(_ sheet: CharacterSheet = sheet(), scene: PageScene, page: Int = 1, seed: UInt64 = 7) -> IllustrationRequest {
        IllustrationRequest(title: "A story", sheet: sheet, page: WrittenPage(text: "Text.", scene: scene, imagePrompt: "a picture"),
                            pageNumber: page, pageCount: 5, previous: nil, seed: seed)
    }

    /// Pixels within `tolerance` of `color`.
    static func count(_ pixels: OfflineIllustrator.Pixels, near color: RGB, tolerance: Int) -> Int {
        var hits = 0
        for i in stride(from: 0, to: pixels.rgba.count, by: 4)
        where abs(Int(pixels.rgba[i]) - Int(color.red)) <= tolerance && abs(Int(pixels.rgba[i + 1]) - Int(color.green)) <= tolerance
            && abs(Int(pixels.rgba[i + 2]) - Int(color.blue)) <= tolerance {
            hits += 1
        }
        return hits
    }

    /// Every figure and prop lies wholly inside the picture.
    static func expectInsideFrame(_ picture: PagePicture, _ label: String) {
        for figure in picture.figures {
            #expect(picture.frame.contains(figure.bounds), "\(label): \(figure.role) \(figure.kind) at \(figure.bounds)")
        }
        for prop in picture.props {
            #expect(picture.frame.contains(prop.bounds), "\(label): \(prop.word) at \(prop.bounds)")
        }
    }

    @Test("no two consecutive pages share a composition, over many written stories")
    func consecutivePagesDiffer() async throws {
        let writer = OfflineStoryWriter()
        let themes = ["a robot who learns to bake bread", "a race in the forest", "a rainy day with a duck", "a trip to the moon",
                      "a dragon who is afraid of the dark", "a birthday party on the farm", "building a boat with Grandpa",
                      "a snowy day in the mountains"]
        var names: Set<String> = []
        for (index, theme) in themes.enumerated() {
            for seed in [UInt64(1), 2, 3] {
                let story = try await writer.write(StoryRequest(theme: theme, heroName: "Mia", age: 4 + index % 6, pageCount: 5, seed: seed))
                let pictures = story.pages.enumerated().map { number, page in
                    illustrator.picture(for: IllustrationRequest(title: story.title, sheet: story.sheet, page: page, pageNumber: number + 1,
                                                                 pageCount: story.pages.count, previous: nil, seed: seed))
                }
                for (a, b) in zip(pictures, pictures.dropFirst()) {
                    #expect(a.composition != b.composition, "\(theme) seed \(seed): \(a.composition) twice")
                }
                names.formUnion(pictures.map(\.composition))
                for picture in pictures { Self.expectInsideFrame(picture, theme) }
            }
        }
        #expect(names.count >= 8, "many compositions: \(names.sorted())")
    }

    @Test("the same scene on consecutive pages still changes composition, for every action and seed")
    func sameSceneDiffers() {
        for action in SceneAction.allCases {
            for seed in UInt64(0)..<6 {
                let scene = PageScene(timeOfDay: .afternoon, action: action, indoors: seed % 2 == 0)
                let names = (1...8).map { illustrator.picture(for: Self.request(scene: scene, page: $0, seed: seed)).composition }
                for (a, b) in zip(names, names.dropFirst()) { #expect(a != b, "\(action) seed \(seed)") }
            }
        }
    }

    @Test("a picture on its own (a cast portrait) is the standard centred view, whatever the seed")
    func portrait() {
        for seed in UInt64(0)..<6 {
            var request = Self.request(Self.sheet(companion: nil), scene: PageScene(timeOfDay: .afternoon, action: .standing), seed: seed)
            request.pageCount = 1
            let picture = illustrator.picture(for: request)
            #expect(picture.composition == "mid-centre" && picture.zoom == 1)
        }
    }

    @Test("close pages have big figures and wide pages small ones")
    func framings() throws {
        let scene = PageScene(timeOfDay: .afternoon, action: .walking)
        let pictures = (1...3).map { illustrator.picture(for: Self.request(scene: scene, page: $0)) }
        let heroes = pictures.compactMap { $0.figures.first { $0.role == .hero } }
        let close = zip(pictures, heroes).first { $0.0.composition.hasPrefix("close") }?.1
        let wide = zip(pictures, heroes).first { $0.0.composition.hasPrefix("wide") }?.1
        #expect(close != nil && wide != nil, "three pages in a row: close, mid and wide")
        if let close, let wide { #expect(close.height > wide.height * 1.5) }
    }

    @Test("bedtime: the hero lies in the bed, the companion at its foot or beside it, nothing outside the frame",
          arguments: [0, 1, 2])
    func bedtime(friends: Int) throws {
        let scene = PageScene(timeOfDay: .night, action: .sleeping, place: .home, indoors: true)
        for companion in [Optional(Self.dragon), Self.grandma, nil] {
            for page in 3...5 {
                let sheet = Self.sheet(companion: companion, friends: Array(repeating: Self.friend, count: friends))
                let picture = illustrator.picture(for: Self.request(sheet, scene: scene, page: page))
                let label = "\(companion?.kind.rawValue ?? "alone") + \(friends) friends, \(picture.composition)"
                #expect(picture.composition.hasPrefix("bed"))
                #expect(picture.beds.count == 1 + friends, "\(label)")
                let hero = try #require(picture.figures.first { $0.role == .hero })
                let bed = try #require(picture.beds.first)
                #expect(hero.lying)
                #expect(bed.contains(hero.bounds), "\(label): hero \(hero.bounds) in bed \(bed)")
                for (index, friend) in picture.figures.filter({ $0.role == .friend }).enumerated() {
                    #expect(friend.lying && picture.beds[index + 1].contains(friend.bounds), "\(label)")
                }
                if let drawn = picture.figures.first(where: { $0.role == .companion }) {
                    #expect(!drawn.lying, "the companion is not laid on the floor")
                    if companion?.kind == .grownUp {
                        #expect(drawn.baseY >= bed.maxY - 10, "\(label): a grown-up stands on the floor")
                    } else {
                        #expect(drawn.bounds.x >= bed.x && drawn.bounds.maxX <= bed.maxX && drawn.baseY > bed.y && drawn.baseY < bed.maxY,
                                "\(label): the companion curls on the bed \(drawn.bounds) \(bed)")
                        #expect(drawn.x > hero.x - hero.height * 0.3, "at the foot, past the hero's middle")
                    }
                }
                Self.expectInsideFrame(picture, label)
            }
        }
    }

    @Test("bedtime is painted: the hero's face and the companion's colours show; no lying figure on the floor")
    func bedtimePixels() throws {
        let scene = PageScene(timeOfDay: .night, action: .sleeping, place: .home, indoors: true)
        let pixels = try illustrator.renderPixels(Self.request(scene: scene, page: 5))
        #expect(OfflineIllustratorTests.count(Self.hero.bodyColor, in: pixels) > 40, "the hero's face")
        #expect(OfflineIllustratorTests.count(Self.dragon.bodyColor, in: pixels) > 40, "the dragon at the foot")
    }

    @Test("every figure and thing is inside the frame on every composition, action and cast")
    func insideFrame() {
        let casts: [CharacterSheet] = [
            Self.sheet(), Self.sheet(companion: nil), Self.sheet(companion: Self.grandma, friends: [Self.friend, Self.friend]),
            Self.sheet(setting: .seaside, friends: [Self.friend]),
        ]
        for (c, sheet) in casts.enumerated() {
            for action in SceneAction.allCases {
                for page in 1...3 {
                    let scene = PageScene(timeOfDay: .afternoon, action: action, props: ["finish line", "kite", "bread"],
                                          others: [.whale, .grownUp], indoors: page == 2)
                    Self.expectInsideFrame(illustrator.picture(for: Self.request(sheet, scene: scene, page: page, seed: UInt64(c))),
                                           "cast \(c) \(action) page \(page)")
                }
            }
        }
    }

    @Test("a room is chosen from the moment's things and place")
    func rooms() {
        func room(_ props: [String], place: StorySetting? = nil, indoors: Bool = true, action: SceneAction = .standing) -> String? {
            illustrator.picture(for: Self.request(scene: PageScene(timeOfDay: .morning, action: action, props: props, place: place,
                                                                   indoors: indoors))).room
        }
        #expect(room(["oven", "bread"]) == "kitchen")
        #expect(room(["bread"], indoors: false) == nil, "bread in a meadow is a picnic")
        #expect(room(["oven"], place: .home, indoors: false) == "kitchen", "an oven says inside, where there is an inside")
        #expect(room(["toolbox", "rocket"], place: .space, indoors: false) == nil, "a rocket mended on the moon stays on the moon")
        #expect(room(["hammer", "boat"]) == "workshop")
        #expect(room(["book"], place: .school) == "classroom")
        #expect(room([], place: .castle) == "hall")
        #expect(room([], place: .home) == "living-room", "home is the living room except at bedtime")
        #expect(room(["balloon", "cake"], place: .home, action: .celebrating) == "living-room", "a party at home is in the living room")
        #expect(room([], place: .library) == "library")
        #expect(room([], place: .library, indoors: false) == "library", "a library is always inside")
        #expect(room([], place: .river, indoors: false) == nil)
        #expect(room([], place: .meadow, indoors: false) == nil)
        let kitchen = illustrator.picture(for: Self.request(scene: PageScene(timeOfDay: .morning, action: .making, props: ["bread", "oven"],
                                                                             indoors: true)))
        #expect(kitchen.table != nil, "hands at work at a table")
        #expect(kitchen.backdrop.contains("oven") && kitchen.composition.hasPrefix("indoor-kitchen"))
        let bread = kitchen.props.first { $0.word == "bread" }
        if let bread, let table = kitchen.table {
            #expect(bread.bounds.maxY <= table.y + 6 && bread.x > table.x && bread.x < table.maxX, "the bread is on the table")
        }
    }

    @Test("the rooms are painted: the kitchen's oven, the hall's carpet")
    func roomPixels() throws {
        let kitchen = try illustrator.renderPixels(Self.request(scene: PageScene(timeOfDay: .afternoon, action: .making, props: ["bread"],
                                                                                 indoors: true)))
        let meadow = try illustrator.renderPixels(Self.request(scene: PageScene(timeOfDay: .afternoon, action: .making, props: ["bread"])))
        let ovenRed = RGB(204, 77, 61)
        #expect(Self.count(kitchen, near: ovenRed, tolerance: 20) > 400)
        #expect(Self.count(meadow, near: ovenRed, tolerance: 20) < 100)
    }

    @Test("weather is drawn, and a rainy afternoon is still daylight", arguments: SceneWeather.allCases)
    func weather(_ weather: SceneWeather) throws {
        let dry = Self.request(scene: PageScene(timeOfDay: .afternoon, action: .walking))
        let wet = Self.request(scene: PageScene(timeOfDay: .afternoon, action: .walking, weather: weather))
        let picture = illustrator.picture(for: wet)
        #expect(picture.weather == weather.rawValue && picture.backdrop.contains(weather.rawValue))
        let dryPixels = try illustrator.renderPixels(dry), wetPixels = try illustrator.renderPixels(wet)
        var changed = 0
        for i in stride(from: 0, to: dryPixels.rgba.count, by: 4) where dryPixels.rgba[i] != wetPixels.rgba[i] { changed += 1 }
        #expect(changed > dryPixels.rgba.count / 4 / 40, "\(weather) changes the picture: \(changed)")
        #expect(OfflineIllustratorTests.meanLuminance(wetPixels) > 110, "\(weather): no dark sky in the afternoon")
        let inside = illustrator.picture(for: Self.request(scene: PageScene(timeOfDay: .afternoon, action: .walking, weather: weather, indoors: true)))
        let moon = illustrator.picture(for: Self.request(Self.sheet(setting: .space), scene: PageScene(timeOfDay: .afternoon, action: .walking,
                                                                                                     weather: weather)))
        #expect(inside.weather == nil && moon.weather == nil, "no weather indoors or on the moon")
    }

    @Test("a race has a track, a party bunting, a ride a boat, flying lifts the figures")
    func occasions() {
        let race = illustrator.picture(for: Self.request(scene: PageScene(timeOfDay: .afternoon, action: .racing, props: ["finish line", "flags"])))
        #expect(race.backdrop.contains("race track"))
        let hero = race.figures.first { $0.role == .hero }
        let finish = race.props.first { $0.word == "finish line" }
        if let hero, let finish { #expect(abs(finish.x - hero.x) > 60, "the finish is ahead, not on the runner") }
        let party = illustrator.picture(for: Self.request(scene: PageScene(timeOfDay: .afternoon, action: .celebrating, props: ["balloon"])))
        #expect(party.backdrop.contains("bunting"))
        let boat = illustrator.picture(for: Self.request(Self.sheet(setting: .seaside), scene: PageScene(timeOfDay: .afternoon, action: .riding,
                                                                                                         props: ["boat"])))
        #expect(boat.ride == "boat")
        let flying = illustrator.picture(for: Self.request(scene: PageScene(timeOfDay: .afternoon, action: .flying)))
        #expect(flying.figures.filter { $0.role != .other }.allSatisfy { $0.lift > 20 })
    }

    @Test("a word without a drawing is left out; every drawn thing is inside the frame")
    func props() {
        let words = ["bread", "oven", "finish line", "boat", "kite", "hammer", "rocket", "teddy", "ball", "crown"]
        for page in 1...6 {
            for start in stride(from: 0, to: words.count, by: 3) {
                let chosen = Array(words[start..<min(words.count, start + 3)])
                let scene = PageScene(timeOfDay: .morning, action: page == 6 ? .sleeping : .playing, props: chosen + ["compass"],
                                      indoors: page % 2 == 0)
                let picture = illustrator.picture(for: Self.request(scene: scene, page: page))
                #expect(!picture.props.contains { $0.word == "compass" })
                let moon = illustrator.picture(for: Self.request(Self.sheet(setting: .space), scene: scene, page: page))
                #expect(moon.setting != .space || !moon.props.contains { $0.word == "kite" }, "no kite on the moon")
                Self.expectInsideFrame(picture, "page \(page) \(chosen)")
            }
        }
    }

    @Test("the river, the library and the living room are painted, the same every time, with their composition names")
    func newPlaces() throws {
        let river = Self.request(Self.sheet(setting: .river), scene: PageScene(timeOfDay: .afternoon, action: .walking, props: ["boat"]))
        let riverPicture = illustrator.picture(for: river)
        #expect(riverPicture.setting == .river && riverPicture.room == nil && riverPicture.backdrop.contains("bridge"))
        #expect(!riverPicture.composition.hasPrefix("indoor"))
        let water = try illustrator.renderPixels(river)
        let meadow = try illustrator.renderPixels(Self.request(scene: PageScene(timeOfDay: .afternoon, action: .walking, props: ["boat"])))
        let blue = RGB(95, 160, 205)
        #expect(Self.count(water, near: blue, tolerance: 30) > Self.count(meadow, near: blue, tolerance: 30) + 2000, "the river's water")

        let library = Self.request(Self.sheet(setting: .library), scene: PageScene(timeOfDay: .night, action: .discovering, props: ["book"]),
                                   page: 2)
        let libraryPicture = illustrator.picture(for: library)
        #expect(libraryPicture.room == "library" && libraryPicture.composition.hasPrefix("indoor-library-"))
        #expect(libraryPicture.setting == .library && libraryPicture.backdrop.contains("bookshelves"))

        let party = Self.request(Self.sheet(setting: .home), scene: PageScene(timeOfDay: .afternoon, action: .celebrating,
                                                                              props: ["balloon", "cake", "bunting"], indoors: true), page: 3)
        let partyPicture = illustrator.picture(for: party)
        #expect(partyPicture.room == "living-room" && partyPicture.composition.hasPrefix("indoor-living-room-"))
        #expect(partyPicture.props.map(\.word).contains("cake") && partyPicture.beds.isEmpty)
        for request in [river, library, party] {
            #expect(try illustrator.renderPNG(request) == illustrator.renderPNG(request))
            Self.expectInsideFrame(illustrator.picture(for: request), "\(request.sheet.setting)")
        }
    }

    @Test("painting stays deterministic on every composition")
    func deterministic() throws {
        for page in 1...3 {
            let request = Self.request(scene: PageScene(timeOfDay: .sunset, action: .making, props: ["hammer", "boat"], weather: .wind,
                                                        indoors: page == 2), page: page)
            #expect(try illustrator.renderPNG(request) == illustrator.renderPNG(request))
        }
    }

    /// Writes every page of a few written stories as raw RGBA (320×213) to `ILLUSTRATOR_STORIES_DIR`,
    /// a row per story, for eyeballing as a contact sheet; skipped when the variable is not set.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["ILLUSTRATOR_STORIES_DIR"] != nil,
                   "writes story pages for eyeballing: set ILLUSTRATOR_STORIES_DIR to run"))
    func storyPages() async throws {
        let dir = try #require(ProcessInfo.processInfo.environment["ILLUSTRATOR_STORIES_DIR"])
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let themes = (ProcessInfo.processInfo.environment["ILLUSTRATOR_STORIES_THEMES"] ?? "a robot who learns to bake bread|a race in the forest|a rainy day with a duck|building a boat with Grandpa|a birthday party on the farm|a trip to the moon")
            .split(separator: "|").map(String.init)
        let small = OfflineIllustrator(width: 320, height: 213)
        for (row, theme) in themes.enumerated() {
            let story = try await OfflineStoryWriter().write(StoryRequest(theme: theme, heroName: "Mia", age: 6, pageCount: 5, seed: UInt64(row + 1)))
            for (index, page) in story.pages.enumerated() {
                let request = IllustrationRequest(title: story.title, sheet: story.sheet, page: page, pageNumber: index + 1,
                                                  pageCount: story.pages.count, previous: nil, seed: UInt64(row + 1))
                let pixels = try small.renderPixels(request)
                let name = String(format: "%02d-%d.rgba", row, index + 1)
                try Data(pixels.rgba).write(to: URL(fileURLWithPath: dir).appendingPathComponent(name))
                print("\(row) \(index + 1) \(small.picture(for: request).composition) \(page.scene.action) \(page.scene.props) \(page.scene.weather?.rawValue ?? "") \(page.scene.indoors)")
            }
        }
    }

    /// Writes pages of hand-made scenes (rooms, weather, race, party, ride, bedtime casts) as raw RGBA
    /// to `ILLUSTRATOR_SCENES_DIR`, five to a row, for eyeballing; skipped when the variable is not set.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["ILLUSTRATOR_SCENES_DIR"] != nil,
                   "writes hand-made scenes for eyeballing: set ILLUSTRATOR_SCENES_DIR to run"))
    func scenePages() throws {
        let dir = try #require(ProcessInfo.processInfo.environment["ILLUSTRATOR_SCENES_DIR"])
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let robot = CharacterDesign(name: "Bolt", kind: .robot, bodyColor: RGB(190, 200, 210), accentColor: RGB(230, 80, 80),
                                    detailColor: RGB(60, 70, 90), looks: "a robot", trait: "shy")
        var owl = Self.dragon, turtle = Self.dragon, dog = Self.dragon
        owl.kind = .owl
        turtle.kind = .turtle
        dog.kind = .dog
        let rows: [[(CharacterSheet, PageScene)]] = [
            [(Self.sheet(companion: robot), PageScene(timeOfDay: .morning, action: .making, props: ["bread", "oven", "bowl"], indoors: true)),
             (Self.sheet(companion: Self.grandma), PageScene(timeOfDay: .afternoon, action: .making, props: ["hammer", "toolbox", "boat"], indoors: true)),
             (Self.sheet(setting: .castle), PageScene(timeOfDay: .afternoon, action: .celebrating, props: ["crown"], indoors: true)),
             (Self.sheet(setting: .school), PageScene(timeOfDay: .morning, action: .discovering, props: ["book", "globe"], indoors: true)),
             (Self.sheet(setting: .home), PageScene(timeOfDay: .goldenHour, action: .playing, props: ["teddy", "ball"], indoors: true))],
            [(Self.sheet(setting: .forest), PageScene(timeOfDay: .afternoon, action: .racing, props: ["finish line", "flags"])),
             (Self.sheet(setting: .garden), PageScene(timeOfDay: .afternoon, action: .celebrating, props: ["balloon", "present", "cake"])),
             (Self.sheet(setting: .seaside, companion: Self.grandma), PageScene(timeOfDay: .afternoon, action: .riding, props: ["boat"])),
             (Self.sheet(setting: .snow), PageScene(timeOfDay: .morning, action: .riding, props: ["sled", "scarf"])),
             (Self.sheet(setting: .meadow), PageScene(timeOfDay: .afternoon, action: .flying, props: ["kite"]))],
            [(Self.sheet(setting: .town), PageScene(timeOfDay: .afternoon, action: .walking, props: ["umbrella", "boots"], weather: .rain)),
             (Self.sheet(setting: .mountains), PageScene(timeOfDay: .morning, action: .playing, props: ["snowman"], weather: .snow)),
             (Self.sheet(setting: .farm), PageScene(timeOfDay: .afternoon, action: .helping, props: ["tractor", "hay bale"], weather: .wind)),
             (Self.sheet(setting: .forest), PageScene(timeOfDay: .morning, action: .discovering, props: ["lantern"], weather: .fog)),
             (Self.sheet(setting: .jungle), PageScene(timeOfDay: .goldenHour, action: .hugging, props: [], weather: .rainbow))],
            [(Self.sheet(companion: Self.dragon), PageScene(timeOfDay: .night, action: .sleeping, props: ["teddy"], place: .home, indoors: true)),
             (Self.sheet(companion: Self.grandma), PageScene(timeOfDay: .night, action: .sleeping, place: .home, indoors: true)),
             (Self.sheet(companion: Self.dragon, friends: [Self.friend]), PageScene(timeOfDay: .night, action: .sleeping, place: .home, indoors: true)),
             (Self.sheet(companion: Self.grandma, friends: [Self.friend, Self.friend]), PageScene(timeOfDay: .night, action: .sleeping, place: .home, indoors: true)),
             (Self.sheet(companion: nil), PageScene(timeOfDay: .dusk, action: .sleeping, place: .home, indoors: true))],
            [(Self.sheet(companion: owl), PageScene(timeOfDay: .night, action: .sleeping, place: .home, indoors: true)),
             (Self.sheet(setting: .seaside, companion: turtle), PageScene(timeOfDay: .afternoon, action: .riding)),
             (Self.sheet(companion: nil, friends: [dog]), PageScene(timeOfDay: .night, action: .sleeping, place: .home, indoors: true)),
             (Self.sheet(setting: .underwater, companion: turtle), PageScene(timeOfDay: .afternoon, action: .flying, others: [.whale])),
             (Self.sheet(setting: .space, companion: robot, friends: [Self.friend]), PageScene(timeOfDay: .night, action: .racing, props: ["rocket", "planet"]))],
        ]
        let small = OfflineIllustrator(width: 320, height: 213)
        for (row, scenes) in rows.enumerated() {
            for (index, item) in scenes.enumerated() {
                let request = Self.request(item.0, scene: item.1, page: index + 1 + row, seed: 3)
                let pixels = try small.renderPixels(request)
                try Data(pixels.rgba).write(to: URL(fileURLWithPath: dir).appendingPathComponent(String(format: "%02d-%d.rgba", row, index + 1)))
                print("\(row) \(index + 1) \(small.picture(for: request).composition)")
            }
        }
    }
}
