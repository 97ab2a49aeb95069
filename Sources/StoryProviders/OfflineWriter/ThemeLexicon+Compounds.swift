/// Made-up or compound words that end in a thing the lexicon knows ("moonberries", "snowboots",
/// "glitterball"): the reader takes the known thing ("berries"), never the family's word. Only
/// things that commonly close a compound count, and the rest of the word must be at least three
/// letters ("string" is no ring).
extension ThemeLexicon {
    /// Things that close compounds, as lexicon object words.
    static let compoundHeads: [String] = [
        "berry", "cake", "bread", "ball", "boat", "flower", "book", "shell", "cloud", "bell", "star", "leaf",
        "seed", "cookie", "muffin", "drum", "boot", "lantern", "pebble", "feather", "apple", "pie", "kite",
        "balloon", "castle", "rocket", "crown", "wand", "button", "basket", "blanket", "pillow", "teapot", "teacup",
    ]

    /// The lexicon key of the thing `token` ends in ("moonberries" → "berries"), or nil.
    static func compoundHead(of token: String) -> String? {
        guard token.count >= 6, index[token] == nil else { return nil }
        for head in compoundHeads {
            for form in [head] + pluralForms(of: head) where token.hasSuffix(form) && token.count - form.count >= 3 {
                if index[form]?.contains(where: { $0.objectWord != nil }) == true { return form }
            }
        }
        return nil
    }

    /// Things an unknown doing picks rather than makes ("zorbles the moonberries": picks the berries).
    static let pickedThings: Set<String> = ["berry", "cherry", "apple", "mango", "strawberry", "banana", "acorn", "flower",
                                            "daisy", "rose", "tulip", "sunflower", "carrot", "pumpkin"]
}
