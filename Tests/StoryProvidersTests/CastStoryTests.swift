import Foundation
import StoryDomain
import StoryProviders
import Testing

/// The family's cast in the built-in writer's and illustrator's stories: each named hero appears
/// and speaks, and every picture shows each of them in the colours of their look.
@Suite("The family's cast in built-in stories")
struct CastStoryTests {
    static let leo = CastMember(name: "Leo", kind: .child, age: 5, look: "curly black hair, a red jumper", createdBy: "u1",
                                createdAt: Date(timeIntervalSince1970: 0))
    static let max = CastMember(name: "Max", kind: .creature(.dog), look: "a grey puppy with a blue collar", createdBy: "u1",
                                createdAt: Date(timeIntervalSince1970: 0))
    static let nana = CastMember(name: "Nana", kind: .grownUp, look: "silver hair, a purple cardigan", createdBy: "u1",
                                 createdAt: Date(timeIntervalSince1970: 0))

    static func request(theme: String = "a picnic in the forest", age: Int = 5, pages: Int = 5, seed: UInt64 = 7,
                        cast: [CastMember] = [leo, max]) -> StoryRequest {
        var request = StoryRequest(theme: theme, heroName: cast[0].name, age: age, pageCount: pages, seed: seed)
        request.heroSheet = CharacterSheetDesigner.casting(cast, on: CharacterSheetDesigner().design(for: request), heroName: cast[0].name)
        return request
    }

    @Test("the look's colours: a red jumper and black hair for Leo, a grey body and blue collar for Max")
    func coloursFromLooks() {
        let designer = CastDesigner()
        let leo = designer.design(Self.leo)
        #expect(leo.kind == .child && leo.accentColor == RGB(215, 55, 50) && leo.detailColor == RGB(35, 32, 35))
        #expect(leo.looks.contains("a child of 5") && leo.looks.contains("a red jumper"))
        let max = designer.design(Self.max)
        #expect(max.kind == .dog && max.bodyColor == RGB(160, 160, 168) && max.accentColor == RGB(50, 105, 220))
        #expect(designer.design(Self.leo) == leo, "the same in every story")
        #expect(designer.design(Self.nana).detailColor == RGB(160, 160, 168), "silver hair")
    }

    @Test("each named hero appears and speaks; pages keep to the age's limits", arguments: [3, 6, 10])
    func everyoneSpeaks(age: Int) async throws {
        let writer = OfflineStoryWriter()
        for seed in UInt64(1)...8 {
            let request = Self.request(theme: ["a picnic in the forest", "a lost teddy", "a trip to the moon", "a sleepy dragon"][Int(seed) % 4],
                                       age: age, pages: 3 + Int(seed) % 4, seed: seed, cast: [Self.leo, Self.max, Self.nana])
            let story = try await writer.write(request)
            #expect(story.sheet.hero.name == "Leo" && story.sheet.friends.map(\.name) == ["Max", "Nana"])
            let texts = story.pages.map(\.text)
            #expect(texts[0].contains("Leo") && texts[0].contains("Max") && texts[0].contains("Nana"), "\(texts[0])")
            for name in ["Max", "Nana"] {
                #expect(texts.contains { $0.range(of: "[,!?]\" [a-z]+ \(name)", options: .regularExpression) != nil },
                        "\(name) never speaks: \(texts)")
            }
            let band = AgeBand(age: age)
            for text in texts {
                #expect(band.wordsPerPage.contains(text.split(separator: " ").count) || text.split(separator: " ").count <= band.wordsPerPage.upperBound,
                        "\(text)")
                #expect(!text.contains("{") && !text.contains("}"))
            }
            #expect(!texts.joined().contains("red jumper"), "the family's look is never copied into the story")
        }
    }

    @Test("two cast members on every page, in their colours")
    func picturesShowBoth() async throws {
        let story = try await OfflineStoryWriter().write(Self.request())
        let illustrator = OfflineIllustrator()
        for (index, page) in story.pages.enumerated() {
            let request = IllustrationRequest(title: story.title, sheet: story.sheet, page: page, pageNumber: index + 1,
                                              pageCount: story.pages.count, previous: nil, seed: 7)
            #expect(illustrator.picture(for: request).figures.filter { $0.role == .friend }.count == 1)
            let pixels = try illustrator.renderPixels(request)
            let red = OfflineIllustratorTests.count(RGB(215, 55, 50), in: pixels)
            let grey = OfflineIllustratorTests.count(RGB(160, 160, 168), in: pixels)
            let blue = OfflineIllustratorTests.count(RGB(50, 105, 220), in: pixels)
            #expect(red > 100 && grey > 100 && blue > 10, "page \(index + 1): red \(red), grey \(grey), blue \(blue)")
        }
    }
}
