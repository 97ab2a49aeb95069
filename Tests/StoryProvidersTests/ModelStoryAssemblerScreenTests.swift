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
