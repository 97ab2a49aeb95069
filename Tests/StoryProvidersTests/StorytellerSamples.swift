import Foundation
import StoryDomain
import StoryProviders
import Testing

/// Prints stories for reading aloud (set STORYTELLER_SAMPLES=1); only that each sample is a
/// whole story (a title, pages, every page told) is checked here.
@Suite("Built-in storyteller: samples")
struct StorytellerSamples {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["STORYTELLER_SAMPLES"] != nil))
    func print() async throws {
        let env = ProcessInfo.processInfo.environment
        let themes = (env["SAMPLE_THEME"] ?? "a lost penguin under the sea").split(separator: ";").map(String.init)
        let ages = (env["SAMPLE_AGE"] ?? "6").split(separator: ",").compactMap { Int($0) }
        let pages = Int(env["SAMPLE_PAGES"] ?? "5") ?? 5
        let seed = UInt64(env["SAMPLE_SEED"] ?? "7") ?? 7
        let hero = env["SAMPLE_HERO"] ?? "Mia"
        for theme in themes {
            for age in ages {
                let story = try await OfflineStoryWriter().write(StoryRequest(theme: theme, heroName: hero, age: age,
                                                                              companion: env["SAMPLE_COMPANION"], pageCount: pages, seed: seed))
                #expect(!story.pages.isEmpty && !story.title.isEmpty, "\(theme), age \(age)")
                #expect(story.pages.allSatisfy { !$0.text.isEmpty }, "\(theme), age \(age): every page told")
                var out = "# \(story.title)  (theme: \(theme); age \(age); seed \(seed))\n"
                for (index, page) in story.pages.enumerated() {
                    let scene = page.scene
                    out += "\n[\(index + 1)] (\(page.text.split(separator: " ").count) words) \(page.text)\n"
                    out += "    scene: \(scene.timeOfDay) \(scene.action) place=\(scene.place.map(\.rawValue) ?? "-") indoors=\(scene.indoors) weather=\(scene.weather.map(\.rawValue) ?? "-") props=\(scene.props)\n"
                }
                Swift.print(out)
            }
        }
    }
}
