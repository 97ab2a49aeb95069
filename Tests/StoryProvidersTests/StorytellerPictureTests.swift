import Foundation
import StoryDomain
import StoryProviders
import Testing

/// The built-in illustrator paints what the story says: checked by what it drew (its
/// ``PagePicture``) and by sampling the painted pixels.
@Suite("Built-in storyteller: pictures show the story")
struct StorytellerPictureTests {
    let writer = OfflineStoryWriter()
    let illustrator = OfflineIllustrator(width: 384, height: 256)

    private func requests(_ story: WrittenStory, seed: UInt64) -> [IllustrationRequest] {
        story.pages.enumerated().map { index, page in
            IllustrationRequest(title: story.title, sheet: story.sheet, page: page, pageNumber: index + 1,
                                pageCount: story.pages.count, previous: nil, seed: seed)
        }
    }

    /// Pixels within `tolerance` of `color` in the rectangle (in pixels).
    private func count(_ pixels: OfflineIllustrator.Pixels, near color: RGB, tolerance: Int = 18,
                       in rect: (x: Int, y: Int, w: Int, h: Int)? = nil) -> Int {
        let area = rect ?? (0, 0, pixels.width, pixels.height)
        var hits = 0
        for y in max(0, area.y)..<min(pixels.height, area.y + area.h) {
            for x in max(0, area.x)..<min(pixels.width, area.x + area.w) {
                let i = (y * pixels.width + x) * 4
                if abs(Int(pixels.rgba[i]) - Int(color.red)) <= tolerance,
                   abs(Int(pixels.rgba[i + 1]) - Int(color.green)) <= tolerance,
                   abs(Int(pixels.rgba[i + 2]) - Int(color.blue)) <= tolerance { hits += 1 }
            }
        }
        return hits
    }

    /// The share of pixels in the top half whose blue clearly beats red (water, not sky at dusk alone).
    private func blueShare(_ pixels: OfflineIllustrator.Pixels) -> Double {
        var blue = 0
        let rows = pixels.height / 2
        for y in 0..<rows {
            for x in 0..<pixels.width {
                let i = (y * pixels.width + x) * 4
                if Int(pixels.rgba[i + 2]) > Int(pixels.rgba[i]) + 40 { blue += 1 }
            }
        }
        return Double(blue) / Double(rows * pixels.width)
    }

    @Test("under the sea: every page before the way home is painted underwater, with water, coral and the sheet's figures")
    func underwater() async throws {
        let story = try await writer.write(StoryRequest(theme: "a lost penguin under the sea", heroName: "Leo", age: 6, pageCount: 5, seed: 4))
        for (index, request) in requests(story, seed: 4).enumerated() {
            let picture = illustrator.picture(for: request)
            let pixels = try illustrator.renderPixels(request)
            if index < story.pages.count - 1 {
                #expect(picture.setting == .underwater)
                #expect(picture.backdrop.contains("water") && picture.backdrop.contains("coral"))
                #expect(blueShare(pixels) > 0.6, "page \(index + 1): \(blueShare(pixels))")
            } else {
                #expect(picture.setting == .home, "the last page is in bed")
            }
            let hero = try #require(picture.figures.first { $0.role == .hero })
            #expect(hero.colors == [story.sheet.hero.bodyColor, story.sheet.hero.accentColor, story.sheet.hero.detailColor])
            // The penguin is the one lost: not drawn while it is lost, drawn from the page it is found on.
            let away = story.pages[index].scene.companionAway
            #expect(picture.figures.contains { $0.role == .companion && $0.kind == .penguin } == !away, "page \(index + 1)")
            #expect(count(pixels, near: story.sheet.hero.accentColor, tolerance: 2) > 40, "the hero's own colour is painted")
        }
        #expect(story.pages.contains { $0.scene.companionAway }, "the lost penguin is away while it is looked for")
    }

    @Test("the moon: grey craters, Earth in the black sky and the rocket on every page before home")
    func moon() async throws {
        let story = try await writer.write(StoryRequest(theme: "a trip to the moon", heroName: "Ava", age: 10, pageCount: 5, seed: 9))
        let earth = RGB(51, 115, 217) // SceneryPainter.earthBlue
        for (index, request) in requests(story, seed: 9).enumerated().dropLast() {
            let picture = illustrator.picture(for: request)
            #expect(picture.setting == .space)
            #expect(picture.backdrop.contains("earth") && picture.backdrop.contains("craters"))
            #expect(picture.props.contains { $0.shape == "rocket" }, "page \(index + 1)")
            let pixels = try illustrator.renderPixels(request)
            // Earth sits high on the right (scene x ≈ 0.8 of the width, y ≈ 105 of 512), enlarged on a close page.
            let scale = Double(pixels.height) / 512
            let earthAt = picture.zoomed(x: picture.sceneWidth * 0.8, y: 105)
            let box = (x: Int(earthAt.x * scale) - 40, y: Int(earthAt.y * scale) - 35, w: 80, h: 70)
            #expect(count(pixels, near: earth, tolerance: 40, in: box) > 150, "Earth is in the sky on page \(index + 1)")
            // The lower third is the moon's grey ground, not grass.
            var greenish = 0
            for y in pixels.height * 2 / 3..<pixels.height {
                for x in stride(from: 0, to: pixels.width, by: 4) {
                    let i = (y * pixels.width + x) * 4
                    if Int(pixels.rgba[i + 1]) > Int(pixels.rgba[i]) + 30 && Int(pixels.rgba[i + 1]) > Int(pixels.rgba[i + 2]) + 30 { greenish += 1 }
                }
            }
            #expect(greenish < 40, "no grass on the moon: \(greenish)")
        }
    }

    @Test("school: a classroom with a green blackboard and desks")
    func school() async throws {
        let story = try await writer.write(StoryRequest(theme: "my first day at school", heroName: "Omar", age: 5, pageCount: 5, seed: 2))
        #expect(story.sheet.setting == .school)
        let board = RGB(41, 92, 66) // SceneryPainter.boardGreen
        for request in requests(story, seed: 2).dropLast() {
            let picture = illustrator.picture(for: request)
            #expect(picture.setting == .school)
            #expect(picture.backdrop.contains("blackboard") && picture.backdrop.contains("desks"))
            let pixels = try illustrator.renderPixels(request)
            #expect(count(pixels, near: board, tolerance: 30) > 800, "the blackboard is painted")
        }
    }

    @Test("a grown-up is drawn as a grown-up: taller than the hero, in the same colours on every page")
    func grownUp() async throws {
        let story = try await writer.write(StoryRequest(theme: "baking a cake with Grandma", heroName: "Mia", age: 4, pageCount: 5, seed: 5))
        let grandma = try #require(story.sheet.companion)
        #expect(grandma.kind == .grownUp)
        for request in requests(story, seed: 5) {
            let picture = illustrator.picture(for: request)
            let hero = try #require(picture.figures.first { $0.role == .hero })
            let companion = try #require(picture.figures.first { $0.role == .companion })
            #expect(companion.kind == .grownUp)
            #expect(companion.height > hero.height * 1.2, "Grandma stands taller than Mia")
            #expect(companion.colors == [grandma.bodyColor, grandma.accentColor, grandma.detailColor])
            let pixels = try illustrator.renderPixels(request)
            #expect(count(pixels, near: grandma.accentColor, tolerance: 2) > 40, "Grandma's cardigan is painted")
        }
    }

    @Test("creatures families ask for are drawn, the same on every page", arguments: [
        ("a whale who sings", CreatureKind.whale), ("a horse on the farm", .horse), ("a little fish", .fish),
        ("an octopus who lost a shell", .octopus), ("a butterfly in the garden", .butterfly), ("a dinosaur's birthday", .dinosaur),
        ("a cat who can't sleep", .cat), ("a puppy at the beach", .dog),
    ])
    func creatures(theme: String, kind: CreatureKind) async throws {
        let story = try await writer.write(StoryRequest(theme: theme, heroName: "Kai", age: 6, pageCount: 5, seed: 3))
        let companion = try #require(story.sheet.companion)
        #expect(companion.kind == kind)
        var colours: Set<[RGB]> = []
        for request in requests(story, seed: 3) {
            let picture = illustrator.picture(for: request)
            let drawn = try #require(picture.figures.first { $0.role == .companion })
            #expect(drawn.kind == kind)
            colours.insert(drawn.colors)
            let pixels = try illustrator.renderPixels(request)
            #expect(count(pixels, near: companion.bodyColor, tolerance: 3) > 30, "\(kind) body painted")
        }
        #expect(colours.count == 1)
    }

    @Test("an animal the theme is about is drawn on every page before bed, the same each time", arguments: [
        ("a hedgehog who bakes a birthday cake", CreatureKind.hedgehog), ("a badger who paints his little boat by the river", .badger),
        ("a beaver who builds a bridge across the river", .beaver), ("a giraffe who is learning to ride a bicycle in the park", .giraffe),
        ("a squirrel who learns to share her acorns", .squirrel), ("a koala who climbs the treetops", .koala),
        ("a sloth who yodels from the top of the mountain", .sloth), ("a pangolin who finds a teapot in the garden", .pangolin),
        ("a crab who builds a sandcastle on the beach", .crab),
    ])
    func animalsMet(theme: String, kind: CreatureKind) async throws {
        let story = try await writer.write(StoryRequest(theme: theme, heroName: "Kai", age: 6, pageCount: 5, seed: 3))
        var colours: Set<[RGB]> = []
        for request in requests(story, seed: 3).dropLast() {
            let picture = illustrator.picture(for: request)
            let drawn = picture.figures.first { $0.kind == kind }
            #expect(drawn != nil, "\(theme) page \(request.pageNumber): \(picture.figures.map(\.kind))")
            if let drawn { colours.insert(drawn.colors) }
            let pixels = try illustrator.renderPixels(request)
            let body = drawn?.colors.first ?? RGB(0, 0, 0)
            #expect(count(pixels, near: body, tolerance: 3) > 20, "\(kind) body painted on page \(request.pageNumber)")
        }
        #expect(colours.count == 1, "\(kind): one look on every page")
        // Named as the companion, it comes along as a character of its own, in its own colours.
        let sheet = CharacterSheetDesigner().design(theme: "a picnic", heroName: "Kai", companion: "a \(kind.rawValue)", age: 6, seed: 1)
        #expect(sheet.companion?.kind == kind)
    }

    @Test("the thing that matters is drawn: the lost bell once found, the kite")
    func props() async throws {
        let story = try await writer.write(StoryRequest(theme: "a sleepy dragon who lost his bell", heroName: "Noor", age: 6, pageCount: 5, seed: 11))
        let pictures = requests(story, seed: 11).map { illustrator.picture(for: $0) }
        #expect(pictures.contains { $0.props.contains { $0.word == "bell" && $0.shape == "bell" } })
        let kite = try await writer.write(StoryRequest(theme: "flying a kite at the beach", heroName: "Noor", age: 6, pageCount: 5, seed: 11))
        let kitePictures = requests(kite, seed: 11).map { illustrator.picture(for: $0) }
        #expect(kitePictures.filter { $0.props.contains { $0.shape == "kite" } }.count >= 3)
        // A thing without a shape of its own is left out, never drawn as something else.
        let compass = try await writer.write(StoryRequest(theme: "a compass in the mountains", heroName: "Noor", age: 6, pageCount: 5, seed: 11))
        #expect(requests(compass, seed: 11).map { illustrator.picture(for: $0) }.allSatisfy { $0.props.allSatisfy { $0.word != "compass" } })
        #expect(compass.pages.allSatisfy { !$0.scene.props.contains("compass") })
    }

    @Test("a theme's grown-up who is not the companion is drawn beside the pair")
    func grownUpBeside() async throws {
        let story = try await writer.write(StoryRequest(theme: "Grandpa and his horse", heroName: "Eli", age: 6, pageCount: 5, seed: 1))
        #expect(story.sheet.companion?.kind == .horse)
        let pictures = requests(story, seed: 1).map { illustrator.picture(for: $0) }
        #expect(pictures.dropLast().allSatisfy { $0.figures.contains { $0.role == .other && $0.kind == .grownUp } })
    }
}
