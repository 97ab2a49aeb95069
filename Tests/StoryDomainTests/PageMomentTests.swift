import Foundation
import Testing
@testable import StoryDomain

/// A page's picture described in one sentence (its alt text): who is there, what they do, where
/// and when; from the built-in writer's scene, or a model's cleaned picture prompt with names.
@Suite("The page's moment, described")
struct PageMomentTests {
    static func design(_ name: String, _ kind: CreatureKind, looks: String = "") -> CharacterDesign {
        CharacterDesign(name: name, kind: kind, bodyColor: RGB(1, 1, 1), accentColor: RGB(2, 2, 2), detailColor: RGB(3, 3, 3),
                        looks: looks, trait: "kind")
    }

    static let sheet = CharacterSheet(hero: design("Leo", .child, looks: "a child of 5: curly black hair, a red jumper"),
                                      companion: design("Biscuit", .dog), setting: .forest,
                                      settingDescription: "a quiet pine forest", palette: Palette(sky: RGB(1, 1, 1), ground: RGB(1, 1, 1), accent: RGB(1, 1, 1)),
                                      friends: [design("Nana", .grownUp, looks: "a grown-up: silver hair")])

    @Test("the built-in writer's scene: who, doing what, where and when, in one short sentence")
    func fromScene() {
        let scene = PageScene(timeOfDay: .sunset, action: .discovering, focus: "the golden key", others: [.owl])
        let text = PageMoment.altText(scene: scene, imagePrompt: PageMoment.builtInPromptOpening + " A child…", sheet: Self.sheet)
        #expect(text == "Leo, Nana and Biscuit the dog find the golden key in the forest at sunset, with an owl nearby.")
        let alone = PageMoment.altText(scene: PageScene(timeOfDay: .night, action: .sleeping, focus: "a cosy bed", place: .home,
                                                        companionAway: true),
                                       imagePrompt: PageMoment.builtInPromptOpening, sheet: CharacterSheet(
                                           hero: Self.sheet.hero, companion: Self.sheet.companion, setting: .forest,
                                           settingDescription: "", palette: Self.sheet.palette))
        #expect(alone == "Leo sleeps soundly in a cosy bed at home at night.", "the companion who is away is not in the picture")
        for action in SceneAction.allCases {
            let text = PageMoment.altText(scene: PageScene(timeOfDay: .afternoon, action: action), imagePrompt: "", sheet: Self.sheet)
            #expect(text.count < PageMoment.maxCharacters && text.hasSuffix(".") && text.hasPrefix("Leo"), "\(text)")
            #expect(!text.contains("red jumper") && !text.contains("curly"), "the family's look is never in the alt text")
        }
    }

    @Test("a model's picture prompt: its first sentence, the roles named again")
    func fromModelPrompt() {
        let prompt = "The hero and the second hero share a lantern with the companion on a moonlit bridge. Soft watercolour, no text."
        #expect(PageMoment.altText(scene: PageScene(timeOfDay: .dusk, action: .walking), imagePrompt: prompt, sheet: Self.sheet)
            == "Leo and Nana share a lantern with Biscuit the dog on a moonlit bridge.")
        let long = String(repeating: "the hero walks past a very tall tree ", count: 20)
        let cut = PageMoment.altText(scene: PageScene(timeOfDay: .dusk, action: .walking), imagePrompt: long, sheet: Self.sheet)
        #expect(cut.count <= PageMoment.maxCharacters + 1 && cut.hasPrefix("Leo walks past") && cut.hasSuffix("."))
        #expect(PageMoment.altText(scene: PageScene(timeOfDay: .dusk, action: .walking), imagePrompt: " . ", sheet: Self.sheet)
            == "Leo, Nana and Biscuit the dog walk along in the forest at dusk.", "an empty prompt falls back to the scene")
    }

    @Test("names are put back as written, even with marks a pattern would read")
    func namesAsWritten() {
        var sheet = Self.sheet
        sheet.hero.name = "Zoë $1 \\"
        sheet.companion = Self.design("the sleepy dragon", .dragon)
        let text = PageMoment.altText(scene: PageScene(timeOfDay: .night, action: .hugging), imagePrompt: "The hero hugs the companion",
                                      sheet: sheet)
        #expect(text == "Zoë $1 \\ hugs the sleepy dragon.")
    }

    @Test("a stored page is described from its story's sheet; none before the sheet exists")
    func storedPage() throws {
        let id = try #require(StoryID(rawValue: "s1"))
        var story = Story(id: id, family: FamilyRef(platform: "web", externalID: "f"), requester: Requester(userID: "u", displayName: "U"),
                          request: StoryRequest(theme: "owls", heroName: "Leo", age: 5, pageCount: 3, seed: 1), createdAt: Date())
        let page = StoryPage(storyID: id, number: 1, text: "…", scene: PageScene(timeOfDay: .afternoon, action: .playing),
                             imagePrompt: "", imageID: nil)
        #expect(PageMoment.altText(of: page, in: story) == nil)
        story.sheet = Self.sheet
        #expect(PageMoment.altText(of: page, in: story) == "Leo, Nana and Biscuit the dog play together in the forest in the afternoon.")
    }
}
