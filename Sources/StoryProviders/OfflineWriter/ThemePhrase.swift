/// The family's theme, made safe to weave into sentences. A theme that reads as a noun phrase
/// ("a sleepy dragon") can follow "a story about" or "dreaming of"; anything else ("Mia flies to
/// the moon") is only used after a colon, where a whole clause reads naturally.
struct ThemePhrase: Sendable, Equatable {
    /// The theme as a noun phrase, lower-cased article, no closing punctuation; nil if it is a clause.
    let nounPhrase: String?
    /// The cleaned theme, for "began with a wish: …".
    let clause: String
    /// Number of words, to keep sentences short enough.
    let wordCount: Int

    private static let leadingDeterminers: Set<String> = [
        "a", "an", "the", "some", "my", "our", "his", "her", "their", "your", "one", "two", "three", "little", "big",
    ]
    private static let verbMarkers: Set<String> = [
        "is", "are", "was", "were", "am", "be", "wants", "want", "goes", "go", "went", "has", "have", "had",
        "can", "could", "will", "would", "should", "does", "did", "visit", "visits", "find", "finds", "make",
        "makes", "learn", "learns", "meet", "meets", "fly", "flies", "play", "plays", "gets", "get", "likes", "loves",
    ]

    init(_ raw: String) {
        var text = TextTools.tidy(raw)
        while let last = text.last, ".!?,;:".contains(last) { text.removeLast() }
        text = TextTools.tidy(text)
        let words = text.split(separator: " ").map(String.init)
        if let first = words.first, ["A", "An", "The"].contains(first) {
            text = first.lowercased() + text.dropFirst(first.count)
        }
        clause = text
        wordCount = words.count
        let lowered = words.map { $0.lowercased().filter(\.isLetter) }
        let startsAsPhrase = lowered.first.map { Self.leadingDeterminers.contains($0) || $0.hasSuffix("ing") } ?? false
        let hasVerb = lowered.contains(where: Self.verbMarkers.contains)
        let shortAndPlain = words.count <= 4 && !hasVerb
        nounPhrase = !text.isEmpty && (startsAsPhrase || shortAndPlain) ? text : nil
    }
}
