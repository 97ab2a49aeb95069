import Foundation

/// Turns a ``StoryRequestDraft`` into a ``StoryRequest``: cleans every text field, applies
/// the length, age, page and language limits, and fills defaults. Names must be plain names
/// (``CharacterNameRule``), and the theme, names and companion pass the ``BedtimeScreen`` before
/// the family's own avoid-list: a refusal here happens before anything is stored or any model
/// is called, so it uses none of the day's stories.
public struct StoryRequestValidator: Sendable {
    public var limits: StoryLimits
    private let sanitizer = TextSanitizer()
    private let screen = BedtimeScreen()
    private let nameRule = CharacterNameRule()

    public init(limits: StoryLimits = StoryLimits()) { self.limits = limits }

    public func validate(_ draft: StoryRequestDraft, seed: UInt64) throws(StoryRequestError) -> StoryRequest {
        guard let rawTheme = draft.theme, !rawTheme.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw .missingTheme
        }
        let theme = try text(rawTheme, field: "theme", limit: limits.maxThemeLength)
        var heroName = limits.defaultHeroName
        if let raw = draft.heroName, !isBlank(raw) {
            heroName = try name(raw, field: "name", limit: limits.maxNameLength)
        }
        var companion: String?
        if let raw = draft.companion, !isBlank(raw) {
            companion = try name(raw, field: "companion", limit: limits.maxCompanionLength)
        }
        let age = try number(draft.age, field: "age") ?? limits.defaultAge
        guard limits.ages.contains(age) else { throw .ageOutOfRange(age, allowed: limits.ages) }

        let pages = try number(draft.pages, field: "pages") ?? min(limits.defaultPages, limits.maxPages)
        guard limits.pages.contains(pages) else { throw .pagesOutOfRange(pages, allowed: limits.pages) }
        guard pages <= limits.maxPages else {
            if let premium = limits.premiumMaxPages, premium > limits.maxPages {
                throw .pagesNeedPremium(requested: pages, allowed: limits.maxPages, premium: premium)
            }
            throw .pagesAbovePlan(requested: pages, allowed: limits.maxPages)
        }

        var language = StoryLanguage.english
        var chosenLanguage: StoryLanguage?
        if let raw = draft.language, !raw.trimmingCharacters(in: .whitespaces).isEmpty {
            guard let parsed = StoryLanguage(userInput: raw) else {
                throw .unknownLanguage(String(sanitizer.cleanLine(raw).prefix(20)))
            }
            language = parsed
            chosenLanguage = parsed
        }
        guard limits.allowedLanguages.contains(language) else { throw .languageNotAllowed(language) }

        // The language the family chose, if any, says how to read the words; else it is guessed.
        if let concern = screen.firstConcern(in: [theme, heroName, companion ?? ""], language: chosenLanguage) {
            throw .unsafeTopic(concern.category)
        }

        let checker = GeneratedStoryChecker(avoidList: limits.avoidList)
        if let word = checker.firstAvoidedWord(in: [theme, heroName, companion ?? ""]) { throw .avoidedTopic(word) }
        var request = StoryRequest(theme: theme, heroName: heroName, age: age, companion: companion,
                                   pageCount: pages, language: language, seed: seed, avoid: limits.avoidList,
                                   illustrations: limits.illustrations)
        if limits.audience == .children { request.audience = .children }
        request.heroPronouns = try pronouns(draft.pronouns)
        return request
    }

    private func text(_ raw: String, field: String, limit: Int) throws(StoryRequestError) -> String {
        // Refuse before cleaning when the raw input is absurdly long, so cleaning stays cheap.
        guard raw.unicodeScalars.count <= limit * 8 else { throw .tooLong(field: field, limit: limit) }
        let cleaned = sanitizer.cleanLine(raw)
        guard !cleaned.isEmpty else { throw .emptyAfterCleaning(field: field) }
        guard cleaned.count <= limit else { throw .tooLong(field: field, limit: limit) }
        return cleaned
    }

    /// A cleaned hero or companion name: a plain name (said first: an instruction is not a name,
    /// whatever its length), then within the length limit.
    private func name(_ raw: String, field: String, limit: Int) throws(StoryRequestError) -> String {
        let limit = min(limit, CharacterNameRule.maxLength)
        guard raw.unicodeScalars.count <= limit * 8 else { throw .tooLong(field: field, limit: limit) }
        let cleaned = sanitizer.cleanLine(raw)
        guard !cleaned.isEmpty else { throw .emptyAfterCleaning(field: field) }
        guard nameRule.isPlainName(cleaned) else { throw .invalidName(field: field) }
        guard cleaned.count <= limit else { throw .tooLong(field: field, limit: limit) }
        return cleaned
    }

    /// The hero's pronouns (nil when none were typed, or `name`).
    private func pronouns(_ raw: String?) throws(StoryRequestError) -> Pronouns? {
        let text = sanitizer.cleanLine(raw ?? "")
        guard !text.isEmpty else { return nil }
        guard text.count <= 40, let choice = PronounChoice(reading: text) else { throw .unknownPronouns(String(text.prefix(20))) }
        return choice.pronouns
    }

    private func isBlank(_ raw: String) -> Bool {
        raw.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    private func number(_ raw: String?, field: String) throws(StoryRequestError) -> Int? {
        guard let raw else { return nil }
        let trimmed = raw.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return nil }
        guard trimmed.count <= 6, let value = Int(trimmed) else {
            throw .notANumber(field: field, value: String(sanitizer.cleanLine(trimmed).prefix(12)))
        }
        return value
    }
}
