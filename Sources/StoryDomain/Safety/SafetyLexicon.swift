/// The word lists of every language compiled for matching: each entry becomes a pattern of word
/// slots, indexed by the forms its first word may take.
struct SafetyLexicon: Sendable {
    /// One place in a pattern: a word (any of its forms) or a gap of up to two words.
    enum Slot: Sendable, Equatable {
        case word(Set<String>)
        case gap
    }

    struct Pattern: Sendable {
        var slots: [Slot]
        var category: SafetyCategory?
        var language: StoryLanguage
        var rule: String
        var needsLanguageEvidence: Bool
        var wordCount: Int { slots.filter { $0 != .gap }.count }
    }

    /// The words a match covered, with the form each matched as.
    typealias Match = [(index: Int, form: String)]

    private(set) var patterns: [Pattern] = []
    private var byFirstForm: [String: [Int]] = [:]
    private var allowances: [Pattern] = []
    private var allowanceByFirstForm: [String: [Int]] = [:]
    /// Forms of one-word patterns of four letters or more (for words spelled out letter by letter).
    private var spellableForms: [(form: String, pattern: Int)] = []

    /// The compiled lists of every offered language.
    static let standard = SafetyLexicon(SafetyWordList.all)

    init(_ lists: [SafetyWordList]) {
        for list in lists {
            for category in SafetyCategory.allCases {
                for entry in list.entries[category] ?? [] {
                    add(Self.pattern(entry, category: category, language: list.language), to: &patterns, index: &byFirstForm)
                }
            }
            for entry in list.allowed {
                add(Self.pattern(entry, category: nil, language: list.language), to: &allowances, index: &allowanceByFirstForm)
            }
        }
        // Longer patterns first, so "kill himself" is found before "kill".
        for (key, list) in byFirstForm { byFirstForm[key] = list.sorted { (patterns[$0].wordCount, -$0) > (patterns[$1].wordCount, -$1) } }
        for (index, pattern) in patterns.enumerated() where pattern.slots.count == 1 && !pattern.needsLanguageEvidence {
            if case let .word(forms) = pattern.slots[0] {
                spellableForms += forms.filter { $0.count >= 4 }.map { ($0, index) }
            }
        }
    }

    private func add(_ pattern: Pattern, to list: inout [Pattern], index: inout [String: [Int]]) {
        guard case let .word(first)? = pattern.slots.first else { return }
        list.append(pattern)
        for form in first { index[form, default: []].append(list.count - 1) }
    }

    /// Parses an entry of a ``SafetyWordList``.
    static func pattern(_ entry: String, category: SafetyCategory?, language: StoryLanguage) -> Pattern {
        var text = Substring(entry)
        let needsEvidence = text.hasPrefix("^")
        if needsEvidence { text = text.dropFirst() }
        let slots: [Slot] = text.split(separator: " ").map { part in
            if part == "_" { return .gap }
            return .word(Set(part.split(separator: "|").flatMap(expand).map(fold)))
        }
        return Pattern(slots: slots, category: category, language: language, rule: entry, needsLanguageEvidence: needsEvidence)
    }

    /// `kill[s,ed]` → kill, kills, killed; `mort{e,o}` → morte, morto (the stem alone is not a word).
    private static func expand(_ alternative: Substring) -> [String] {
        guard let open = alternative.firstIndex(where: { $0 == "[" || $0 == "{" }),
              alternative.hasSuffix(alternative[open] == "[" ? "]" : "}")
        else { return [String(alternative)] }
        let base = String(alternative[..<open])
        let endings = alternative[alternative.index(after: open)..<alternative.index(before: alternative.endIndex)]
        let words = endings.split(separator: ",", omittingEmptySubsequences: false).map { base + $0 }
        return alternative[open] == "[" ? [base] + words : words
    }

    private static func fold(_ form: String) -> String {
        SafetyNormalizer().fold(form).filter { $0 != "'" }
    }

    // MARK: Matching

    /// The first unsafe entry found in the text, reading in order; at each word, the longest entry first.
    /// - Parameter context: the languages the text is in (known, or guessed); empty when unknown.
    func firstConcern(in text: SafetyText, context: Set<StoryLanguage>) -> SafetyConcern? {
        let allowed = allowedWords(in: text.words)
        for start in text.words.indices {
            var candidates: [Int] = []
            for form in text.words[start].forms { candidates += byFirstForm[form] ?? [] }
            if candidates.isEmpty { continue }
            candidates.sort { (patterns[$0].wordCount, -$0) > (patterns[$1].wordCount, -$1) }
            for index in candidates {
                let pattern = patterns[index]
                var match: Match = []
                guard Self.match(pattern.slots[...], in: text.words, from: start, into: &match),
                      !match.contains(where: { allowed.contains($0.index) }),
                      applies(pattern, to: match.map(\.form), context: context)
                else { continue }
                return concern(pattern)
            }
        }
        for hidden in text.hidden {
            if let concern = hiddenConcern(hidden, context: context) { return concern }
        }
        return nil
    }

    /// A one-word entry found in a word rebuilt from pieces; inside it too when it was spelled out.
    private func hiddenConcern(_ hidden: SafetyText.Hidden, context: Set<StoryLanguage>) -> SafetyConcern? {
        for form in hidden.word.forms {
            for index in byFirstForm[form] ?? [] where patterns[index].slots.count == 1 {
                if applies(patterns[index], to: [form], context: context) { return concern(patterns[index]) }
            }
        }
        guard hidden.spelled else { return nil }
        for form in hidden.word.forms where form.count >= 4 {
            for (word, index) in spellableForms where form.contains(word) && applies(patterns[index], to: [word], context: context) {
                return concern(patterns[index])
            }
        }
        return nil
    }

    /// Whether a pattern counts for text in these languages. Not when every word it matched is
    /// an everyday word of another of the text's languages (German "die" in German text, or in
    /// text that may be German); else always in its own language; elsewhere only when it does not
    /// need evidence of its language.
    private func applies(_ pattern: Pattern, to forms: [String], context: Set<StoryLanguage>) -> Bool {
        for language in context where language != pattern.language {
            let common = SafetyLanguageHints.commonWords[language] ?? []
            if forms.allSatisfy(common.contains) { return false }
        }
        return context.contains(pattern.language) || !pattern.needsLanguageEvidence
    }

    private func concern(_ pattern: Pattern) -> SafetyConcern {
        SafetyConcern(category: pattern.category ?? .violence, rule: pattern.rule, listLanguage: pattern.language)
    }

    /// Indices of the words covered by a gentle phrase.
    private func allowedWords(in words: [SafetyText.Word]) -> Set<Int> {
        var covered: Set<Int> = []
        for start in words.indices {
            for form in words[start].forms {
                for index in allowanceByFirstForm[form] ?? [] {
                    var match: Match = []
                    if Self.match(allowances[index].slots[...], in: words, from: start, into: &match) {
                        covered.formUnion(match.map(\.index))
                    }
                }
            }
        }
        return covered
    }

    /// Whether the slots match the words from `start`, collecting the words they covered.
    private static func match(_ slots: ArraySlice<Slot>, in words: [SafetyText.Word], from start: Int, into match: inout Match) -> Bool {
        guard let slot = slots.first else { return true }
        switch slot {
        case .gap:
            for skip in 0...2 where start + skip <= words.count {
                if Self.match(slots.dropFirst(), in: words, from: start + skip, into: &match) { return true }
            }
            return false
        case let .word(forms):
            guard start < words.count, let form = words[start].forms.first(where: forms.contains) else { return false }
            match.append((start, form))
            if Self.match(slots.dropFirst(), in: words, from: start + 1, into: &match) { return true }
            match.removeLast()
            return false
        }
    }

    // MARK: Checks of the lists themselves (used by tests)

    /// Entries whose words do not fold to one plain word each, or that begin or end with a gap.
    static func malformedEntries(in lists: [SafetyWordList]) -> [String] {
        var bad: [String] = []
        for list in lists {
            for entry in list.entries.values.joined() + list.allowed {
                let pattern = pattern(entry, category: nil, language: list.language)
                let wellFormed = pattern.slots.first != .gap && pattern.slots.last != .gap && pattern.slots.allSatisfy {
                    guard case let .word(forms) = $0 else { return true }
                    return !forms.isEmpty && forms.allSatisfy { form in !form.isEmpty && form.allSatisfy { $0.isLetter } }
                }
                if !wellFormed { bad.append(entry) }
            }
        }
        return bad
    }

    /// One-word forms of entries without `^` that are everyday words of another language: they
    /// would be skipped in that language's text (fine), but refuse it when the language is unknown.
    static func everydayWordsOfOtherLanguages(in lists: [SafetyWordList]) -> [String] {
        var found: [String] = []
        for list in lists {
            for entry in list.entries.values.joined() {
                let pattern = pattern(entry, category: nil, language: list.language)
                guard !pattern.needsLanguageEvidence, pattern.slots.count == 1, case let .word(forms) = pattern.slots[0] else { continue }
                for (language, words) in SafetyLanguageHints.commonWords where language != list.language {
                    found += forms.intersection(words).map { "\(list.language.rawValue):\($0) (\(language.rawValue))" }
                }
            }
        }
        return found.sorted()
    }
}
