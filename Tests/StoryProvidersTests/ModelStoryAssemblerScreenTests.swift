import Foundation
import StoryDomain
import StoryProviders
import Testing

/// A model's story is checked by the bedtime screen in the story's language, not by a word list
/// that mistakes German articles and doctor visits for danger.
@Suite("Model stories: the bedtime screen in the story's language")
struct ModelStoryAssemblerScreenTests {
    static func assemble(_ pages: [String], language: StoryLanguage) throws -> WrittenStory {
        let request = StoryRequest(theme: "owls", heroName: "Mia", age: 6, pageCount: pages.count, language: language, seed: 1)
        let sheet = CharacterSheetDesigner().design(for: request)
        let answer = try JSONSerialization.data(withJSONObject: [
            "title": "Mia", "pages": pages.map { ["text": $0, "imagePrompt": "the hero in a garden"] },
        ])
        let assembler = ModelStoryAssembler(provider: "test")
        return try assembler.assemble(try assembler.decode(String(decoding: answer, as: UTF8.self)), request: request, sheet: sheet)
    }

    static func page(_ sentence: String) -> String { Array(repeating: sentence, count: 5).joined(separator: " ") }

    @Test("German articles and a shot at the doctor pass")
    func gentleStoriesPass() throws {
        let german = [Self.page("Die kleine Eule flog über die Wiese und sang ein Lied."),
                      Self.page("Dann schlief die Eule in ihrem warmen Nest ein.")]
        #expect(try Self.assemble(german, language: .german).pages.map(\.text) == german, "kept, word for word")
        let english = [Self.page("Mia was brave when the doctor gave her a shot, and she got a sticker."),
                       Self.page("At home she hugged her teddy and fell asleep.")]
        #expect(try Self.assemble(english, language: .english).pages.map(\.text) == english, "kept, word for word")
    }

    @Test("a story with a knife and blood is refused as unsafe content")
    func unsafeStoryRefused() {
        #expect(throws: (any Error).self) {
            try Self.assemble([Self.page("The owl found a sharp knife covered in blood."),
                               Self.page("Then everyone went to sleep.")], language: .english)
        }
    }
}

/// A model's ideas for what happens next are quoted data: screened like the vote's choices, used
/// only when at least two survive.
@Suite("Model stories: the next chapter's choices, screened")
struct ModelNextChoicesTests {
    static func assemble(ideas: [String]?) throws -> WrittenStory {
        let request = StoryRequest(theme: "owls in the snow", heroName: "Mia", age: 6, pageCount: 2, language: .english, seed: 1,
                                   avoid: ["thunder"])
        let sheet = CharacterSheetDesigner().design(for: request)
        var answer: [String: Any] = [
            "title": "Mia", "pages": (1...2).map { _ in ["text": ModelStoryAssemblerScreenTests.page("The little owl sang a soft song."),
                                                        "imagePrompt": "the hero in a garden"] },
        ]
        if let ideas { answer["nextChoices"] = ideas }
        let json = String(decoding: try JSONSerialization.data(withJSONObject: answer), as: UTF8.self)
        let assembler = ModelStoryAssembler(provider: "test")
        return try assembler.assemble(try assembler.decode(json), request: request, sheet: sheet)
    }

    @Test("kept: calm one-line ideas; dropped: the family's words, the avoid-list, the screen's concerns, over-long lines")
    func screened() throws {
        let ideas = ["A picnic by the quiet pond", "A walk to see the thunder clouds",
                     "More owls in the snow tonight", "A knife covered in blood", String(repeating: "long ", count: 20), "A lost mitten"]
        let story = try Self.assemble(ideas: ideas)
        #expect(story.sheet.nextChoices?.map(\.text) == ["A picnic by the quiet pond", "A lost mitten"])
    }

    @Test("none, or fewer than two that pass: nil, and the vote offers the built-in choices")
    func tooFew() throws {
        #expect(try Self.assemble(ideas: nil).sheet.nextChoices == nil)
        #expect(try Self.assemble(ideas: ["A picnic by the quiet pond", "More owls in the snow tonight"]).sheet.nextChoices == nil)
    }

    @Test("a sheet carried into the next chapter leaves the choices behind")
    func notCarried() throws {
        let sheet = try Self.assemble(ideas: ["A picnic by the quiet pond", "A lost mitten"]).sheet
        #expect(sheet.nextChoices?.count == 2 && sheet.forNextChapter.nextChoices == nil)
        let stored = try JSONDecoder().decode(CharacterSheet.self, from: try JSONEncoder().encode(sheet))
        #expect(stored == sheet, "kept with the story's sheet")
    }
}
