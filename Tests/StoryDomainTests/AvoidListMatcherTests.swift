import StoryDomain
import Testing

@Suite("Avoid-list matching: whole words, plurals and possessives")
struct AvoidListMatcherTests {
    @Test("a singular entry finds plural and possessive forms; a plural entry finds the singular",
          arguments: [
              ("spider", "Two spiders waved.", true),
              ("spider", "The spider's web shone.", true),
              ("spider", "The spiders’ webs shone.", true),
              ("spiders", "A spider waved.", true),
              ("spiders", "The spider's web shone.", true),
              ("pony", "The ponies slept.", true),
              ("ponies", "A pony slept.", true),
              ("box", "Three boxes stood there.", true),
              ("boxes", "One box stood there.", true),
              ("wish", "She made two wishes.", true),
              ("church", "The churches rang.", true),
              ("horse", "The horses trotted home.", true),
              ("thunder", "THUNDER rolled far away.", true),
              ("dark forest", "Into the dark, forest…", true),
              ("dark forest", "Past the dark forests they went.", true),
              ("spider", "Spidery webs sparkle.", false),
              ("spider", "Spiderman waved.", false),
              ("kiss", "A kiss goodnight.", true),
              ("bus", "The buses were late.", true),
              ("cat", "The catalogue was thick.", false),
              ("glass", "The glasses sparkled.", true),
          ])
    func forms(entry: String, text: String, found: Bool) {
        #expect((AvoidListMatcher([entry]).firstMatch(in: [text]) == entry) == found)
    }

    @Test("the README's own example: avoid \"spiders, thunder\" keeps out a spider")
    func readmeExample() throws {
        var settings = FamilySettings()
        settings = try SettingsChange(avoid: "spiders, thunder").apply(to: settings)
        var limits = StoryLimits()
        limits.avoidList = settings.avoidList
        #expect(throws: StoryRequestError.avoidedTopic("spiders")) {
            try StoryRequestValidator(limits: limits).validate(StoryRequestDraft(theme: "a friendly spider"), seed: 1)
        }
        #expect(throws: StoryRequestError.avoidedTopic("thunder")) {
            try StoryRequestValidator(limits: limits).validate(StoryRequestDraft(theme: "thunderstorms and thunder's rumble"), seed: 1)
        }
        #expect(throws: Never.self) {
            try StoryRequestValidator(limits: limits).validate(StoryRequestDraft(theme: "a thunderstorm"), seed: 1)
        }
    }

    @Test("short words are only matched exactly, and entries under three letters are ignored")
    func shortWords() {
        #expect(AvoidListMatcher(["bee"]).firstMatch(in: ["Busy bees buzz."]) == "bee", "bees has four letters")
        #expect(AvoidListMatcher(["is"]).firstMatch(in: ["This is it."]) == nil)
        #expect(AvoidListMatcher(["war"]).firstMatch(in: ["A warm bed."]) == nil)
        #expect(AvoidListMatcher([]).isEmpty)
    }
}
