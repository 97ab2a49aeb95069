import Foundation

/// What a family typed for `pronouns:`: he, she or they, or "use the name" (which clears any set
/// before). Stories then say "she" for a hero set to `she`, and repeat the name when none is set.
public enum PronounChoice: Sendable, Hashable {
    case pronouns(Pronouns)
    /// No pronouns: stories repeat the name.
    case name

    /// The words that mean "no pronouns, use the name".
    public static let nameWords: Set<String> = ["name", "use the name", "the name", "by name", "use name", "none", "default"]

    /// The pronouns chosen; nil for ``name``.
    public var pronouns: Pronouns? {
        if case let .pronouns(value) = self { return value }
        return nil
    }

    /// Reads "he", "She", "they/them", "he/him" or one of ``nameWords`` (any case); nil otherwise.
    public init?(reading text: String) {
        let word = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if Self.nameWords.contains(word.split(separator: " ").joined(separator: " ")) {
            self = .name
        } else if let value = Pronouns(reading: word) {
            self = .pronouns(value)
        } else {
            return nil
        }
    }
}
