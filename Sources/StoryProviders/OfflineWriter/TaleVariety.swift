import Foundation

/// Says the theme's noun less often on a page, as a reader aloud would: the first mention whole
/// ("the tortoise race"), later ones short ("the race"), and "it"/"them" where the noun was just
/// said and stands as an object ("Mia smiled at it"). Only the writer's own phrases are changed.
struct TaleVariety: Sendable {
    /// A noun phrase of the theme, its short form and its object pronoun.
    struct Noun: Sendable, Equatable {
        var full: String
        var short: String
        var pronoun: String
    }

    let nouns: [Noun]
    /// Other words of the theme (its subject's word, verb, fear, wish, the one helped): "it" is said only in a sentence
    /// that keeps one of them, so the sentence still belongs to its theme.
    let themeWords: [String]

    /// The nouns of a tale's slot values: its object (`{theObj}`, `{objIt}`) and its contest
    /// (`{contest}`); the theme's other words from the subject, place and verb slots.
    init(values: [String: String]) {
        var nouns: [Noun] = []
        if let full = values["theObj"], full.hasPrefix("the "), !full.contains(" of ") {
            // Only "it": "them" beside a named child reads as a singular "they".
            nouns.append(Noun(full: full, short: Self.short(full), pronoun: values["objIt"] == "it" ? "it" : Self.short(full)))
        }
        // The contest keeps its own name ("the tortoise race"): "the race" would be every race theme's sentence.
        if let full = values["contest"], full.hasPrefix("the "), !nouns.contains(where: { $0.full == full }) {
            nouns.append(Noun(full: full, short: full, pronoun: "it"))
        }
        var words: [String] = []
        if let subject = values["D"], subject.hasPrefix("the ") { words.append(subject) }
        for key in ["verb", "verbing", "verbed", "fear", "wishing", "needy"] {
            if let word = values[key], !word.isEmpty, !Self.generalVerbs.contains(word) { words.append(word) }
        }
        self.init(nouns: nouns, themeWords: words)
    }

    init(nouns: [Noun], themeWords: [String] = []) {
        self.nouns = nouns.sorted { $0.full.count > $1.full.count }
        self.themeWords = themeWords
    }

    /// "the tortoise race" → "the race"; "the teapot" stays.
    static func short(_ full: String) -> String {
        let words = full.split(separator: " ")
        return words.count > 2 ? "the \(words.last!)" : full
    }

    /// Verb forms of the general shapes: they name no theme.
    private static let generalVerbs: Set<String> = ["make", "making", "made", "try", "trying", "tried", "find", "finding", "found",
                                                    "help", "helping", "helped", "go", "going", "went", "learn", "learning", "learned"]

    /// Words after which the noun is an object that "it" may stand for.
    private static let beforeObject: Set<String> = [
        "at", "to", "with", "on", "about", "of", "into", "for", "from", "over", "around", "beside", "near", "admired",
        "remembered", "held", "hugged", "patting", "patted", "loved", "watched", "fetched", "finished", "found",
    ]
    /// Words that may follow such an object ("looked at it and grinned").
    private static let afterObject: Set<String> = [
        "and", "together", "again", "once", "side", "with", "at", "in", "on", "to", "too", "all", "between", "safely",
        "carefully", "slowly", "for", "just", "so", "very", "before", "after", "close", "first", "now", "but",
    ]

    /// The page with the theme's noun said whole once, then shorter.
    func varied(_ page: String) -> String {
        guard !nouns.isEmpty else { return page }
        // Every mention of any of the nouns, in order, without overlaps (the longest phrase wins).
        var mentions: [(range: Range<String.Index>, noun: Noun)] = []
        for noun in nouns {
            var searchStart = page.startIndex
            while let found = page.range(of: noun.full, options: [.caseInsensitive], range: searchStart..<page.endIndex) {
                searchStart = found.upperBound
                guard Self.isWord(page, found), !mentions.contains(where: { $0.range.overlaps(found) }) else { continue }
                mentions.append((found, noun))
            }
        }
        guard mentions.count > 1 else { return page }
        mentions.sort { $0.range.lowerBound < $1.range.lowerBound }
        var result = ""
        var cursor = page.startIndex
        var previousEnd: String.Index?
        for (number, mention) in mentions.enumerated() {
            result += page[cursor..<mention.range.lowerBound]
            let said = String(page[mention.range])
            var told = said
            if number > 0 {
                let before = Self.wordBefore(page, mention.range.lowerBound)
                let after = page[mention.range.upperBound...]
                let close = previousEnd.map { page.distance(from: $0, to: mention.range.lowerBound) < 140 } ?? false
                let endsObject = after.first.map { ".,!?;:\"”".contains($0) } ?? true
                    || Self.afterObject.contains(Self.wordAfter(after))
                if close, endsObject, Self.beforeObject.contains(before), !after.hasPrefix("'"),
                   keepsTheme(Self.sentence(around: mention.range, in: page, without: true)) {
                    told = mention.noun.pronoun
                } else if mention.noun.short != mention.noun.full {
                    told = said.first == "T" ? "The " + mention.noun.short.dropFirst(4) : mention.noun.short
                }
            }
            result += told
            cursor = mention.range.upperBound
            previousEnd = mention.range.upperBound
        }
        result += page[cursor...]
        return result
    }

    /// Whether the sentence names a theme word besides the noun.
    private func keepsTheme(_ sentence: Substring) -> Bool {
        themeWords.contains { sentence.range(of: $0, options: .caseInsensitive) != nil }
    }

    /// The sentence of the page that holds `range` (from the last . ! ? before it to the next),
    /// `without` the mention itself.
    private static func sentence(around range: Range<String.Index>, in text: String, without: Bool) -> Substring {
        let ends: Set<Character> = [".", "!", "?"]
        let start = text[..<range.lowerBound].lastIndex(where: ends.contains).map { text.index(after: $0) } ?? text.startIndex
        let end = text[range.upperBound...].firstIndex(where: ends.contains) ?? text.endIndex
        guard without else { return text[start..<end] }
        return Substring(text[start..<range.lowerBound] + " " + text[range.upperBound..<end])
    }

    /// Whether the match is whole words (not "the teapots" for "the teapot").
    private static func isWord(_ text: String, _ range: Range<String.Index>) -> Bool {
        let beforeOK = range.lowerBound == text.startIndex || !text[text.index(before: range.lowerBound)].isLetter
        let afterOK = range.upperBound == text.endIndex || !text[range.upperBound].isLetter
        return beforeOK && afterOK
    }

    private static func wordBefore(_ text: String, _ index: String.Index) -> String {
        let head = text[..<index].trimmingCharacters(in: .whitespaces)
        return String(head.split(separator: " ").last ?? "").lowercased()
    }

    private static func wordAfter(_ rest: Substring) -> String {
        String(rest.split(separator: " ").first ?? "").lowercased().trimmingCharacters(in: .punctuationCharacters)
    }
}
