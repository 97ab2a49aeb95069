import Foundation

/// How a story refers to a character, as the family set it ("he", "she", "they"). Nil on a design
/// means "not set": the built-in writer then repeats the name rather than guessing.
public enum Pronouns: String, Sendable, Codable, CaseIterable, Hashable {
    case he, she, they

    /// "he" / "she" / "they".
    public var subject: String { rawValue }
    /// "him" / "her" / "them".
    public var object: String {
        switch self {
        case .he: "him"
        case .she: "her"
        case .they: "them"
        }
    }
    /// "his" / "her" / "their".
    public var possessive: String {
        switch self {
        case .he: "his"
        case .she: "her"
        case .they: "their"
        }
    }
    /// "himself" / "herself" / "themself".
    public var reflexive: String {
        switch self {
        case .he: "himself"
        case .she: "herself"
        case .they: "themself"
        }
    }
    /// True when the verb after the subject pronoun takes its plural form ("they were").
    public var takesPluralVerb: Bool { self == .they }

    /// Reads "he", "she", "they" and the common "he/him", "she/her", "they/them" forms; nil otherwise.
    public init?(reading text: String) {
        let word = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let first = word.split(whereSeparator: { $0 == "/" || $0 == " " }).first.map(String.init) ?? word
        guard let value = Pronouns(rawValue: first) else { return nil }
        self = value
    }
}
