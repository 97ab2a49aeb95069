/// How a child's age shapes a story: vocabulary, sentence length and words per page.
public enum AgeBand: String, Sendable, Codable, CaseIterable {
    /// Ages 2–4: very short sentences, familiar words, gentle repetition.
    case toddler
    /// Ages 5–7: short sentences, a few new words, simple cause and effect.
    case early
    /// Ages 8–12: longer sentences, richer vocabulary, a little inner life.
    case older

    public init(age: Int) {
        switch age {
        case ..<5: self = .toddler
        case 5...7: self = .early
        default: self = .older
        }
    }

    /// Words a page should hold, inclusive.
    public var wordsPerPage: ClosedRange<Int> {
        switch self {
        case .toddler: 12...45
        case .early: 30...90
        case .older: 60...160
        }
    }

    /// The longest sentence, in words, that suits the band.
    public var maxWordsPerSentence: Int {
        switch self {
        case .toddler: 12
        case .early: 18
        case .older: 28
        }
    }
}
