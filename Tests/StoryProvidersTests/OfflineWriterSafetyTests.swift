import StoryDomain
import StoryProviders
import Testing

@Suite("Offline story writer and the bedtime screen")
struct OfflineWriterSafetyTests {
    /// Gentle themes, some with big things in them (knights, monsters, pirates, ghosts).
    static let themes = [
        "a knight and a friendly dragon", "a monster under the bed who is afraid of the dark", "a pirate treasure hunt",
        "Grandma's garden", "a dinosaur museum", "the brave little firefighter", "a sleepy dragon", "a friendly ghost",
        "a witch who bakes cookies", "the last day of summer", "a trip to the doctor", "a stormy night", "a rocket to the moon",
        "a lost kitten", "bedtime at the farm", "the sea and the whales", "a snowy forest", "a castle in the clouds",
    ]

    @Test("what the built-in writer writes for gentle themes passes the screen, at every age and length")
    func builtInOutputPasses() async throws {
        let writer = OfflineStoryWriter()
        let checker = GeneratedStoryChecker()
        var refused: [String] = []
        var written = 0
        for (index, theme) in Self.themes.enumerated() {
            for seed in UInt64(0)..<12 {
                let request = StoryRequest(theme: theme, heroName: "Mia", age: 2 + Int(seed) % 11,
                                           companion: seed % 3 == 0 ? "Mr. Whiskers" : nil, pageCount: 3 + Int(seed) % 10,
                                           seed: seed &* 7919 &+ UInt64(index))
                let story = try await writer.write(request)
                written += 1
                do {
                    _ = try checker.check(story, for: request)
                } catch {
                    refused.append("\(theme) (seed \(seed)): \(error)")
                }
            }
        }
        print("bedtime screen on the built-in writer: \(written) stories, \(refused.count) refused")
        #expect(refused.isEmpty, "\(refused)")
    }
}
