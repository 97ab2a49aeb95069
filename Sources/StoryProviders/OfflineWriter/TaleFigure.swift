import StoryDomain

/// One character of a tale as sentences refer to it: by name (or "the knight"), and by the
/// pronouns the family set (``CharacterDesign/pronouns``). Without pronouns the name is said again
/// ("Mia's boots"), never a guessed "they"; the subject pronoun is never used, so every verb agrees.
struct TaleFigure: Sendable, Equatable {
    /// "Mia", "Dozy", "the knight".
    var name: String
    /// What it is ("dragon", "knight"), when a sentence may say so; nil for a child hero.
    var word: String?
    /// Describing words of the theme ("sleepy").
    var describers: [String] = []
    var pronouns: Pronouns?
    /// How the illustrator draws it, when it can.
    var kind: CreatureKind?

    /// "his", "her", "their" (as set) or "Mia's".
    var possessive: String { pronouns?.possessive ?? Self.possessive(of: name) }
    /// "him", "her", "them" (as set) or the name again.
    var object: String { pronouns?.object ?? name }

    /// "Mia's", "the knight's", "Iris'" is not used: "Iris's" reads aloud as it is said.
    static func possessive(of name: String) -> String { "\(name)'s" }

    /// The sentence slots for this figure under `key` ("D" → `{D}`, `{DPos}`, `{DObj}`, `{DWord}`,
    /// `{DPhrase}`: "Dozy the sleepy dragon").
    func slots(_ key: String) -> [String: String] {
        var values = [key: name, "\(key)Pos": possessive, "\(key)Obj": object]
        // Its own ("scratched his head"), only with pronouns: "Mia scratched Mia's head" is never said.
        if let pronouns { values["\(key)Own"] = pronouns.possessive }
        if let word {
            values["\(key)Word"] = word
            let described = (describers + [word]).joined(separator: " ")
            values["\(key)Phrase"] = name.hasPrefix("the ") ? name : "\(name) the \(described)"
        }
        return values
    }
}
