import Foundation
@testable import StoryProviders
import StoryDomain
import Testing

/// A theme about a vehicle, a thing or a knight ("a little red car who wants to win the race")
/// draws it as the character: the kind flows from the theme (designer and reader) through the
/// sheet's companion to the painter, in the theme's colour, the same on every page, in its own bed at night.
@Suite("Built-in storyteller: vehicle and thing heroes")
struct ThingHeroTests {
    let writer = OfflineStoryWriter()
    let illustrator = OfflineIllustrator(width: 384, height: 256)

    static let themes: [(theme: String, kind: CreatureKind, name: String)] = [
        ("a little red car who wants to win the big race in town", .car, "the little red car"),
        ("a little train that carries presents over the snowy mountains", .train, "the little train"),
        ("a little cloud who wants to make a rainbow", .cloud, "the little cloud"),
        ("a young knight who is afraid to climb the castle tower", .knight, "the young knight"),
        ("a little tugboat whose engine needs fixing in the harbour", .boat, "the little boat"),
        ("a kind tractor who helps the farmer pull up the carrots", .tractor, "the tractor"),
        ("a snowman who wants to see the summer", .snowman, "the snowman"),
    ]

    @Test("the designer makes the acting thing the companion, in the colour the theme names")
    func designerKinds() {
        let designer = CharacterSheetDesigner()
        for entry in Self.themes {
            let sheet = designer.design(theme: entry.theme, heroName: "Mia", companion: nil, age: 6, seed: 11)
            #expect(sheet.hero.kind == .child, "\(entry.theme)")
            #expect(sheet.companion?.kind == entry.kind, "\(entry.theme)")
        }
        let red = designer.design(theme: "a little red car who wants to win the big race", heroName: "Mia", companion: nil, age: 6, seed: 3)
        #expect(red.companion?.bodyColor == RGB(220, 60, 55))
        #expect(red.companion?.looks.contains("red car") == true)
        let blue = designer.design(theme: "a blue train that goes to the sea", heroName: "Mia", companion: nil, age: 6, seed: 3)
        #expect(blue.companion?.bodyColor == RGB(70, 130, 220))
    }

    @Test("a thing that is only an object, or named after someone, stays a thing")
    func objectsStayThings() {
        let designer = CharacterSheetDesigner()
        for theme in ["a badger who paints his little boat by the river", "a girl who races her toy car", "a cat who repairs her rocket on the moon",
                      "a trip on a train", "a princess who meets a knight"] {
            let kind = designer.design(theme: theme, heroName: "Mia", companion: nil, age: 6, seed: 5).companion?.kind
            #expect(kind.map { !$0.isThing && $0 != .knight } ?? true, "\(theme): \(String(describing: kind))")
        }
        // A cast member or hero named as a thing is drawn as it.
        #expect(designer.design(theme: "a race", heroName: "Zoom the car", companion: nil, age: 5, seed: 1).hero.kind == .car)
        #expect(CastKind(parsing: "train") == .creature(.train))
    }

    @Test("the reader gives the theme's thing its kind, and the writer names the companion as the story tells it")
    func readerAndNaming() throws {
        #expect(ThemeReader().read("a little train that carries presents").figures.first?.kind == .train)
        #expect(ThemeReader().read("a young knight who is afraid of the dark").figures.first?.kind == .knight)
        for entry in Self.themes {
            let story = try writer.compose(StoryRequest(theme: entry.theme, heroName: "Mia", age: 6, pageCount: 5, seed: 11))
            let companion = try #require(story.sheet.companion, "\(entry.theme)")
            #expect(companion.name == entry.name, "\(entry.theme)")
            // Drawn once, as the companion, never again as someone met on the way.
            #expect(story.pages.allSatisfy { !$0.scene.others.contains(entry.kind) }, "\(entry.theme)")
            #expect(story.pages.filter { $0.text.contains(entry.name) || $0.text.contains(TextTools.capitalisingFirst(entry.name)) }.count >= 3,
                    "\(entry.theme)")
        }
    }

    @Test("every page, bedtime included, draws the thing in its own colour inside the frame", arguments: [3, 6, 9])
    func pictures(age: Int) async throws {
        for entry in Self.themes.prefix(4) {
            let story = try writer.compose(StoryRequest(theme: entry.theme, heroName: "Mia", age: age, pageCount: 5, seed: 11))
            let design = try #require(story.sheet.companion)
            for (index, page) in story.pages.enumerated() {
                let request = IllustrationRequest(title: story.title, sheet: story.sheet, page: page, pageNumber: index + 1,
                                                  pageCount: story.pages.count, previous: nil, seed: 11)
                let picture = illustrator.picture(for: request)
                let label = "\(entry.kind) age \(age) page \(index + 1)"
                let drawn = try #require(picture.figures.first { $0.role == .companion }, "\(label)")
                #expect(drawn.kind == entry.kind, "\(label)")
                #expect(drawn.colors == [design.bodyColor, design.accentColor, design.detailColor], "\(label)")
                let box = drawn.bounds
                let frame = PagePicture.Box(x: 0, y: 0, width: picture.sceneWidth, height: 512)
                #expect(frame.contains(box), "\(label): \(box) not inside the frame")
                if page.scene.action == .sleeping, entry.kind.isThing {
                    // Tucked upright into a bed of its own, not lying down or curled on the floor.
                    #expect(drawn.tucked && !drawn.lying, "\(label)")
                    #expect(picture.beds.count == 2, "\(label)")
                    #expect(picture.beds.contains { $0.contains(PagePicture.Box(x: drawn.x - 2, y: drawn.baseY - 20, width: 4, height: 4)) },
                            "\(label): in a bed")
                }
                let pixels = try illustrator.renderPixels(request)
                let colour = entry.kind == .knight ? design.accentColor : design.bodyColor
                #expect(Self.count(pixels, near: colour) > 60, "\(label): its colour is painted")
            }
        }
    }

    @Test("every thing kind draws at every pose without leaving its box")
    func everyPose() throws {
        for kind in CreatureKind.allCases where kind.isThing || kind == .knight {
            var design = OfflineIllustrator.otherDesign(kind)
            design.name = "Zoom"
            let sheet = CharacterSheet(hero: design, companion: nil, setting: .town, settingDescription: "a town",
                                       palette: Palette(sky: RGB(170, 210, 240), ground: RGB(150, 200, 110), accent: RGB(250, 215, 90)))
            for action in SceneAction.allCases {
                let request = IllustrationRequest(title: "Zoom", sheet: sheet,
                                                  page: WrittenPage(text: "Zoom.", scene: PageScene(timeOfDay: .afternoon, action: action),
                                                                    imagePrompt: ""),
                                                  pageNumber: 2, pageCount: 5, previous: nil, seed: 4)
                let picture = illustrator.picture(for: request)
                let hero = try #require(picture.figures.first { $0.role == .hero })
                #expect(PagePicture.Box(x: 0, y: 0, width: picture.sceneWidth, height: 512).contains(hero.bounds), "\(kind) \(action)")
                let pixels = try illustrator.renderPixels(request)
                #expect(Self.count(pixels, near: design.bodyColor) > 100, "\(kind) \(action)")
            }
        }
    }

    static func count(_ pixels: OfflineIllustrator.Pixels, near color: RGB, tolerance: Int = 12) -> Int {
        var hits = 0
        var i = 0
        while i < pixels.rgba.count {
            if abs(Int(pixels.rgba[i]) - Int(color.red)) <= tolerance, abs(Int(pixels.rgba[i + 1]) - Int(color.green)) <= tolerance,
               abs(Int(pixels.rgba[i + 2]) - Int(color.blue)) <= tolerance { hits += 1 }
            i += 4
        }
        return hits
    }
}
