import Foundation

/// Reads text the way the bedtime screen matches it, so that hiding a word does not hide it from
/// the screen: case is folded; accents, combining marks ("zalgo") and invisible characters
/// (zero-width, bidi, format and tag characters) are removed; look-alike letters from other scripts
/// (Cyrillic "а", Greek "ο", small capitals, enclosed and full-width letters) are read as Latin.
///
/// ``analyse(_:)`` then splits the folded text into words and gives each the forms it may stand
/// for: the word as written, with digits and symbols used as letters ("k1ll", "$ex", "g0re"), and
/// with stretched letters shortened ("kiiill"). Numbers alone stay numbers ("5 little ducks"), so
/// gentle text keeps its meaning. Words hidden by spacing or punctuation ("k i l l", "k.i.l.l",
/// "k-i-l-l", "k_i_l_l", "ki ll") are rebuilt as extra candidates.
///
/// Used for matching only: the text shown to families is cleaned by ``TextSanitizer``.
public struct SafetyNormalizer: Sendable {
    public init() {}

    /// The text folded for matching: lower-case Latin letters where the text used letters,
    /// digits and symbols as they were, every kind of white space as a plain space.
    public func fold(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCompatibilityMapping.unicodeScalars {
            Self.appendFolded(scalar, to: &out)
        }
        return String(out)
    }

    /// The words of a text, each with the forms it may stand for.
    func analyse(_ text: String) -> SafetyText {
        let pieces = Self.pieces(of: fold(text))
        let words = pieces.map { SafetyText.Word(raw: $0.token, forms: Self.forms(of: $0.token)) }
        return SafetyText(words: words, hidden: Self.hiddenWords(pieces))
    }

    // MARK: Folding one character

    private static func appendFolded(_ scalar: Unicode.Scalar, to out: inout String.UnicodeScalarView) {
        let properties = scalar.properties
        if properties.isWhitespace {
            out.append(" ")
            return
        }
        if isDropped(scalar) { return }
        if let latin = SafetyLookalikes.capitals[scalar] {
            out.append(contentsOf: latin.unicodeScalars)
            return
        }
        for lower in properties.lowercaseMapping.unicodeScalars where !isDropped(lower) {
            if let latin = SafetyLookalikes.letters[lower] {
                out.append(contentsOf: latin.unicodeScalars)
            } else if let latin = SafetyLookalikes.enclosedLetter(lower) {
                out.append(latin)
            } else if lower.properties.numericType == .decimal, !lower.isASCII, let value = lower.properties.numericValue {
                out.append(Unicode.Scalar(UInt8(48 + Int(value) % 10))) // other scripts' digits read as 0–9
            } else if let apostrophe = SafetyLookalikes.apostrophes[lower] {
                out.append(apostrophe)
            } else {
                out.append(lower)
            }
        }
    }

    /// Marks, invisible and format characters: removed without leaving a gap, so a zero-width
    /// space inside a word does not split it.
    private static func isDropped(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isDefaultIgnorableCodePoint { return true }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format, .control, .unassigned, .privateUse, .surrogate:
            return true
        default:
            return false
        }
    }

    // MARK: Words

    /// A word as folded, and whether white space came before it (else punctuation did, or nothing).
    struct Piece: Equatable {
        var token: String
        var spaceBefore: Bool
        var punctuationBefore: Bool
    }

    /// Letters, digits and letter-like symbols are word characters; apostrophes too, inside a word.
    static func pieces(of folded: String) -> [Piece] {
        var pieces: [Piece] = []
        var current = ""
        var sawSpace = false
        var sawPunctuation = false
        func flush() {
            let token = String(current.drop(while: { $0 == "'" }).reversed().drop(while: { $0 == "'" }).reversed())
            if !token.isEmpty {
                pieces.append(Piece(token: token, spaceBefore: sawSpace, punctuationBefore: sawPunctuation))
                sawSpace = false
                sawPunctuation = false
            }
            current = ""
        }
        for character in folded {
            if character.isLetter || character.isNumber || SafetyLookalikes.isLetterLikeSymbol(character) {
                current.append(character)
            } else if character == "'" {
                current.append(character)
            } else {
                flush()
                if character == " " { sawSpace = true } else { sawPunctuation = true }
            }
        }
        flush()
        return pieces
    }

    /// The forms a word may stand for, as a list without repeats.
    static func forms(of token: String) -> [String] {
        var bases = [token.filter { $0 != "'" }]
        if token.hasSuffix("'s") { bases.append(String(token.dropLast(2)).filter { $0 != "'" }) }
        // Elided articles and prepositions: l'assassin, d'horreur, dell'orrore.
        if let apostrophe = token.firstIndex(of: "'"), token.distance(from: token.startIndex, to: apostrophe) <= 6 {
            let rest = token[token.index(after: apostrophe)...].filter { $0 != "'" }
            if rest.count > 1 { bases.append(rest) }
        }
        var forms: [String] = []
        func add(_ form: String) {
            if !form.isEmpty, !forms.contains(form) { forms.append(form) }
        }
        for base in bases {
            add(String(base.filter { !SafetyLookalikes.isLetterLikeSymbol($0) }))
            // Digits and symbols read as letters only inside a word that has letters: "k1ll", not "5".
            if base.contains(where: \.isLetter), base.contains(where: SafetyLookalikes.isLetterLike) {
                SafetyLookalikes.readAsLetters(base).forEach(add)
            }
        }
        for form in forms where hasStretch(form) { shortenedStretches(form).forEach(add) }
        return forms
    }

    /// Whether a letter repeats three times or more in a row ("kiiill").
    private static func hasStretch(_ word: String) -> Bool {
        var run = 0
        var previous: Character?
        for character in word {
            run = character == previous ? run + 1 : 1
            if run >= 3 { return true }
            previous = character
        }
        return false
    }

    /// Each run of three or more of a letter shortened to one and to two ("kiiilll" → "kil", "kill", "kiil", "kiill").
    private static func shortenedStretches(_ word: String) -> [String] {
        var runs: [(character: Character, count: Int)] = []
        for character in word {
            if let last = runs.last, last.character == character {
                runs[runs.count - 1].count += 1
            } else {
                runs.append((character, 1))
            }
        }
        var results = [""]
        var stretched = 0
        for run in runs {
            if run.count >= 3, stretched < 4 {
                stretched += 1
                results = results.flatMap { [$0 + String(run.character), $0 + String(repeating: run.character, count: 2)] }
            } else {
                results = results.map { $0 + String(repeating: run.character, count: run.count) }
            }
        }
        return results
    }

    /// Words hidden by spacing or punctuation, rebuilt: runs of three or more single characters
    /// ("k i l l", "k. i. l. l."), words joined by punctuation with no space ("k.i.l.l", "ki-ll",
    /// "k_i_l_l"), and two short pieces split by a space ("ki ll") unless either is a common word.
    static func hiddenWords(_ pieces: [Piece]) -> [SafetyText.Hidden] {
        var hidden: [SafetyText.Hidden] = []
        func add(_ range: Range<Int>, spelled: Bool) {
            let joined = pieces[range].map(\.token).joined()
            hidden.append(SafetyText.Hidden(word: SafetyText.Word(raw: joined, forms: forms(of: joined)), spelled: spelled))
        }
        // Runs of single characters, whatever separates them.
        var start = 0
        while start < pieces.count {
            var end = start
            while end < pieces.count, pieces[end].token.count == 1 { end += 1 }
            if end - start >= 3 { add(start..<end, spelled: true) }
            start = max(end, start + 1)
        }
        // Pieces joined by punctuation only.
        start = 0
        while start < pieces.count {
            var end = start + 1
            while end < pieces.count, pieces[end].punctuationBefore, !pieces[end].spaceBefore { end += 1 }
            if end - start >= 2 {
                add(start..<end, spelled: pieces[start..<end].allSatisfy { $0.token.count == 1 })
            }
            start = end
        }
        // Two short pieces split by a space.
        for index in pieces.indices.dropFirst() where pieces[index].spaceBefore && !pieces[index].punctuationBefore {
            let first = pieces[index - 1].token
            let second = pieces[index].token
            guard first.count <= 3, second.count <= 3, first.count + second.count >= 4,
                  first.contains(where: \.isLetter), second.contains(where: \.isLetter),
                  !SafetyLanguageHints.isCommonShortWord(first), !SafetyLanguageHints.isCommonShortWord(second)
            else { continue }
            add((index - 1)..<(index + 1), spelled: false)
        }
        return hidden
    }
}

/// A text as the bedtime screen reads it.
struct SafetyText: Sendable {
    struct Word: Sendable, Equatable {
        /// The word as folded (look-alikes read, marks removed).
        var raw: String
        /// What it may stand for, the word as written first.
        var forms: [String]
    }

    /// A word rebuilt from pieces; `spelled` when every piece was a single character.
    struct Hidden: Sendable, Equatable {
        var word: Word
        var spelled: Bool
    }

    /// The words in reading order.
    var words: [Word]
    var hidden: [Hidden]
}
