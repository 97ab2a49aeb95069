@testable import StoryProviders
import StoryDomain
import Testing

/// Lines that read wrong aloud, fixed: a hero alone is never a "they" that reads as a crowd, and
/// "an octopus birthday party" is the octopus's own party, not another creature's.
@Suite("Built-in storyteller: rough lines")
struct StorytellerRoughLinesTests {
    let writer = OfflineStoryWriter()

    static func sentences(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        for character in text {
            current.append(character)
            if ".!?".contains(character) {
                result.append(current.trimmingPrefix(while: { $0 == " " || $0 == "\"" }).description)
                current = ""
            }
        }
        return result
    }

    @Test("a hero with nobody beside them never opens a sentence with \"They\"")
    func soloHeroIsNamed() async throws {
        for theme in ["a trip to the moon", "an adventure in the jungle", "a journey to the mountains", "a boat trip to an island"] {
            for seed: UInt64 in 1...12 {
                let request = StoryRequest(theme: theme, heroName: "Ava", age: [3, 6, 10][Int(seed) % 3], pageCount: 5, seed: seed)
                let story = try await writer.write(request)
                guard story.sheet.companion == nil else { continue }
                for (index, page) in story.pages.enumerated() {
                    for sentence in Self.sentences(page.text) {
                        #expect(!sentence.hasPrefix("They "), "\(theme), seed \(seed), page \(index + 1): \(sentence)")
                    }
                }
            }
        }
    }

    @Test("the renderer names a lone hero instead of \"They\", and drops the crowd words")
    func aloneRewrites() {
        #expect(TemplateRenderer.alone("They went beside the rocket.", hero: "Ava") == "Ava went beside the rocket.")
        #expect(TemplateRenderer.alone("They all laughed together on the moon.", hero: "Ava") == "Ava laughed on the moon.")
        #expect(TemplateRenderer.alone("The crab waved.", hero: "Ava") == "The crab waved.")
        let renderer = TemplateRenderer(values: ["hero": "Ava"], soloHero: "Ava")
        #expect(renderer.render("They sat together for a long time.") == "Ava sat for a long time.")
        #expect(TemplateRenderer(values: ["hero": "Ava"]).render("They sat together.") == "They sat together.")
    }

    @Test("an octopus birthday party is the octopus companion's party, and no other creature's")
    func companionParty() async throws {
        for seed: UInt64 in 1...15 {
            let request = StoryRequest(theme: "an octopus birthday party", heroName: "Mia", age: [3, 6, 10][Int(seed) % 3],
                                       pageCount: 5, seed: seed)
            let story = try await writer.write(request)
            let friend = try #require(story.sheet.companion, "seed \(seed)")
            #expect(friend.kind == .octopus)
            #expect(writer.plan(request).variation == "surprise", "seed \(seed)")
            let text = story.pages.map(\.text).joined(separator: " ")
            for page in story.pages {
                // The octopus is drawn once, as the companion: no second octopus or other guest of honour.
                #expect(!page.scene.others.contains(.octopus), "seed \(seed)")
            }
            for sentence in Self.sentences(text) where sentence.contains("'s party") {
                #expect(sentence.contains("\(friend.name)'s party"), "seed \(seed): \(sentence)")
            }
        }
    }
}
