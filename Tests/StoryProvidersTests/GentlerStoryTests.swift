import StoryDomain
import Testing
@testable import StoryProviders

/// 🌙 Gentler (a grown-up's answer to a story held for approval), from every writer.
@Suite("Gentler stories: the built-in writer's calm shapes, the model's instruction")
struct GentlerStoryTests {
    static func request(_ theme: String, gentle: Bool) -> StoryRequest {
        var request = StoryRequest(theme: theme, heroName: "Mia", age: 5, pageCount: 5, seed: 7)
        request.gentle = gentle ? true : nil
        return request
    }

    @Test("the built-in writer tells no fear met, race or journey when asked gentler, and still writes the story",
          arguments: ["a brave owl who is afraid of the dark", "a race between two snails", "a trip to the moon"])
    func builtIn(_ theme: String) async throws {
        let writer = OfflineStoryWriter()
        let calm: Set<PlotShape> = [.helping, .making, .wishGranted]
        #expect(calm.contains(writer.plan(Self.request(theme, gentle: true)).shape))
        let story = try await writer.write(Self.request(theme, gentle: true))
        #expect(story.pages.count == 5)
    }

    @Test("a model writer is told to keep it extra calm, in the instructions, not in the family's data")
    func model() {
        let gentle = Self.request("a race between two snails", gentle: true)
        let prompt = StoryPrompt(request: gentle, sheet: CharacterSheetDesigner().design(for: gentle))
        #expect(prompt.user.contains("gentler: extra calm"))
        let plain = Self.request("a race between two snails", gentle: false)
        #expect(!StoryPrompt(request: plain, sheet: CharacterSheetDesigner().design(for: plain)).user.contains("gentler"))
    }
}
