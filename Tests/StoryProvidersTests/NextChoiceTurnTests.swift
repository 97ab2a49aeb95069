import StoryDomain
import Testing
@testable import StoryProviders

/// The built-in choices of "What happens next?" name the plot turn their chapter takes: the
/// built-in writer must tell each choice's theme in that very plot shape, for every seed.
@Suite("What happens next: each built-in choice is told in the plot turn it promises")
struct NextChoiceTurnTests {
    @Test("the writer's plot shape for each built-in choice is its turn", arguments: NextChoiceMaker.builtIn.map(\.theme))
    func turnIsTheWritersShape(_ theme: String) throws {
        let turn = try #require(NextChoiceMaker.builtIn.first { $0.theme == theme }?.turn)
        for seed in UInt64(0)..<8 {
            let request = StoryRequest(theme: theme, heroName: "Mia", age: 5, companion: "a dragon", pageCount: 5, seed: seed)
            let shape = OfflineStoryWriter().plan(request).shape
            #expect(shape.rawValue == turn.rawValue, "“\(theme)”, seed \(seed): told as \(shape), offered as \(turn)")
        }
    }
}
