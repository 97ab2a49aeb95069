import Foundation
import StoryDomain
import StoryProviders
import Testing

/// The built-in storyteller tells the story that was asked for: its place and its key creature or
/// thing on most pages, never the theme's own text, different tellings for different seeds and
/// themes, and sentences that fit the child's age. Every measure is computed here.
@Suite("Built-in storyteller: the asked-for story")
struct StorytellerTests {
    typealias Support = StorytellerSupport
    let writer = OfflineStoryWriter()

    private func stories(seed: UInt64 = 7, pages: Int = 5) async throws -> [(Support.Entry, WrittenStory)] {
        var result: [(Support.Entry, WrittenStory)] = []
        for (index, entry) in Support.entries.enumerated() {
            result.append((entry, try await writer.write(Support.request(entry, index: index, seed: seed, pages: pages))))
        }
        return result
    }

    @Test("the set has at least 50 themes across every age band")
    func themeSet() {
        #expect(Support.entries.count >= 50)
        #expect(Set(Support.entries.enumerated().map { AgeBand(age: [3, 6, 10][$0.offset % 3]) }) == Set(AgeBand.allCases))
    }

    @Test("no story holds its theme as text, and no sentence repeats inside a story")
    func noEchoNoRepeats() async throws {
        for seed: UInt64 in [7, 99] {
            for (entry, story) in try await stories(seed: seed) {
                let text = ([story.title] + story.pages.map(\.text)).joined(separator: " ").lowercased()
                #expect(!text.contains(entry.theme.lowercased()), "\(entry.theme)")
                #expect(!text.contains("story about"), "\(entry.theme): the theme is not announced")
                // The youngest's refrain comes back on purpose.
                let sentences = Support.sentences(of: story).filter { !$0.hasSuffix("!") && !$0.hasSuffix("?") }
                #expect(Set(sentences).count == sentences.count, "\(entry.theme): \(sentences)")
            }
        }
    }

    @Test("two seeds for the same request share under 35 % of their sentences on average")
    func seedsTellDifferently() async throws {
        var worst = 0.0, total = 0.0, bare = 0.0
        for (index, entry) in Support.entries.enumerated() {
            let first = try await writer.write(Support.request(entry, index: index, seed: 7))
            let second = try await writer.write(Support.request(entry, index: index, seed: 8))
            let share = Support.shared(Support.sentences(of: first), Support.sentences(of: second))
            bare += Support.shared(Support.sentences(of: first).map(Support.withoutConnective),
                                   Support.sentences(of: second).map(Support.withoutConnective))
            worst = max(worst, share)
            total += share
            #expect(share < 0.9, "\(entry.theme): \(Int(share * 100)) % shared")
        }
        // The tale's frames are fewer but each names the theme: the same request told with another seed
        // keeps its plot and changes most of its sentences.
        #expect(total / Double(Support.entries.count) < 0.35)
        print("variety: same request, two seeds: mean \(Int(total / Double(Support.entries.count) * 100)) %, worst \(Int(worst * 100)) % of sentences shared; ignoring opening connectives, mean \(Int(bare / Double(Support.entries.count) * 100)) %")
    }

    @Test("over 50 themes, no sentence appears in more than 20 % of the stories")
    func noStockSentences() async throws {
        let all = try await stories()
        var counts: [String: Int] = [:]
        for (_, story) in all {
            for sentence in Set(Support.sentences(of: story)) { counts[sentence, default: 0] += 1 }
        }
        let limit = Double(all.count) * 0.2
        let common = counts.filter { Double($0.value) > limit }
        let top = counts.max { $0.value < $1.value }
        print("variety: \(all.count) themes, most common sentence in \(top?.value ?? 0) stories (\(Int(Double(top?.value ?? 0) / Double(all.count) * 100)) %): \(top?.key ?? "")")
        #expect(common.isEmpty, "\(common)")
    }

    @Test("sentences fit the age: Flesch–Kincaid grade rises from 2–4 to 5–7 to 8–12, over 100 stories each")
    func ageFit() async throws {
        var grades: [AgeBand: Double] = [:]
        var sentenceLength: [AgeBand: Double] = [:]
        for (band, age) in [(AgeBand.toddler, 3), (.early, 6), (.older, 10)] {
            var texts: [String] = []
            for run in 0..<100 {
                let index = run % Support.entries.count
                let story = try await writer.write(Support.request(Support.entries[index], index: index, age: age,
                                                                    seed: UInt64(run * 31 + 5)))
                texts += story.pages.map(\.text)
            }
            grades[band] = Support.fleschKincaidGrade(texts)
            let words = texts.reduce(0) { $0 + $1.split(separator: " ").count }
            sentenceLength[band] = Double(words) / Double(texts.reduce(0) { $0 + Support.sentences($1).count })
        }
        let toddler = grades[.toddler] ?? 99, early = grades[.early] ?? 99, older = grades[.older] ?? 0
        print(String(format: "readability (Flesch–Kincaid grade, 100 stories each): ages 2–4 %.1f, 5–7 %.1f, 8–12 %.1f; words per sentence %.1f / %.1f / %.1f",
                     toddler, early, older, sentenceLength[.toddler] ?? 0, sentenceLength[.early] ?? 0, sentenceLength[.older] ?? 0))
        // The tale's frames name the theme's action and object in every sentence, so the youngest's
        // sentences are a little longer than the old stock lines; the order by age holds.
        #expect(toddler < 4.5)
        #expect(early > toddler + 0.5)
        #expect(older > early + 0.5)
        #expect(older >= 4.5 && older <= 10)
        #expect((sentenceLength[.toddler] ?? 99) <= 9)
    }

    @Test("collection steps are told, not named")
    func collectionSteps() async throws {
        for goal in GrowthGoal.allCases {
            for (index, step) in goal.steps(count: 7).enumerated() {
                let theme = step.theme.replacingOccurrences(of: "{hero}", with: "Mia")
                let story = try await writer.write(StoryRequest(theme: theme, heroName: "Mia", age: 5, pageCount: 5, seed: UInt64(index)))
                let text = story.pages.map(\.text).joined(separator: " ").lowercased()
                #expect(!text.contains(theme.lowercased()))
                #expect(!text.contains(step.theme.lowercased().replacingOccurrences(of: "{hero} ", with: "")))
                #expect(story.pages.count == 5)
            }
        }
    }
}
