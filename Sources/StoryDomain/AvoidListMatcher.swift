/// Finds avoid-list words and phrases in text as whole words, case-insensitively, also in their
/// simple English plural and possessive forms on either side: "spider" finds "spiders" and
/// "spider's", "spiders" finds "spider", "pony" finds "ponies", "box" finds "boxes".
/// "spidery" is a different word and is not found.
public struct AvoidListMatcher: Sendable {
    /// Lower-cased entries, each split into words (entries shorter than 3 characters are ignored).
    private let entries: [(entry: String, words: [Set<String>])]

    public init(_ avoidList: [String]) {
        entries = avoidList.compactMap { raw in
            let entry = raw.lowercased()
            let words = Self.words(in: entry)
            guard words.joined(separator: " ").count > 2 else { return nil }
            return (entry, words.map(Self.forms))
        }
    }

    /// True when no entry can match (an empty list, or only entries under three letters).
    public var isEmpty: Bool { entries.isEmpty }

    /// The first entry found in any of the texts, as it is on the list (lower-cased).
    public func firstMatch(in texts: [String]) -> String? {
        guard !entries.isEmpty else { return nil }
        let haystacks = texts.map { Self.words(in: $0).map(Self.forms) }
        for (entry, needle) in entries {
            if haystacks.contains(where: { Self.contains($0, needle) }) { return entry }
        }
        return nil
    }

    /// Whether `needle` occurs as consecutive words of `text`, each pair sharing a form.
    private static func contains(_ text: [Set<String>], _ needle: [Set<String>]) -> Bool {
        guard !needle.isEmpty, text.count >= needle.count else { return false }
        for start in 0...(text.count - needle.count)
        where needle.indices.allSatisfy({ !text[start + $0].isDisjoint(with: needle[$0]) }) {
            return true
        }
        return false
    }

    /// Lower-cased words: runs of letters and digits, apostrophes inside a word kept
    /// (`spider's`, `don't`), typographic apostrophes read as straight ones.
    static func words(in text: String) -> [String] {
        var words: [String] = []
        var current = ""
        func flush() {
            let word = String(current.drop(while: { $0 == "'" }).reversed().drop(while: { $0 == "'" }).reversed())
            if !word.isEmpty { words.append(word) }
            current = ""
        }
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if character == "'" || character == "’" || character == "ʼ" {
                current.append("'")
            } else {
                flush()
            }
        }
        flush()
        return words
    }

    /// The word and the singular forms it may stand for: possessive `'s` and a trailing `'`
    /// folded; for words longer than 3 letters, `-ies` → `-y`, `-es` after s, x, z, ch or sh
    /// dropped, and a trailing `s` dropped (but not from `-ss`, `-us`, `-is`).
    static func forms(_ word: String) -> Set<String> {
        var base = word
        if base.hasSuffix("'s") { base.removeLast(2) }
        base = String(base.reversed().drop(while: { $0 == "'" }).reversed())
        var forms: Set<String> = [word, base]
        guard base.count > 3, !base.contains("'") else { return forms }
        if base.hasSuffix("ies") { forms.insert(String(base.dropLast(3)) + "y") }
        if base.hasSuffix("es"), ["s", "x", "z", "ch", "sh"].contains(where: { base.dropLast(2).hasSuffix($0) }) {
            forms.insert(String(base.dropLast(2)))
        }
        if base.hasSuffix("s"), !["ss", "us", "is"].contains(where: { base.hasSuffix($0) }) {
            forms.insert(String(base.dropLast()))
        }
        return forms
    }
}
