import Foundation
import StoryDomain
import Testing

@Suite("Tonight's chapter: theme, summary and the “Last time…” opening")
struct ChapterPlannerTests {
    let planner = ChapterPlanner()
    static let sheet = CharacterSheet(
        hero: CharacterDesign(name: "Mia", kind: .child, bodyColor: RGB(240, 200, 170), accentColor: RGB(250, 200, 40),
                              detailColor: RGB(90, 60, 30), looks: "a small child in a yellow raincoat", trait: "curious"),
        companion: CharacterDesign(name: "Ember", kind: .dragon, bodyColor: RGB(90, 180, 90), accentColor: RGB(250, 220, 60),
                                   detailColor: RGB(40, 90, 40), looks: "a small green dragon", trait: "kind"),
        setting: .seaside, settingDescription: "a sunny bay with soft sand",
        palette: Palette(sky: RGB(100, 150, 220), ground: RGB(230, 210, 160), accent: RGB(250, 200, 40)))
    static let link = ChapterLink(seriesID: StoryID(rawValue: "first")!, previousStoryID: StoryID(rawValue: "first")!, number: 2,
                                  previousTitle: "Mia and the Sleepy Dragon", previousSummary: "Mia met Ember.")

    @Test("a new theme: never one of the chain's, never one with an avoided word, the same for a seed")
    func theme() {
        let earlier = Array(ChapterPlanner.themes.prefix(5))
        for seed in UInt64(0)..<50 {
            let theme = planner.theme(seed: seed, earlierThemes: earlier, avoid: ["kite"])
            #expect(!earlier.contains(theme) && !theme.contains("kite"))
            #expect(theme == planner.theme(seed: seed, earlierThemes: earlier, avoid: ["kite"]))
        }
        // Every theme used already: one is still chosen.
        #expect(ChapterPlanner.themes.contains(planner.theme(seed: 1, earlierThemes: ChapterPlanner.themes, avoid: [])))
    }

    @Test("the summary is the first sentence of each page but the last, without an earlier “Last time…”, and short")
    func summary() {
        let pages = ["Last time, Mia had fun. Mia woke up by the sea! The sun was warm.", "Ember found a shell. It was pink.",
                     "“Look!” said Mia. They laughed.", "Everyone fell asleep."]
        #expect(planner.summary(of: pages) == "Mia woke up by the sea! Ember found a shell. “Look!” said Mia.")
        let long = Array(repeating: String(repeating: "word ", count: 40) + "end.", count: 12)
        #expect(planner.summary(of: long).count <= ChapterLink.maxSummaryLength)
    }

    @Test("the opening names the previous title, the friends and the world; a writer's own “Last time” is kept")
    func opening() {
        #expect(planner.openingLine(for: Self.link, sheet: Self.sheet)
            == "Last time, in “Mia and the Sleepy Dragon”, Mia and Ember shared a big day in a sunny bay with soft sand.")
        let page = WrittenPage(text: "Mia ran to the sand.", scene: PageScene(timeOfDay: .afternoon, action: .walking), imagePrompt: "p")
        let story = WrittenStory(title: "T", sheet: Self.sheet, pages: [page, page])
        let opened = planner.withOpening(story, link: Self.link)
        #expect(opened.pages[0].text.hasPrefix("Last time, in “Mia and the Sleepy Dragon”"))
        #expect(opened.pages[0].text.hasSuffix("Mia ran to the sand.") && opened.pages[1] == page)
        var own = story
        own.pages[0].text = "Last time, Mia and Ember played. Today they sailed."
        #expect(planner.withOpening(own, link: Self.link) == own)
    }

    @Test("a chapter's request keeps the whole sheet: cast and world")
    func sheetKept() {
        var request = StoryRequest(theme: "counting the stars", heroName: "Mia", age: 5, pageCount: 3, seed: 7, heroSheet: Self.sheet)
        #expect(CharacterSheetDesigner().design(for: request).setting == .space, "a series story alone takes the theme's world")
        request.chapter = Self.link
        #expect(CharacterSheetDesigner().design(for: request) == Self.sheet)
    }
}
