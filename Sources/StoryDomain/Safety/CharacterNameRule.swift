/// Hero and companion names are names, not instructions. A name has letters of any script
/// ("Zoë", "美咲", "Анна", "محمد"), spaces, hyphens and apostrophes ("Jean-Luc", "O'Brien"), and
/// a dot right after a letter for titles ("Mr. Whiskers", "Dr. Hoot"); at most 40 characters.
/// Digits, emoji and other punctuation (";", ":", quotes, brackets) are refused, and so are words
/// that only instructions to a model use ("ignore", "instructions", "prompt"), in every story language.
/// Names are screened by ``BedtimeScreen`` like every other text too.
public struct CharacterNameRule: Sendable {
    /// The longest name, in characters.
    public static let maxLength = 40

    private static let joiners: Set<Character> = ["-", "\u{2010}", "'", "’", "ʼ", "·", "・"]
    private static let instructionWords: Set<String> = [
        "ignore", "ignores", "ignoring", "ignored", "disregard", "disregarding", "instruction", "instructions", "prompt",
        "prompts", "jailbreak", "override", "systemprompt",
        "ignoriere", "ignorieren", "anweisung", "anweisungen", "ignora", "ignorar", "ignoren", "instrucciones", "instruccion",
        "ignorez", "ignorer", "consignes", "ignorate", "istruzioni", "istruzione", "instrucoes", "instrucao", "negeer",
        "instructies", "zignoruj", "instrukcje", "instrukcji", "polecenia",
    ]

    public init() {}

    /// Whether a cleaned name is a plain name of at most ``maxLength`` characters.
    public func isValid(_ name: String) -> Bool {
        name.count <= Self.maxLength && isPlainName(name)
    }

    /// Whether a cleaned text is made like a name (whatever its length).
    public func isPlainName(_ name: String) -> Bool {
        guard name.contains(where: \.isLetter) else { return false }
        var previous: Character?
        for character in name {
            if character.isLetter || character == " " || Self.joiners.contains(character) {
                previous = character
                continue
            }
            guard character == ".", previous?.isLetter == true else { return false }
            previous = character
        }
        let words = SafetyNormalizer().analyse(name)
        let forms = words.words.flatMap(\.forms) + words.hidden.flatMap(\.word.forms)
        return !forms.contains(where: Self.instructionWords.contains)
    }
}
