import Foundation
import StoryDomain

/// Reads plain words typed in the chat for a request the bot can answer ("please tell Mia a
/// story about a dragon", "another story!", "read it again"), in English, French, Spanish or
/// German. Ordinary chat ("good night grandma", "I read a story about owls today") is no request:
/// a request starts like one ("tell", "can we have", "I want") or says please.
///
/// Pure and cautious: what it finds (a theme, a hero's name) is the family's own words, to be
/// validated and screened like `/story new`'s options; it never decides what is safe.
public struct PlainRequestReader: Sendable {
    /// Longer messages are conversation, not requests.
    public static let maxLength = 240

    private let vocabularies: [PlainWordsVocabulary]

    public init() { vocabularies = PlainWordsVocabulary.all }

    /// The request in `text`, or nil for ordinary chat. `knownNames` are names the family uses
    /// (its cast): typed in lower case they still count as a hero's name.
    public func read(_ text: String, knownNames: Set<String> = []) -> PlainRequest? {
        guard text.count <= Self.maxLength, !CommandParser.isCommand(text) else { return nil }
        let words = Self.words(in: text)
        guard !words.isEmpty else { return nil }
        let names = Set(knownNames.map(Self.key))
        for vocabulary in vocabularies {
            var reading = Reading(words: words, vocabulary: vocabulary, knownNames: names)
            if let request = reading.request() { return request }
        }
        return nil
    }

    /// One word as typed (punctuation around it trimmed) and as compared.
    struct Word {
        var text: String
        var key: String
    }

    static let edgePunctuation = CharacterSet(charactersIn: ".,!?;:\"“”„«»()[]{}¡¿…*_~")

    static func words(in text: String) -> [Word] {
        text.split(whereSeparator: \.isWhitespace).compactMap { raw in
            let trimmed = raw.replacingOccurrences(of: "’", with: "'").trimmingCharacters(in: edgePunctuation)
            return trimmed.isEmpty ? nil : Word(text: trimmed, key: key(trimmed))
        }
    }

    static func key(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).replacingOccurrences(of: "’", with: "'")
    }
}

/// One message read with one language's words.
private struct Reading {
    typealias Word = PlainRequestReader.Word

    var words: [Word]
    let vocabulary: PlainWordsVocabulary
    let knownNames: Set<String>
    private var polite = false

    init(words: [Word], vocabulary: PlainWordsVocabulary, knownNames: Set<String>) {
        self.vocabulary = vocabulary
        self.knownNames = knownNames
        self.words = words
    }

    mutating func request() -> PlainRequest? {
        dropCourtesy()
        while let first = words.first, vocabulary.interjections.contains(first.key) { words.removeFirst() }
        while let phrase = vocabulary.interjections.first(where: { startsWith($0) }) { words.removeFirst(phrase.split(separator: " ").count) }
        guard !words.isEmpty, polite || vocabulary.openers.contains(where: { startsWith($0) }),
              !words.contains(where: { vocabulary.negations.contains($0.key) }) else { return nil }

        let story = firstIndex(of: vocabulary.storyWords)
        if let story, let theme = theme(after: story) {
            return .newStory(theme: theme, hero: hero(), language: vocabulary.language)
        }
        if contains(vocabulary.aloud) { return .listen }
        if contains(vocabulary.again) { return .readAgain }
        if contains(vocabulary.another) { return .another }
        if contains(vocabulary.library) { return .library }
        if story != nil { return .newStory(theme: nil, hero: hero(), language: vocabulary.language) }
        return nil
    }

    /// Drops kind words wherever they are; a sentence that had one is a request.
    private mutating func dropCourtesy() {
        for phrase in vocabulary.courtesy {
            while let range = range(of: phrase) {
                words.removeSubrange(range)
                polite = true
            }
        }
    }

    /// The words after the story word's theme word ("about"), up to the hero's "for Leo" or
    /// the end; nil when there are none.
    private func theme(after story: Int) -> String? {
        let rest = Array(words[story...])
        for themeWord in vocabulary.themeWords {
            guard let found = Self.range(of: themeWord, in: rest.map(\.key)) else { continue }
            var theme = Array(rest[found.upperBound...])
            if let cut = theme.indices.first(where: { isHeroWord(at: $0, in: theme) }) { theme = Array(theme[..<cut]) }
            while let tail = vocabulary.themeTails.first(where: { Self.hasSuffix($0, theme.map(\.key)) }) {
                theme.removeLast(tail.split(separator: " ").count)
            }
            guard !theme.isEmpty else { return nil }
            return theme.map(\.text).joined(separator: " ")
        }
        return nil
    }

    /// The hero's name: after "for"/"to" ("a story for Leo"), or right after the opening verb
    /// ("tell Mia a story"). A name starts with a capital letter, or is one the family uses.
    private func hero() -> String? {
        for index in words.indices where isHeroWord(at: index, in: words) {
            return words[index + 1].text
        }
        if let first = words.first, vocabulary.tellVerbs.contains(first.key), words.count > 1, isName(words[1]) {
            return words[1].text
        }
        return nil
    }

    private func isHeroWord(at index: Int, in words: [Word]) -> Bool {
        vocabulary.heroWords.contains(words[index].key) && index + 1 < words.count && isName(words[index + 1])
    }

    private func isName(_ word: Word) -> Bool {
        guard !vocabulary.notNames.contains(word.key), word.text.count <= CharacterNameRule.maxLength,
              word.text.allSatisfy({ $0.isLetter || $0 == "-" || $0 == "'" }) else { return false }
        return word.text.first?.isUppercase == true || knownNames.contains(word.key)
    }

    private func startsWith(_ phrase: String) -> Bool {
        let parts = phrase.split(separator: " ").map(String.init)
        return !parts.isEmpty && words.count >= parts.count && words.prefix(parts.count).map(\.key) == parts
    }

    private func contains(_ phrases: [String]) -> Bool {
        phrases.contains { range(of: $0) != nil }
    }

    private func firstIndex(of phrases: [String]) -> Int? {
        phrases.compactMap { range(of: $0)?.lowerBound }.min()
    }

    private func range(of phrase: String) -> Range<Int>? {
        Self.range(of: phrase, in: words.map(\.key))
    }

    /// Where the phrase's words first are, in order, among `keys`.
    static func range(of phrase: String, in keys: [String]) -> Range<Int>? {
        let parts = phrase.split(separator: " ").map(String.init)
        guard !parts.isEmpty, keys.count >= parts.count else { return nil }
        for index in 0...(keys.count - parts.count) where Array(keys[index..<(index + parts.count)]) == parts {
            return index..<(index + parts.count)
        }
        return nil
    }

    static func hasSuffix(_ phrase: String, _ keys: [String]) -> Bool {
        let parts = phrase.split(separator: " ").map(String.init)
        return !parts.isEmpty && keys.count >= parts.count && Array(keys.suffix(parts.count)) == parts
    }
}
