import StoryDomain
import Testing

@Suite("StoryRequestValidator")
struct StoryRequestValidatorTests {
    let validator = StoryRequestValidator()

    @Test("a full request is cleaned and kept")
    func fullRequest() throws {
        let request = try validator.validate(StoryRequestDraft(theme: "  a sleepy   dragon ", heroName: "Mia", age: "5",
                                                               companion: "Ember", pages: "4", language: "English"), seed: 7)
        #expect(request == StoryRequest(theme: "a sleepy dragon", heroName: "Mia", age: 5, companion: "Ember", pageCount: 4,
                                        language: .english, seed: 7))
    }

    @Test("defaults fill what was not given")
    func defaults() throws {
        let request = try validator.validate(StoryRequestDraft(theme: "the moon"), seed: 1)
        #expect(request.heroName == "Pip")
        #expect(request.age == 5)
        #expect(request.pageCount == 5)
        #expect(request.companion == nil)
        #expect(request.language == .english)
    }

    @Test("each limit gives its own clear error", arguments: [
        (StoryRequestDraft(), StoryRequestError.missingTheme),
        (StoryRequestDraft(theme: "   "), .missingTheme),
        (StoryRequestDraft(theme: String(repeating: "a", count: 201)), .tooLong(field: "theme", limit: 200)),
        (StoryRequestDraft(theme: "x", heroName: String(repeating: "b", count: 41)), .tooLong(field: "name", limit: 40)),
        (StoryRequestDraft(theme: "x", age: "1"), .ageOutOfRange(1, allowed: 2...12)),
        (StoryRequestDraft(theme: "x", age: "13"), .ageOutOfRange(13, allowed: 2...12)),
        (StoryRequestDraft(theme: "x", age: "five"), .notANumber(field: "age", value: "five")),
        (StoryRequestDraft(theme: "x", pages: "2"), .pagesOutOfRange(2, allowed: 3...12)),
        (StoryRequestDraft(theme: "x", pages: "9"), .pagesAbovePlan(requested: 9, allowed: 5)),
        (StoryRequestDraft(theme: "x", language: "klingon"), .unknownLanguage("klingon")),
        (StoryRequestDraft(theme: "\u{200B}\u{202E}\u{0007}"), .emptyAfterCleaning(field: "theme")),
    ])
    func limits(draft: StoryRequestDraft, expected: StoryRequestError) {
        #expect(throws: expected) { try validator.validate(draft, seed: 1) }
    }

    @Test("an enormous value is refused before cleaning")
    func enormousValue() {
        let draft = StoryRequestDraft(theme: String(repeating: "🐉", count: 100_000))
        #expect(throws: StoryRequestError.tooLong(field: "theme", limit: 200)) { try validator.validate(draft, seed: 1) }
    }

    @Test("more pages than the free plan allows: the refusal says what premium would allow, when it would help")
    func pagesNeedPremium() {
        var limits = StoryLimits()
        limits.premiumMaxPages = 12
        #expect(throws: StoryRequestError.pagesNeedPremium(requested: 9, allowed: 5, premium: 12)) {
            try StoryRequestValidator(limits: limits).validate(StoryRequestDraft(theme: "x", pages: "9"), seed: 1)
        }
        limits.premiumMaxPages = 5 // the parental controls cap pages at 5 on every plan: premium would not help
        #expect(throws: StoryRequestError.pagesAbovePlan(requested: 9, allowed: 5)) {
            try StoryRequestValidator(limits: limits).validate(StoryRequestDraft(theme: "x", pages: "9"), seed: 1)
        }
    }

    @Test("a language not allowed by the family is refused")
    func languageNotAllowed() {
        var limits = StoryLimits()
        limits.allowedLanguages = [.english]
        #expect(throws: StoryRequestError.languageNotAllowed(.french)) {
            try StoryRequestValidator(limits: limits).validate(StoryRequestDraft(theme: "x", language: "fr"), seed: 1)
        }
    }

    @Test("languages are accepted by code, English name or own name", arguments: ["es", "Spanish", "español", " ES "])
    func languageNames(input: String) {
        #expect(StoryLanguage(userInput: input) == .spanish)
    }
}

@Suite("TextSanitizer")
struct TextSanitizerTests {
    let sanitizer = TextSanitizer()

    @Test("control characters, zero-width and bidi overrides are removed; spaces collapse")
    func removesInvisible() {
        #expect(sanitizer.cleanLine("a\u{0000}b\u{200B}c\u{202E}d\u{2066}e\u{00AD}f") == "abcdef")
        #expect(sanitizer.cleanLine(" \t two\n\nlines  ") == "two lines")
        #expect(sanitizer.cleanLine("tag\u{E0041}\u{E0042}s") == "tags")
        #expect(sanitizer.hasHiddenCharacters("a\u{200B}b"))
        #expect(!sanitizer.hasHiddenCharacters("plain"))
    }

    @Test("letters of every script, emoji and emoji sequences are kept")
    func keepsScriptsAndEmoji() {
        #expect(sanitizer.cleanLine("سارة والقمر") == "سارة والقمر")
        #expect(sanitizer.cleanLine("Léa 🌙🐉") == "Léa 🌙🐉")
        #expect(sanitizer.cleanLine("👨‍👩‍👧 family") == "👨‍👩‍👧 family")
        #expect(sanitizer.cleanLine("日本のドラゴン") == "日本のドラゴン")
    }

    @Test("text is normalised to NFC so equal names compare equal")
    func normalises() {
        #expect(sanitizer.cleanLine("Le\u{0301}a") == "Léa")
    }

    @Test("paragraphs are kept apart, empty lines collapse")
    func paragraphs() {
        #expect(sanitizer.cleanParagraphs("One.\n\n\n\nTwo\u{200B}.\r\nThree.") == "One.\n\nTwo.\n\nThree.")
    }
}
