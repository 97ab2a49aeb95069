import Foundation

/// The languages a story may be written in. The built-in writer writes English; model
/// providers write any of these.
public enum StoryLanguage: String, Sendable, Codable, CaseIterable {
    case english = "en"
    case spanish = "es"
    case french = "fr"
    case german = "de"
    case italian = "it"
    case portuguese = "pt"
    case dutch = "nl"
    case polish = "pl"

    /// The language's own name, as shown to families.
    public var displayName: String {
        switch self {
        case .english: "English"
        case .spanish: "Español"
        case .french: "Français"
        case .german: "Deutsch"
        case .italian: "Italiano"
        case .portuguese: "Português"
        case .dutch: "Nederlands"
        case .polish: "Polski"
        }
    }

    /// Accepts a code (`en`) or a name in English or the language itself (`Spanish`, `Español`).
    public init?(userInput: String) {
        let key = userInput.trimmingCharacters(in: .whitespaces).lowercased()
        if let match = StoryLanguage(rawValue: key) { self = match; return }
        let englishNames: [String: StoryLanguage] = [
            "english": .english, "spanish": .spanish, "french": .french, "german": .german,
            "italian": .italian, "portuguese": .portuguese, "dutch": .dutch, "polish": .polish,
        ]
        if let match = englishNames[key] ?? StoryLanguage.allCases.first(where: { $0.displayName.lowercased() == key }) {
            self = match
        } else {
            return nil
        }
    }
}
