import StoryDomain
import Testing

@Suite("GeneratedStoryChecker")
struct GeneratedStoryCheckerTests {
    let request = StoryRequest(theme: "owls", heroName: "Mia", age: 5, pageCount: 2, seed: 1)
    let sheet = CharacterSheet(
        hero: CharacterDesign(name: "Mia", kind: .child, bodyColor: RGB(1, 2, 3), accentColor: RGB(4, 5, 6), detailColor: RGB(7, 8, 9),
                              looks: "a child", trait: "kind"),
        companion: nil, setting: .meadow, settingDescription: "a meadow", palette: Palette(sky: RGB(0, 0, 0), ground: RGB(0, 0, 0), accent: RGB(0, 0, 0)))

    func story(_ texts: [String], title: String = "Owl Night") -> WrittenStory {
        WrittenStory(title: title, sheet: sheet, pages: texts.map {
            WrittenPage(text: $0, scene: PageScene(timeOfDay: .night, action: .sleeping), imagePrompt: "p")
        })
    }

    @Test("text is cleaned and an empty title replaced")
    func cleans() throws {
        let checked = try GeneratedStoryChecker().check(story(["Hello\u{200B} there.", "Good\n\n\nnight."], title: "\u{202E}"), for: request)
        #expect(checked.pages.map(\.text) == ["Hello there.", "Good\n\nnight."])
        #expect(checked.title == "A Story for Mia")
    }

    @Test("wrong page counts, empty and over-long pages are caught")
    func shapeProblems() {
        let checker = GeneratedStoryChecker()
        #expect(throws: GeneratedStoryChecker.Problem.wrongPageCount(expected: 2, got: 1)) { try checker.check(story(["a"]), for: request) }
        #expect(throws: GeneratedStoryChecker.Problem.emptyPage(2)) { try checker.check(story(["a", "\u{200B} "]), for: request) }
        #expect(throws: GeneratedStoryChecker.Problem.pageTooLong(1)) {
            try checker.check(story([String(repeating: "word ", count: 400), "b"]), for: request)
        }
    }

    @Test("avoid-list words and phrases are found as whole words, in any case")
    func avoidList() {
        let checker = GeneratedStoryChecker(avoidList: ["spider", "dark forest"])
        #expect(throws: GeneratedStoryChecker.Problem.avoidedWord("spider")) { try checker.check(story(["A SPIDER!", "b"]), for: request) }
        #expect(throws: GeneratedStoryChecker.Problem.avoidedWord("dark forest")) {
            try checker.check(story(["Into the dark, forest…", "b"]), for: request)
        }
        #expect(throws: Never.self) { try checker.check(story(["Spidery webs sparkle.", "b"]), for: request) }
        #expect(!GeneratedStoryChecker.Problem.avoidedWord("x").isTransient)
        #expect(GeneratedStoryChecker.Problem.emptyPage(1).isTransient)
    }
}

@Suite("Identifiers and retry policy")
struct IdentifierTests {
    @Test("story ids are short, URL-safe and parse back")
    func storyIDs() {
        var generator = SeededGenerator(seed: 3)
        let id = StoryID.random(using: &generator)
        #expect(id.rawValue.count == 13)
        #expect(StoryID(rawValue: id.rawValue) == id)
        #expect(StoryID(rawValue: "Bad ID") == nil)
        #expect(StoryID(rawValue: "") == nil)
    }

    @Test("the seeded generator repeats exactly for a seed and differs by salt")
    func seededGenerator() {
        var a = SeededGenerator(seed: 9), b = SeededGenerator(seed: 9)
        #expect((0..<5).map { _ in a.next() } == (0..<5).map { _ in b.next() })
        var c = SeededGenerator(seed: 9, salt: "page-1"), d = SeededGenerator(seed: 9, salt: "page-2")
        #expect(c.next() != d.next())
    }

    @Test("backoff doubles up to its cap")
    func backoff() {
        let policy = RetryPolicy(maxAttempts: 5, baseDelay: 5, maxDelay: 30)
        #expect((1...5).map(policy.delay(afterAttempt:)) == [5, 10, 20, 30, 30])
    }

    @Test("age bands follow the child's age")
    func ageBands() {
        #expect(AgeBand(age: 2) == .toddler && AgeBand(age: 4) == .toddler)
        #expect(AgeBand(age: 5) == .early && AgeBand(age: 7) == .early)
        #expect(AgeBand(age: 8) == .older && AgeBand(age: 12) == .older)
    }

    @Test("a delivery address never prints its secret")
    func deliveryRedacts() {
        let address = DeliveryAddress(platform: "discord", channelID: "1", messageID: "@original", secret: "s3cr3t-token")
        #expect(!address.description.contains("s3cr3t"))
        #expect(!"\(address)".contains("s3cr3t"))
    }
}
