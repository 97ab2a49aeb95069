import Foundation

/// Small helpers for counting, capitalising and joining the writer's English text.
enum TextTools {
    /// Words as a reader counts them: runs of non-space characters.
    static func wordCount(_ text: String) -> Int {
        text.split(whereSeparator: { $0.isWhitespace }).count
    }

    /// "a" or "an" for a following word (good enough for the writer's and the lexicon's vocabulary:
    /// "a unicorn", "a one-eyed…", "an hour").
    static func article(for word: String) -> String {
        let lowered = word.lowercased()
        guard let first = lowered.first else { return "a" }
        if ["uni", "use", "usu", "eu", "one"].contains(where: lowered.hasPrefix) { return "a" }
        if ["hour", "honest", "honour"].contains(where: lowered.hasPrefix) { return "an" }
        return "aeiou".contains(first) ? "an" : "a"
    }

    /// "a ring of mushrooms" / "an owl".
    static func withArticle(_ noun: String) -> String { "\(article(for: noun)) \(noun)" }

    /// Upper-cases the first letter, leaving the rest alone ("the dragon" → "The dragon").
    static func capitalisingFirst(_ text: String) -> String {
        guard let index = text.firstIndex(where: { $0.isLetter }) else { return text }
        // Only when the sentence actually starts with that letter or an opening quote.
        let prefix = text[text.startIndex..<index]
        guard prefix.allSatisfy({ $0 == "\"" || $0 == "“" }) else { return text }
        return text.replacingCharacters(in: index...index, with: String(text[index]).uppercased())
    }

    /// Collapses runs of spaces and trims.
    static func tidy(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    private static let smallWords: Set<String> = ["a", "an", "the", "of", "and", "in", "on", "to", "at", "with", "who", "for", "by"]

    /// "the moon who lost her glasses" → "The Moon Who Lost Her Glasses" (small words stay small).
    static func titleCased(_ text: String) -> String {
        let words = text.split(separator: " ").map(String.init)
        return words.enumerated().map { index, word in
            if index > 0, smallWords.contains(word.lowercased()), word == word.lowercased() { return word }
            return capitalisingFirst(word)
        }.joined(separator: " ")
    }
}
