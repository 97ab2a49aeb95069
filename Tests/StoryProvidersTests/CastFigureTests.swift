import Foundation
import StoryDomain
import Testing
@testable import StoryProviders

/// The family's cast as the built-in illustrator paints them: the look's colours on the right
/// parts, hair styles, glasses and beards drawn, and babies, children and grown-ups in their own
/// sizes and shapes. Checked on the painted pixels.
@Suite("The family's cast, painted")
struct CastFigureTests {
    static let date = Date(timeIntervalSince1970: 0)

    static func member(_ name: String, _ kind: CastKind, age: Int? = nil, look: String) -> CastMember {
        CastMember(name: name, kind: kind, age: age, look: look, createdBy: "u", createdAt: date)
    }

    /// The member alone, standing in a meadow (as their portrait is painted).
    static func portrait(_ design: CharacterDesign, action: SceneAction = .standing) -> IllustrationRequest {
        let sheet = CharacterSheet(hero: design, companion: nil, setting: .meadow, settingDescription: "a sunny meadow",
                                   palette: Palette(sky: RGB(170, 210, 240), ground: RGB(150, 200, 110), accent: RGB(250, 210, 90)))
        let page = WrittenPage(text: "", scene: PageScene(timeOfDay: .afternoon, action: action), imagePrompt: "a portrait")
        return IllustrationRequest(title: design.name, sheet: sheet, page: page, pageNumber: 1, pageCount: 1, previous: nil, seed: 3)
    }

    /// Pixels of exactly `colour` in a box of scene units (the picture is 768×512: one unit, one pixel).
    static func count(_ colour: RGB, in pixels: OfflineIllustrator.Pixels, x: ClosedRange<Double>, y: ClosedRange<Double>) -> Int {
        var n = 0
        for row in max(0, Int(y.lowerBound))...min(pixels.height - 1, Int(y.upperBound)) {
            for column in max(0, Int(x.lowerBound))...min(pixels.width - 1, Int(x.upperBound)) {
                let i = (row * pixels.width + column) * 4
                if pixels.rgba[i] == colour.red, pixels.rgba[i + 1] == colour.green, pixels.rgba[i + 2] == colour.blue { n += 1 }
            }
        }
        return n
    }

    /// Where a portrait's head and body are, in scene units.
    struct Regions {
        var head: (x: ClosedRange<Double>, y: ClosedRange<Double>)
        var chin: (x: ClosedRange<Double>, y: ClosedRange<Double>)
        var body: (x: ClosedRange<Double>, y: ClosedRange<Double>)

        init(_ design: CharacterDesign, in request: IllustrationRequest) throws {
            let figure = try #require(OfflineIllustrator().picture(for: request).figures.first { $0.role == .hero })
            let p = PersonLook(design).proportions
            let s = FigurePainter.scale(of: design.kind)
            let hip = figure.baseY - (p.leg == 0 ? 10 : p.leg) * s
            let top = hip - p.torso * s
            let headY = top - (p.headRadius + 2) * s
            let r = p.headRadius * s
            head = (figure.x - r * 1.7...figure.x + r * 1.7, headY - r * 1.5...headY + r)
            chin = (figure.x - r * 0.5...figure.x + r * 0.5, headY + r * 0.55...headY + r * 1.2)
            body = (figure.x - p.shoulders * s...figure.x + p.shoulders * s, top + 8...hip - 4)
        }
    }

    @Test("brown pigtails, yellow raincoat: brown on the head, yellow on the body")
    func hairAndCoatWhereTheyBelong() throws {
        let design = CastDesigner().design(Self.member("Mia", .child, age: 5, look: "brown pigtails, yellow raincoat"))
        let request = Self.portrait(design)
        let pixels = try OfflineIllustrator().renderPixels(request)
        let at = try Regions(design, in: request)
        let brown = RGB(125, 80, 45), yellow = RGB(245, 215, 50)
        let headBrown = Self.count(brown, in: pixels, x: at.head.x, y: at.head.y)
        let headYellow = Self.count(yellow, in: pixels, x: at.head.x, y: at.head.y)
        let bodyBrown = Self.count(brown, in: pixels, x: at.body.x, y: at.body.y)
        let bodyYellow = Self.count(yellow, in: pixels, x: at.body.x, y: at.body.y)
        #expect(headBrown > 1_500 && headBrown > headYellow * 5, "head: brown \(headBrown), yellow \(headYellow)")
        #expect(bodyYellow > 1_000 && bodyBrown < 20, "body: yellow \(bodyYellow), brown \(bodyBrown)")
    }

    @Test("pigtails stick out at the sides of the head, where a bob does not reach")
    func pigtailsAreDrawn() throws {
        func sides(_ look: String) throws -> Int {
            let design = CastDesigner().design(Self.member("Mia", .child, age: 5, look: look))
            let request = Self.portrait(design)
            let at = try Regions(design, in: request)
            let pixels = try OfflineIllustrator().renderPixels(request)
            let centre = (at.head.x.lowerBound + at.head.x.upperBound) / 2
            let r = (at.head.x.upperBound - centre) / 1.7
            let headY = at.head.y.upperBound - r
            return [-1.0, 1.0].map { side in
                let x = centre + side * r * 1.55
                return Self.count(RGB(125, 80, 45), in: pixels, x: x - 6...x + 6, y: headY...headY + r * 0.9)
            }.reduce(0, +)
        }
        let pigtails = try sides("brown pigtails, a red jumper")
        let bob = try sides("brown bob, a red jumper")
        #expect(pigtails > 150 && pigtails > bob * 3, "pigtails \(pigtails), bob \(bob)")
    }

    @Test("glasses, a beard and a hat are painted when the look names them")
    func glassesBeardAndHat() throws {
        let plain = CastDesigner().design(Self.member("Tom", .grownUp, look: "short ginger hair, a green jumper"))
        let dressed = CastDesigner().design(Self.member("Tom", .grownUp, look: "short ginger hair, a big beard, blue glasses, a red hat, a green jumper"))
        let blue = RGB(50, 105, 220), ginger = RGB(200, 100, 40), red = RGB(215, 55, 50)
        var found: [String: (Int, Int)] = [:]
        for (index, design) in [plain, dressed].enumerated() {
            let request = Self.portrait(design)
            let at = try Regions(design, in: request)
            let pixels = try OfflineIllustrator().renderPixels(request)
            let glasses = Self.count(blue, in: pixels, x: at.head.x, y: at.head.y)
            let beard = Self.count(ginger, in: pixels, x: at.chin.x, y: at.chin.y)
            let hat = Self.count(red, in: pixels, x: at.head.x, y: at.head.y)
            for (name, value) in [("glasses", glasses), ("beard", beard), ("hat", hat)] {
                if index == 0 { found[name] = (value, 0) } else { found[name]?.1 = value }
            }
        }
        for (name, counts) in found {
            #expect(counts.0 < 5 && counts.1 > 40, "\(name): without \(counts.0), with \(counts.1)")
        }
    }

    @Test("babies, small children, children, older children and grown-ups differ in size and shape")
    func buildsDiffer() throws {
        let members = [Self.member("Rosie", .baby, age: 1, look: "a pink sleepsuit"),
                       Self.member("Ben", .child, age: 3, look: "a red jumper"),
                       Self.member("Mia", .child, age: 6, look: "a red jumper"),
                       Self.member("Ava", .child, age: 12, look: "a red jumper"),
                       Self.member("Dad", .grownUp, look: "a red jumper")]
        let designs = members.map(CastDesigner().design)
        let heights = try designs.map { design in
            try #require(OfflineIllustrator().picture(for: Self.portrait(design)).figures.first { $0.role == .hero }).height
        }
        #expect(heights == heights.sorted() && Set(heights).count == heights.count, "\(heights)")
        #expect(heights[0] < heights[2] * 0.7, "a baby sits, much smaller than a child: \(heights)")
        #expect(heights[4] > heights[2] * 1.2, "a grown-up is much taller than a child: \(heights)")
        let headShare = designs.map { design in
            let p = PersonLook(design).proportions
            return p.headRadius * 2 / p.height
        }
        #expect(headShare == headShare.sorted(by: >), "the younger, the bigger the head for the body: \(headShare)")
        // And it shows: the baby's pink and the grown-up's red reach different heights above the ground.
        let baby = try OfflineIllustrator().renderPixels(Self.portrait(designs[0]))
        #expect(Self.count(RGB(245, 130, 185), in: baby, x: 0...767, y: 0...300) < 10, "the baby's body stays low")
        let dad = try OfflineIllustrator().renderPixels(Self.portrait(designs[4]))
        #expect(Self.count(RGB(215, 55, 50), in: dad, x: 0...767, y: 0...300) > 300, "the grown-up's jumper is high up")
    }

    @Test("every hair style, garment and build paints, in every pose", arguments: FigureLook.Build.allCases)
    func everyStylePaints(build: FigureLook.Build) throws {
        for (index, style) in FigureLook.HairStyle.allCases.enumerated() {
            let garment = FigureLook.Garment.allCases[index % FigureLook.Garment.allCases.count]
            let figure = FigureLook(build: build, hairStyle: style, garment: garment, eyes: RGB(70, 130, 210),
                                    glasses: index % 3 == 0 ? RGB(45, 40, 50) : nil, facialHair: index % 4 == 0 ? .beard : nil,
                                    hat: index % 5 == 0 ? RGB(200, 50, 50) : nil, skirt: index % 2 == 0 ? RGB(10, 200, 10) : nil)
            let design = CharacterDesign(name: "P", kind: build == .grownUp ? .grownUp : .child, bodyColor: RGB(240, 205, 180),
                                         accentColor: RGB(250, 205, 70), detailColor: RGB(80, 55, 40), looks: "", trait: "",
                                         figure: figure)
            let action = SceneAction.allCases[index % SceneAction.allCases.count]
            let pixels = try OfflineIllustrator(width: 384, height: 256).renderPixels(Self.portrait(design, action: action))
            #expect(OfflineIllustratorTests.count(RGB(240, 205, 180), in: pixels) > 30, "\(build) \(style) \(action)")
        }
    }

    /// Writes portraits and a family page as PNGs into `CAST_GALLERY_DIR`, to look at.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["CAST_GALLERY_DIR"] != nil, "set CAST_GALLERY_DIR to write the gallery"))
    func gallery() async throws {
        let dir = URL(fileURLWithPath: ProcessInfo.processInfo.environment["CAST_GALLERY_DIR"] ?? "/tmp")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let members = [
            Self.member("Mia", .child, age: 5, look: "brown pigtails, yellow raincoat"),
            Self.member("Leo", .child, age: 7, look: "curly black hair, a red jumper, blue jeans"),
            Self.member("Rosie", .baby, age: 1, look: "a pink onesie"),
            Self.member("Ben", .child, age: 3, look: "blond, green dungarees"),
            Self.member("Ava", .child, age: 12, look: "long braids, glasses, a purple dress"),
            Self.member("Nana", .grownUp, look: "a grey bun, round glasses, a teal cardigan, a navy skirt"),
            Self.member("Grandpa", .grownUp, look: "bald, a big white beard, a brown coat"),
            Self.member("Dad", .grownUp, look: "short black hair, a moustache, an orange hoodie, a blue hat"),
            Self.member("Mum", .grownUp, look: "a dark afro, a green dress, brown skin"),
            Self.member("Max", .creature(.dog), look: "a grey puppy with a blue collar"),
        ]
        let illustrator = OfflineIllustrator()
        for member in members {
            let data = try illustrator.renderPNG(Self.portrait(CastDesigner().design(member)))
            try data.write(to: dir.appendingPathComponent("portrait-\(member.name).png"))
        }
        let leo = try await OfflineStoryWriter().write(CastStoryTests.request())
        for (index, page) in leo.pages.enumerated() {
            let data = try illustrator.renderPNG(IllustrationRequest(title: leo.title, sheet: leo.sheet, page: page, pageNumber: index + 1,
                                                                     pageCount: leo.pages.count, previous: nil, seed: 7))
            try data.write(to: dir.appendingPathComponent("leo-page-\(index + 1).png"))
        }
        let family = [members[0], members[2], members[5]]
        var request = StoryRequest(theme: "a picnic in the forest", heroName: "Mia", age: 5, pageCount: 4, seed: 11)
        request.heroSheet = CharacterSheetDesigner.casting(family, on: CharacterSheetDesigner().design(for: request), heroName: "Mia")
        let story = try await OfflineStoryWriter().write(request)
        for (index, page) in story.pages.enumerated() {
            let data = try illustrator.renderPNG(IllustrationRequest(title: story.title, sheet: story.sheet, page: page,
                                                                     pageNumber: index + 1, pageCount: story.pages.count,
                                                                     previous: nil, seed: 11))
            try data.write(to: dir.appendingPathComponent("page-\(index + 1).png"))
            print("page \(index + 1): \(PageMoment.altText(scene: page.scene, imagePrompt: page.imagePrompt, sheet: story.sheet))")
        }
        // What the gallery is for: every picture it names is there to look at, as a PNG.
        let written = members.map { "portrait-\($0.name).png" } + leo.pages.indices.map { "leo-page-\($0 + 1).png" }
            + story.pages.indices.map { "page-\($0 + 1).png" }
        for name in written {
            let data = try Data(contentsOf: dir.appendingPathComponent(name))
            #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(name) is a PNG")
        }
    }
}
