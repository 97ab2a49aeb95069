/// Small English helpers for the tale's nouns: articles for count, mass and plural nouns, and the
/// PROP VOCABULARY the illustrator draws (CONTRACTS.md): a word outside it is never put in props.
enum TaleWords {
    /// Nouns said without "a" ("some bread", never "a bread").
    static let massNouns: Set<String> = [
        "bread", "soup", "honey", "snow", "paint", "music", "tea", "lemonade", "porridge", "jam", "sand", "water",
        "toast", "pasta", "pizza dough", "dough", "ice cream", "chalk", "treasure", "hay", "milk", "juice", "rice",
        "spaghetti", "popcorn", "fruit", "salad", "cheese",
    ]

    /// Whether the noun is a plural ("cookies", "seeds"), not a singular ending in s ("glass", "bus").
    static func isPlural(_ noun: String) -> Bool {
        guard let last = noun.split(separator: " ").last else { return false }
        let word = String(last)
        if noun.hasPrefix("pair of ") { return false }
        guard word.hasSuffix("s"), !word.hasSuffix("ss"), !word.hasSuffix("us") else { return false }
        return !["compass", "octopus", "bus", "glasses"].contains(word)
    }

    /// "a kite", "an apple", "some bread", "some cookies".
    static func indefinite(_ noun: String) -> String {
        massNouns.contains(noun) || isPlural(noun) ? "some \(noun)" : TextTools.withArticle(noun)
    }

    /// "the kite", "the bread".
    static func definite(_ noun: String) -> String { "the \(noun)" }

    /// "was" or "were" after the noun.
    static func be(_ noun: String) -> String { isPlural(noun) ? "were" : "was" }

    /// "it" or "them" for the noun.
    static func pronoun(_ noun: String) -> String { isPlural(noun) ? "them" : "it" }

    /// The words the illustrator draws (the prop vocabulary, kept by the theme lexicon).
    static var props: Set<String> { ThemeLexicon.propVocabulary }

    /// Lexicon words that are drawn as a prop of another name ("cookie" → "cookies").
    static let propAliases: [String: String] = [
        "cookie": "cookies", "seed": "seeds", "candle": "candles", "flag": "flags", "boot": "boots",
        "cupcake": "cake", "teddy bear": "teddy", "ship": "boat", "gift": "present", "glasses": "pair of glasses",
        "sledge": "sled", "stars": "star", "sunflower": "flower", "rose": "flower", "tulip": "flower", "daisy": "flower",
        "medal": "trophy", "treasure chest": "box", "sandcastle": "bucket", "cup": "teacup", "snowball": "snowman",
    ]

    /// The prop word for a lexicon word, or nil when the illustrator has no drawing of it.
    static func prop(_ word: String) -> String? {
        if props.contains(word) { return word }
        return propAliases[word]
    }
}
