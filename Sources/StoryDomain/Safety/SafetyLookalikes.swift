/// Characters that stand in for Latin letters: look-alike letters of other scripts, and digits and
/// symbols written for letters. Used by ``SafetyNormalizer`` for matching only.
enum SafetyLookalikes {
    /// Capitals read by their shape before lower-casing (Cyrillic "Н" looks like "H", not "n").
    static let capitals: [Unicode.Scalar: String] = table([
        // Cyrillic
        "А": "a", "В": "b", "Е": "e", "К": "k", "М": "m", "Н": "h", "О": "o", "Р": "p", "С": "c", "Т": "t",
        "Х": "x", "У": "y", "І": "i", "Ј": "j", "Ѕ": "s", "Ү": "y", "Ԁ": "d", "Ԛ": "q", "Ԝ": "w", "Ӏ": "l",
        "Ь": "b", "З": "3",
        // Greek
        "Α": "a", "Β": "b", "Ε": "e", "Ζ": "z", "Η": "h", "Ι": "i", "Κ": "k", "Μ": "m", "Ν": "n", "Ο": "o",
        "Ρ": "p", "Τ": "t", "Υ": "y", "Χ": "x",
    ])

    /// Lower-case letters read as Latin, and Latin letters without a decomposition folded.
    static let letters: [Unicode.Scalar: String] = table([
        // Cyrillic
        "а": "a", "в": "b", "е": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t",
        "х": "x", "у": "y", "і": "i", "ј": "j", "ѕ": "s", "ү": "y", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ӏ": "l",
        "һ": "h", "ь": "b", "г": "r", "п": "n", "ԍ": "g", "ɡ": "g",
        // Greek
        "α": "a", "β": "b", "γ": "y", "δ": "d", "ε": "e", "η": "n", "ι": "i", "κ": "k", "μ": "u", "ν": "v",
        "ο": "o", "ρ": "p", "ς": "s", "τ": "t", "υ": "u", "χ": "x", "ω": "w",
        // Latin letters with a stroke or ligatures (no canonical decomposition)
        "ß": "ss", "ł": "l", "đ": "d", "ð": "d", "ø": "o", "æ": "ae", "œ": "oe", "ı": "i", "ȷ": "j", "þ": "th",
        "ħ": "h", "ŧ": "t", "ƀ": "b", "ɨ": "i", "ɑ": "a", "ɩ": "i", "ĸ": "k", "ɒ": "a", "ɛ": "e", "ɔ": "o",
        // Small capitals
        "ᴀ": "a", "ʙ": "b", "ᴄ": "c", "ᴅ": "d", "ᴇ": "e", "ꜰ": "f", "ɢ": "g", "ʜ": "h", "ɪ": "i", "ᴊ": "j",
        "ᴋ": "k", "ʟ": "l", "ᴍ": "m", "ɴ": "n", "ᴏ": "o", "ᴘ": "p", "ʀ": "r", "ꜱ": "s", "ᴛ": "t", "ᴜ": "u",
        "ᴠ": "v", "ᴡ": "w", "ʏ": "y", "ᴢ": "z",
    ])

    /// Typographic apostrophes read as the straight one.
    static let apostrophes: [Unicode.Scalar: Unicode.Scalar] = ["’": "'", "‘": "'", "ʼ": "'", "`": "'", "′": "'"]

    /// Regional-indicator, negative circled and squared letters ("🇰", "🅚", "🅺") read as Latin.
    static func enclosedLetter(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        let starts: [UInt32] = [0x1F1E6, 0x1F150, 0x1F170, 0x1F130]
        for start in starts where (start..<start + 26).contains(scalar.value) {
            return Unicode.Scalar(UInt8(97 + scalar.value - start))
        }
        return nil
    }

    /// Digits and symbols read as one letter, and those read as "i" or "l".
    private static let oneLetter: [Character: Character] = [
        "0": "o", "2": "z", "3": "e", "4": "a", "5": "s", "6": "g", "7": "t", "8": "b", "9": "g",
        "@": "a", "$": "s", "+": "t", "€": "e",
    ]
    private static let iOrL: Set<Character> = ["1", "!", "|", "¡"]

    /// Symbols kept inside words because they stand for letters ("$ex", "k!ll", "@ss").
    static func isLetterLikeSymbol(_ character: Character) -> Bool {
        !character.isNumber && (oneLetter[character] != nil || iOrL.contains(character))
    }

    /// Digits and symbols that stand for letters.
    static func isLetterLike(_ character: Character) -> Bool {
        oneLetter[character] != nil || iOrL.contains(character)
    }

    /// The word with digits and symbols read as letters; "1", "!" and "|" as "i" and as "l"
    /// (every mix for up to three of them, else all "i" and all "l").
    static func readAsLetters(_ word: String) -> [String] {
        let ambiguous = word.filter { iOrL.contains($0) }.count
        let mixes: [[Character]]
        if ambiguous <= 3 {
            mixes = (0..<(1 << ambiguous)).map { bits in (0..<ambiguous).map { bits & (1 << $0) == 0 ? "i" : "l" } }
        } else {
            mixes = [Array(repeating: "i", count: ambiguous), Array(repeating: "l", count: ambiguous)]
        }
        return mixes.map { mix in
            var next = mix.makeIterator()
            return String(word.map { character -> Character in
                if let letter = oneLetter[character] { return letter }
                if iOrL.contains(character) { return next.next() ?? "i" }
                return character
            })
        }
    }

    private static func table<Value>(_ pairs: [Character: Value]) -> [Unicode.Scalar: Value] {
        var result: [Unicode.Scalar: Value] = [:]
        for (character, value) in pairs {
            if let scalar = character.unicodeScalars.first { result[scalar] = value }
        }
        return result
    }
}
