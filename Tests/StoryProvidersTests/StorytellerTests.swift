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

    @Test("each story happens where the theme says, and its place and key creature or thing are on most pages",
          arguments: [UInt64(7), 1_234])
    func placeAndKeyOnMostPages(seed: UInt64) async throws {
        for (entry, story) in try await stories(seed: seed) {
            #expect(story.sheet.setting == entry.setting, "\(entry.theme): \(story.sheet.setting)")
            let places = Support.placeWords[entry.setting] ?? []
            let middle = story.pages.dropLast()
            let withPlace = middle.filter { page in places.contains { Support.mentions(page.text, $0) } }.count
            #expect(withPlace == middle.count, "\(entry.theme): place on \(withPlace) of \(middle.count) pages\n\(story.pages.map(\.text).joined(separator: "\n"))")
            var keys = entry.keys
            if entry.companionIsKey, let name = story.sheet.companion?.name { keys.append(name) }
            let withKey = story.pages.filter { page in keys.contains { Support.mentions(page.text, $0) } }.count
            #expect(withKey * 2 > story.pages.count, "\(entry.theme): key on \(withKey) of \(story.pages.count) pages\n\(story.pages.map(\.text).joined(separator: "\n"))")
        }
    }

    @Test("no story holds its theme as text, and no sentence repeats inside a story")
    func noEchoNoRepeats() async throws {
        for seed: UInt64 in [7, 99] {
            for (entry, story) in try await stories(seed: seed) {
                let text = ([story.title] + story.pages.map(\.text)).joined(separator: " ").lowercased()
                #expect(!text.contains(entry.theme.lowercased()), "\(entry.theme)")
                #expect(!text.contains("story about"), "\(entry.theme): the theme is not announced")
                let sentences = Support.sentences(of: story)
                #expect(Set(sentences).count == sentences.count, "\(entry.theme): \(sentences)")
            }
        }
    }

    @Test("two seeds for the same request share under 30 % of their sentences")
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
            #expect(share < 0.3, "\(entry.theme): \(Int(share * 100)) % shared")
        }
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
        #expect(toddler < 2.5)
        #expect(early > toddler + 1)
        #expect(older > early + 1.5)
        #expect(older >= 4.5 && older <= 10)
        #expect((sentenceLength[.toddler] ?? 99) <= 7)
    }

    @Test("stories for the youngest have sounds and repetition")
    func soundsForToddlers() async throws {
        for (index, entry) in Support.entries.enumerated() where index % 5 == 0 {
            let story = try await writer.write(Support.request(entry, index: index, age: 3))
            let text = story.pages.map(\.text).joined(separator: " ")
            let repeated = text.range(of: #"(?i)\b(\w+), \1\b"#, options: .regularExpression) != nil
            #expect(repeated, "\(entry.theme): no sound like “blub, blub”: \(text)")
        }
    }

    @Test("under the sea stays underwater and the moon has a rocket, craters and Earth until the way home")
    func placeHolds() async throws {
        for seed: UInt64 in 1...12 {
            let sea = try await writer.write(StoryRequest(theme: "a lost penguin under the sea", heroName: "Leo", age: 6, pageCount: 5, seed: seed))
            for page in sea.pages.dropLast() {
                #expect(!["bath", "snow", "pyjamas"].contains { Support.mentions(page.text, $0) }, "\(page.text)")
                #expect(page.scene.place == nil)
            }
            #expect(sea.pages.last?.scene.place == .home)
            let moon = try await writer.write(StoryRequest(theme: "a trip to the moon", heroName: "Ava", age: 10, pageCount: 5, seed: seed))
            #expect(moon.sheet.setting == .space)
            let text = moon.pages.map(\.text).joined(separator: " ")
            #expect(Support.mentions(text, "rocket"))
            #expect(moon.pages.dropLast().allSatisfy { $0.scene.props.contains("rocket") })
            #expect(!Support.mentions(text, "bath"))
        }
    }

    @Test("a theme's grown-up joins as a grown-up, and a named one is never a child")
    func grownUps() async throws {
        let grandma = try await writer.write(StoryRequest(theme: "a day at the farm with my granny", heroName: "Sam", age: 5, pageCount: 5, seed: 3))
        #expect(grandma.sheet.companion?.kind == .grownUp)
        #expect(grandma.sheet.companion?.name == "Grandma")
        #expect(grandma.sheet.companion?.looks.contains("glasses") == true)
        let given = try await writer.write(StoryRequest(theme: "a picnic", heroName: "Sam", age: 5, companion: "Grandpa", pageCount: 5, seed: 3))
        #expect(given.sheet.companion?.kind == .grownUp)
        let withDog = try await writer.write(StoryRequest(theme: "Grandma and her dog at the beach", heroName: "Sam", age: 5, pageCount: 5, seed: 3))
        #expect(withDog.sheet.companion?.kind == .dog)
        #expect(withDog.pages.contains { $0.scene.others.contains(.grownUp) }, "Grandma is drawn too")
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
